import ConformanceScan
import Foundation

// conformance-list OUTPUT ENUM [--import LINE]... [--protocol NAME]... -- SOURCE...
// Writes OUTPUT: an enum ENUM with, per protocol, a static list of the types SOURCE... declare to
// conform to it, sorted by name (ConformanceScan.swift says which declarations count). OUTPUT is
// rewritten only when its text changes. Run by Plugins/ConformanceList, not by hand.
let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 3, let dashes = args.firstIndex(of: "--") else {
  FileHandle.standardError.write(
    Data("usage: conformance-list OUTPUT ENUM [--import LINE]... [--protocol NAME]... -- SOURCE...\n".utf8))
  exit(2)
}
let output = args[0]
var imports: [String] = []
var protocols: [String] = []
var k = 2
while k + 1 < dashes {
  if args[k] == "--import" {
    imports.append(args[k + 1])
  } else if args[k] == "--protocol" {
    protocols.append(args[k + 1])
  }
  k += 2
}
var sources: [(path: String, text: String)] = []
for path in args[(dashes + 1)...].sorted() {
  guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("conformance-list: cannot read \(path)\n".utf8))
    exit(1)
  }
  sources.append((path, String(decoding: data, as: UTF8.self)))
}
let text = ConformanceScan.listFile(
  enumName: args[1], imports: imports,
  lists: protocols.map { p in (p, sources.flatMap { ConformanceScan.conformers(of: p, in: $0.text) }) })
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
  do {
    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  } catch {
    FileHandle.standardError.write(Data("conformance-list: cannot write \(output): \(error)\n".utf8))
    exit(1)
  }
}
