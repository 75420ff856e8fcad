/// What a model may keep and how far its loops may run, as its embedder allows: the Lua host
/// charges the bytes to `--max-memory` and counts the steps against `--max-instructions` and
/// `--timeout`. A model asks `grow` before it keeps more; a refusal throws the embedder's error
/// and the model keeps what it had. Loops over counts the data gave (not over storage already
/// paid for) call `tick`.
public final class ModelBudget {
  /// The bytes charged now.
  public private(set) var bytes = 0
  private let charge: (_ totalBytes: Int) throws -> Void
  private let step: (_ steps: Int) throws -> Void

  /// `charge(total)` is told the new total before the model keeps it (more or less than before;
  /// throws to refuse growth); `tick(steps)` counts loop steps (throws to stop the loop).
  public init(charge: @escaping (_ totalBytes: Int) throws -> Void, tick: @escaping (_ steps: Int) throws -> Void) {
    self.charge = charge
    self.step = tick
  }

  /// No limits (tests of the models alone).
  public static func unlimited() -> ModelBudget { ModelBudget(charge: { _ in }, tick: { _ in }) }

  /// Asks for `n` more bytes; nothing changes when refused.
  public func grow(by n: Int) throws {
    guard n > 0 else { return }
    try charge(bytes + n)
    bytes += n
  }

  /// Gives `n` bytes back (never refused).
  public func shrink(by n: Int) {
    guard n > 0 else { return }
    bytes = max(0, bytes - n)
    try? charge(bytes)
  }

  /// `grow` or `shrink` to exactly `total`.
  public func settle(at total: Int) throws {
    if total > bytes { try grow(by: total - bytes) } else { shrink(by: bytes - total) }
  }

  /// Counts `steps` of a loop.
  @inline(__always)
  public func tick(_ steps: Int = 1) throws { try step(steps) }
}
