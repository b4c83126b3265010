/// The entries at the end of `new` that `old` did not have, for a history that keeps its last
/// entries oldest first: `new` is `old` less some of its oldest, then what was added since. A
/// history cleared since gives all of `new`.
public func entriesAdded<Entry: Equatable>(to old: [Entry], in new: [Entry]) -> ArraySlice<Entry> {
    for dropped in 0...old.count {
        let kept = old.dropFirst(dropped)
        if new.starts(with: kept) { return new.dropFirst(kept.count) }
    }
    return new[...]
}
