/// The diff between two validated snapshots, by id, with hash maps: O(n) to classify every item and
/// section, plus a longest increasing subsequence (O(k log k), O(k) when nothing moved) per section
/// over the items that stay in it, to find a small set of moves.
///
/// Move rule: among the kept items that stay in the same section, the largest set keeping its old
/// relative order stays put (an LIS of their old indices taken in new order); the rest are moved.
/// Kept items that change section are always moved. Sections: the same rule over kept sections.
///
/// `@inlinable` so clients specialize it for their payload: unspecialized, every element access
/// goes through generic metadata (5,600 instructions per item of a reload, measured with callgrind).
@usableFromInline
enum ListDiff {
  @inlinable
  static func changes<P: Equatable>(
    old: [ListSection<P>], oldItems: [ListID: ListIndexPath], oldSections: [ListID: Int],
    new: [ListSection<P>], newItems: [ListID: ListIndexPath], newSections: [ListID: Int],
    oldPositions: [[Int]]? = nil, newPositions: [[Int]]? = nil
  ) -> ListChanges {
    var c = ListChanges()
    // A lazy source's side holds only its fetched items: `positions[s][k]` is the index in the
    // section of its k-th held item (increasing), and `oldItems` maps ids to held positions.
    func oldReal(_ p: ListIndexPath) -> ListIndexPath {
      guard let oldPositions else { return p }
      return ListIndexPath(section: p.section, index: oldPositions[p.section][p.index])
    }
    func newIndex(_ s: Int, _ i: Int) -> Int { newPositions?[s][i] ?? i }

    // Sections.
    var keptOldSection = [Bool](repeating: false, count: old.count)
    var keptNewSection = [Bool](repeating: false, count: new.count)
    for (s, section) in old.enumerated() {
      if newSections[section.id] != nil { keptOldSection[s] = true } else { c.sections.deleted.append(s) }
    }
    var keptSectionsOldIndices: [Int] = []  // old index of each kept section, in new order
    var keptSectionsNewIndices: [Int] = []
    for (s, section) in new.enumerated() {
      if let o = oldSections[section.id] {
        keptNewSection[s] = true
        keptSectionsOldIndices.append(o)
        keptSectionsNewIndices.append(s)
        if !section.sameSectionFields(as: old[o]) { c.sections.reloaded.append(o) }
      } else {
        c.sections.inserted.append(s)
      }
    }
    c.sections.reloaded.sort()
    let stayingSections = longestIncreasingSubsequenceMask(keptSectionsOldIndices)
    for k in keptSectionsOldIndices.indices where !stayingSections[k] {
      c.sections.moved.append(.init(from: keptSectionsOldIndices[k], to: keptSectionsNewIndices[k]))
    }

    // Items that disappeared (their old section kept).
    for (s, section) in old.enumerated() where keptOldSection[s] {
      for (i, item) in section.items.enumerated() where newItems[item.id] == nil {
        c.deleted.append(oldReal(ListIndexPath(section: s, index: i)))
      }
    }

    // Items in new order.
    for (s, section) in new.enumerated() {
      var stayOld: [Int] = []  // old indices of items staying in this section, in new order
      var stayNew: [Int] = []
      for (i, item) in section.items.enumerated() {
        let to = ListIndexPath(section: s, index: newIndex(s, i))
        guard let held = oldItems[item.id] else {
          if keptNewSection[s] { c.inserted.append(to) }
          continue
        }
        let from = oldReal(held)
        switch (keptOldSection[from.section], keptNewSection[s]) {
        case (true, true):
          if item.payload != old[held.section].items[held.index].payload { c.reloaded.append(from) }
          if old[from.section].id == section.id {
            stayOld.append(from.index)
            stayNew.append(to.index)
          } else {
            c.moved.append(.init(from: from, to: to))
          }
        case (false, true): c.inserted.append(to)
        case (true, false): c.deleted.append(from)
        case (false, false): break
        }
      }
      if !stayOld.isEmpty, let o = oldSections[section.id] {
        let staying = longestIncreasingSubsequenceMask(stayOld)
        for k in stayOld.indices where !staying[k] {
          c.moved.append(
            .init(from: ListIndexPath(section: o, index: stayOld[k]), to: ListIndexPath(section: s, index: stayNew[k])))
        }
      }
    }
    c.moved.sort { $0.to < $1.to }
    c.deleted.sort()
    c.reloaded.sort()
    return c
  }

  /// Marks the elements of one longest strictly increasing subsequence of `a` (distinct values).
  /// Patience sorting with predecessor links; O(n) when `a` is already increasing.
  @usableFromInline
  static func longestIncreasingSubsequenceMask(_ a: [Int]) -> [Bool] {
    var mask = [Bool](repeating: false, count: a.count)
    if a.isEmpty { return mask }
    var increasing = true
    for k in 1..<a.count where a[k - 1] >= a[k] { increasing = false; break }
    if increasing { return [Bool](repeating: true, count: a.count) }

    var tails: [Int] = []  // indices into a: tails[l] ends the best increasing run of length l+1
    var previous = [Int](repeating: -1, count: a.count)
    for k in a.indices {
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if a[tails[mid]] < a[k] { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { previous[k] = tails[lo - 1] }
      if lo == tails.count { tails.append(k) } else { tails[lo] = k }
    }
    var k = tails[tails.count - 1]
    while k >= 0 {
      mask[k] = true
      k = previous[k]
    }
    return mask
  }
}
