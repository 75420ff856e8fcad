import Foundation
import PackagePlugin

/// Generates, for the targets below, the list of types their sources declare to conform to a
/// protocol (Sources/ConformanceScan), so registering a component or a playground adapter is
/// declaring its conformance: `ComponentRegistry.builtin` reads `TantanLuaConformances
/// .tantanComponent`, `PlayComponents.adapters` reads `TantanToolsConformances.playAdapter`.
/// Swift has no runtime type registration on Linux; this is the build-time one. Offline: the
/// tool is the package's own `conformance-list`.
@main
struct ConformanceList: BuildToolPlugin {
  /// Per target: the protocols to list, and the imports the generated file needs.
  static let lists: [String: (protocols: [String], imports: [String])] = [
    "TantanLua": (["TantanComponent"], []),
    "TantanTools": (["PlayAdapter"], []),
    "TantanLuaTests": (["TantanComponent"], ["@testable import TantanLua"]),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let source = target as? SourceModuleTarget, let list = Self.lists[target.name] else {
      throw PluginError(description: "ConformanceList: no list declared for target \(target.name)")
    }
    let inputs = source.sourceFiles(withSuffix: "swift").map(\.url)
    let enumName = "\(target.name)Conformances"
    let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
    var args = [output.path(percentEncoded: false), enumName]
    for line in list.imports { args += ["--import", line] }
    for p in list.protocols { args += ["--protocol", p] }
    args.append("--")
    args += inputs.map { $0.path(percentEncoded: false) }
    return [
      .buildCommand(
        displayName: "Listing \(list.protocols.joined(separator: ", ")) types of \(target.name)",
        executable: try context.tool(named: "conformance-list").url, arguments: args,
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}

struct PluginError: Error, CustomStringConvertible {
  let description: String
}
