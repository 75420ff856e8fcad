/// The schema's rows as tools outside the module read them (`ConfigRow`, Host/ConfigRow.swift).
extension ConfigSchema {
  var packageRows: [ConfigRow] {
    rows.map {
      ConfigRow(key: $0.key, type: $0.type, defaultValue: $0.defaultValue.text, doc: $0.doc, settable: $0.read != nil)
    }
  }
}
