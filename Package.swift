// swift-tools-version:6.0
import PackageDescription

// Layers: CLua <- CLuaShim <- LuaRuntime <- TantanLua -> HeadlessUI; tantan-host is a thin executable.

// Release builds skip dynamic exclusivity checks (about 10% of a bridge call, measured with
// callgrind in scripts/bench) and optimize across modules, so TantanLua specializes HeadlessUI's
// generic models for its payloads (unspecialized, a list reload paid generic metadata lookups per
// item); debug builds, which run the tests, keep the checks.
let fast: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))]
let package = Package(
  name: "tantan-host",
  products: [
    .executable(name: "tantan-host", targets: ["tantan-host"]),
    .library(name: "TantanLua", targets: ["TantanLua"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", path: "Sources/CLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    // The REPL's line editing: libedit's headers (apt libedit-dev; macOS has them) at build time,
    // the library loaded with dlopen when the REPL starts (why: Sources/CLineEditor/line_editor.c).
    // Not a systemLibrary target: SwiftPM passes its pkg-config `-ledit` to the link, and every
    // run, `tantan-host -e ''` included, would then load libedit.
    .target(name: "CLineEditor", dependencies: ["CLua"]),
    .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaShim", "CLineEditor"], swiftSettings: fast),
    .target(name: "HeadlessUI", swiftSettings: fast),
    .target(name: "TantanLua", dependencies: ["LuaRuntime", "HeadlessUI"], swiftSettings: fast),
    // The Swift runtime, and the C++ runtime it needs, linked statically: start-up is measured
    // against lua5.4 (scripts/bench). `link/` holds a `libstdc++.so` linker script naming the
    // static archive; the driver's own `-lstdc++` then finds it first.
    .executableTarget(
      name: "tantan-host", dependencies: ["TantanLua"], exclude: ["link"],
      linkerSettings: [.unsafeFlags(["-static-stdlib", "-L", Context.packageDirectory + "/Sources/tantan-host/link"])]),
    .testTarget(name: "HeadlessUITests", dependencies: ["HeadlessUI"]),
    .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime", "CLuaShim", "CLua"]),
    .testTarget(name: "TantanLuaTests", dependencies: ["TantanLua", "LuaRuntime", "HeadlessUI"]),
  ]
)
