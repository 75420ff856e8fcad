/// Seconds with three decimals ("0.012"): what JUnit readers and people expect; never exponents.
func formatSeconds(_ d: Double) -> String {
  let ms = d.isFinite && d > 0 ? Int((d * 1000).rounded()) : 0
  let frac = String(ms % 1000)
  return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
}
