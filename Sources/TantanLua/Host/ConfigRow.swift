/// A config key as tools outside the module read it (the playground's panel): its schema row
/// without the reader. `settable`: the schema reads the key itself (not data or callbacks, which
/// the binding reads).
package struct ConfigRow: Sendable, Equatable {
  package let key: String
  package let type: String
  package let defaultValue: String
  package let doc: String
  package let settable: Bool
}
