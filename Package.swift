// swift-tools-version:6.0
import PackageDescription

// Layers: CLua <- CLuaShim <- LuaRuntime <- TantanLua -> HeadlessUI, TantanScripts (the host's own
// Lua and JavaScript code as .lua and .js files, embedded by C23 #embed); TantanTools (the CLI,
// the scenario runner, reporters, traces, plugin commands) -> TantanLua; tantan-host -> TantanTools
// is a thin executable. TantanTools is no product: what it and the executable use of TantanLua is
// `package`, and only the embedding API (README, "Embedding") is `public`.
//
// Other packages depend on the library products (HeadlessUI, LuaRuntime, TantanLua) by version,
// and SwiftPM refuses unsafe flags in those: no library target has any. The release speed-ups
// (no dynamic exclusivity checks, cross-module optimization) are passed by scripts/build-release
// with -Xswiftc instead. Every platform-specific flag names its platform (the package builds on
// macOS too); Tests/TantanLuaTests/Package/ManifestTests.swift keeps both rules.
let package = Package(
  name: "tantan-host",
  products: [
    .executable(name: "tantan-host", targets: ["tantan-host"]),
    .library(name: "TantanLua", targets: ["TantanLua"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
    .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
  ],
  targets: [
    // `lua5.4.pc` is the name both Debian's liblua5.4-dev and Homebrew's lua@5.4 install (Homebrew's
    // `lua` is 5.5 now; lua@5.4 is keg-only, and SwiftPM looks in $(brew --prefix)/opt/lua@5.4).
    .systemLibrary(
      name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    // The REPL's line editing: libedit's headers (apt libedit-dev; macOS has them) at build time,
    // the library loaded with dlopen when the REPL starts (why: Sources/CLineEditor/line_editor.c).
    // Not a systemLibrary target: SwiftPM passes its pkg-config `-ledit` to the link, and every
    // run, `tantan-host -e ''` included, would then load libedit.
    .target(name: "CLineEditor", dependencies: ["CLua"]),
    .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaShim", "CLineEditor"]),
    // The playground's HTTP and WebSocket server: CivetWeb's header at build time (apt
    // libcivetweb-dev, Homebrew civetweb), the library loaded with dlopen when `tantan-host play`
    // starts (why: Sources/CWebServer/include/CWebServer.h). Homebrew's prefix is not on the C
    // compiler's search path on Apple silicon.
    .target(
      name: "CWebServer",
      cSettings: [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"], .when(platforms: [.macOS]))]),
    // `test --watch`'s wake-up: inotify on Linux, kqueue on macOS (the C library's own).
    .target(name: "CFileWatch"),
    .target(name: "HeadlessUI"),
    .target(name: "TantanScripts", exclude: ["lua", "js", "web"]),
    // The lists of components (TantanComponent) and playground adapters (PlayAdapter) are generated
    // from the sources at build time, so a new one is registered by declaring its conformance:
    // the build-tool plugin, its tool, and the tool's scanner (Swift has no runtime registration).
    .target(name: "ConformanceScan"),
    .executableTarget(name: "conformance-list", dependencies: ["ConformanceScan"]),
    .plugin(name: "ConformanceList", capability: .buildTool(), dependencies: ["conformance-list"]),
    .target(
      name: "TantanLua", dependencies: ["LuaRuntime", "HeadlessUI", "TantanScripts"], plugins: ["ConformanceList"]),
    .target(
      name: "TantanTools",
      dependencies: ["TantanLua", "LuaRuntime", "HeadlessUI", "TantanScripts", "CWebServer", "CFileWatch"],
      plugins: ["ConformanceList"]),
    // On Linux the Swift runtime, and the C++ runtime it needs, are linked statically: start-up is
    // measured against lua5.4 (scripts/bench). `link/` holds a `libstdc++.so` linker script naming
    // the static archive; the driver's own `-lstdc++` then finds it first. macOS has neither need.
    .executableTarget(
      name: "tantan-host", dependencies: ["TantanTools"], exclude: ["link"],
      linkerSettings: [
        .unsafeFlags(
          ["-static-stdlib", "-L", Context.packageDirectory + "/Sources/tantan-host/link"], .when(platforms: [.linux]))
      ]),
    .testTarget(name: "HeadlessUITests", dependencies: ["HeadlessUI"]),
    .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "CLuaShim", "CLua"]),
    .testTarget(
      name: "TantanLuaTests",
      dependencies: ["TantanLua", "TantanTools", "LuaRuntime", "HeadlessUI", "ConformanceScan"],
      exclude: ["Play/play_browser.py", "Component/toggle_explore.lua"], plugins: ["ConformanceList"]),
    .testTarget(name: "ConformanceScanTests", dependencies: ["ConformanceScan"]),
  ]
)
