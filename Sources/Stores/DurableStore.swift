import Essentials
import Fractal

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store that every durable variant shares: the locked state in memory, kept by a journal.
///
/// Each change takes the journal's lock, catches up with what other processes wrote, applies the
/// change in place, and returns only once the journal has kept it. What the journal does after
/// that (rewriting its snapshot) is housekeeping: a failure there is said through `warn`, and the
/// change still counts as kept, for it is.
func createDurableStore<J: Journal>(journal: sending J, initial: J.State, warn: @escaping StoreWarning) throws
    -> Store<J.State>
{
    let state = try journal.opening { try journal.load() }
    let shared = Locked(DurableContents(journal: journal, state: state))
    let notify: @Sendable ([@Sendable () -> Void]) -> Void = { observers in
        for observer in observers { observer() }
    }
    return (
        state: {
            let (state, observers) = shared.withLock { contents in
                // Another program's change read here is told here: the watching thread, finding
                // nothing new after this, would not tell it, and a program that reads the state
                // in several steps (flips, then answers) may have shown some of them from before it.
                // A failed read leaves the last state read; the next change reports the failure.
                let told = contents.catchUp().toldTo
                return (contents.state, told)
            }
            notify(observers)
            return state
        },
        // A journal keeps each record as a list of changes (stores written before `change` took
        // one change may hold several), so one change is kept as a list of one.
        change: { change in
            let observers = try shared.withLock { contents in
                var applied = false
                do {
                    try contents.journal.exclusively {
                        do {
                            try contents.journal.catchUp(&contents.state)
                            try contents.state.apply(change)
                        } catch let unreadable as UnreadableSlice {
                            // A part the change reads (a page of to-dos, say) is damaged: said as
                            // the store's other damage is, naming it. Nothing was kept, and the
                            // state, which the change may have begun on, is read again next time.
                            contents.journal.forget()
                            throw StoreError.unreadable(path: contents.journal.path, reason: unreadable.reason)
                        }
                        applied = true
                        try contents.journal.append([change], reaching: contents.state)
                    }
                } catch {
                    if applied { contents.journal.forget() }  // memory may be ahead of what was kept
                    throw error
                }
                tidy(&contents, warn: warn, now: J.State.isWorthASnapshot(change))
                return contents.observers
            }
            notify(observers)
        },
        reset: {
            let observers = try shared.withLock { contents in
                try contents.journal.exclusively { _ = try contents.journal.replace(with: initial) }
                contents.state = initial
                return contents.observers
            }
            notify(observers)
        },
        updated: { observer in
            let first = shared.withLock { contents in
                contents.observers.append(observer)
                return contents.observers.count == 1
            }
            if first { watchOtherWriters(shared, warn: warn, notify: notify) }
        },
        destroy: {
            try shared.withLock { contents in
                try contents.journal.destroy()
                contents.state = initial
            }
        }
    )
}

/// Tells the observers of changes made by other processes too: a thread of its own waits for
/// the journal's signal, catches up, and tells them when it read anything new. Started
/// with the first observer, so that a program that observes nothing pays nothing.
private func watchOtherWriters<J: Journal>(
    _ shared: Locked<DurableContents<J>>, warn: @escaping StoreWarning,
    notify: @escaping @Sendable ([@Sendable () -> Void]) -> Void
) {
    let watch = shared.withLock { $0.journal.watch }
    let failure = startThread {
        do {
            let wait = try watch.start()
            while true {
                let (observers, caughtUp) = shared.withLock { $0.catchUp() }
                notify(observers)
                // The first look is at once, before any signal: a change made after the program
                // last read the store, but before the watch started, signalled nobody. A catch-up
                // that failed (a server restarting) is tried again soon, not at the next signal,
                // which may be long in coming.
                if caughtUp { try wait() } else { usleep(200_000) }
            }
        } catch {
            warn("changes made by other programs will not be shown as they come: \(error)")
        }
    }
    if failure != 0 {
        let reason = String(cString: strerror(failure))
        warn("changes made by other programs will not be shown as they come: no thread to wait for them (\(reason))")
    }
}

/// Rewrites the snapshot once the changes outweigh it, or `now`, after a change worth one
/// (`StoredState.isWorthASnapshot`). The latest change is already kept: a failure here (a full
/// disk, a folder made read-only) leaves the store as it was and is said, and the next writer
/// tries again.
private func tidy<J: Journal>(_ contents: inout DurableContents<J>, warn: StoreWarning, now: Bool = false) {
    guard now || contents.journal.isCompactionDue else { return }
    do {
        try contents.journal.exclusively {
            try contents.journal.catchUp(&contents.state)
            guard now || contents.journal.isCompactionDue else { return }  // another writer did it first
            if let kept = try contents.journal.replace(with: contents.state) { contents.state = kept }
        }
    } catch let unreadable as UnreadableSlice {
        // A slice damaged since it was sealed cannot be written anew with the changes waiting for
        // it. Every journal encodes the state before it touches anything, so nothing was written
        // and nothing need be read again: the snapshot stays as it is, and every change says so,
        // naming the store, until the store is restored from a copy.
        warn("the change was kept, but the snapshot of \(contents.journal.path) cannot be rewritten: \(unreadable)")
    } catch {
        contents.journal.forget()
        // Said without the store error's "It was left untouched": the change just kept was not.
        let said = (error as? StoreError)?.reason ?? "\(error)"
        warn("the change was kept, but rewriting the snapshot of \(contents.journal.path) failed: \(said)")
    }
}

private struct DurableContents<J: Journal> {
    let journal: J
    var state: J.State
    var observers: [@Sendable () -> Void] = []

    /// Catches up with what other processes wrote, under the journal's shared lock; returns the
    /// observers to tell, every one where anything was read, and whether the catch-up worked. One
    /// that failed may have begun to change the state, so the next reads everything again, and
    /// tells.
    mutating func catchUp() -> (toldTo: [@Sendable () -> Void], caughtUp: Bool) {
        do {
            let read = try journal.shared { try journal.catchUp(&state) }
            return (read ? observers : [], true)
        } catch {
            journal.forget()
            return ([], false)
        }
    }
}
