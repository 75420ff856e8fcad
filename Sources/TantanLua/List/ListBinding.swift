import HeadlessUI
import LuaRuntime

/// `tantan.list(config)` and the `tantan.List` class (Floral's content lists): a sectioned
/// view-model data source with layout, sticky headers, pull to refresh, paging and diffing.
/// The behaviour is `ListModel`'s; this folder declares the Lua surface once: methods
/// (`+Changes`, `+Queries`), the config (`+Config`), the callbacks (`ListCallbackDeclarations`)
/// and the Lua wording of the model's errors (`ListErrors`). Indices are 1-based here and 0-based
/// in the model: converted only in this folder.
enum ListBinding: LuaBinding, LuaModuleBinding {
  typealias Object = LuaList
  typealias Context = TantanHost

  static let listClass = LuaClass<LuaList>(
    name: "tantan.List",
    doc: "A sectioned view-model list with layout, sticky headers, pull to refresh, paging and diffing.",
    methods: changeMethods + queryMethods + [RenderBinding.saveMethod()], fields: fields,
    describe: { l in
      l.current.map { "tantan.List(\($0.sectionCount) sections, \($0.itemCount) items)" } ?? "tantan.List(building)"
    })

  /// `tantan.list(config)`: declared like every function, its parameter from the config schema.
  static let constructor = function(
    "tantan.list",
    "A list from `sections` (values with ids) or a lazy `source` (see tantan.ListConfig for every key and its default).",
    config.parameter(optional: false), returns: .object(listClass)
  ) { host, _, r in
    let list = LuaList(host: host)
    let (config, data) = try list.readConfig(r)
    list.current = try LuaListModel(config: config, data: data, clock: host.clock, budget: list.makeBudget())
    return list
  }
}
