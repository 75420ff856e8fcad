// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Embedding",
  dependencies: [
    // tantan-host's repository (any git URL with a version tag; the test uses a file:// URL).
    .package(url: "https://git.example.com/tantan-host.git", from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "Embedding",
      dependencies: [
        .product(name: "HeadlessUI", package: "tantan-host"),
        .product(name: "LuaRuntime", package: "tantan-host"),
        .product(name: "TantanLua", package: "tantan-host"),
      ])
  ]
)
