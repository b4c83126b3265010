/// Dependencies among the to-dos: a to-do waits on those its `depends` names, and is blocked while
/// any of them is open. What a dependency may name is checked here, against the to-dos as a whole.
extension TodoState {
    /// The changes with each dependency added or taken off named by its whole id: a reference typed
    /// as the start of an id is resolved now, so that the change kept names the same to-do on every
    /// replay. One that names no to-do is refused; one taken off that names none is left as typed.
    func resolvingDependencies(in changes: [TodoItem.Change]) throws -> [TodoItem.Change] {
        try changes.map { change in
            switch change {
            case .addDependency(let reference):
                do {
                    return .addDependency(try resolve(reference).value)
                } catch TodoFailure.notFound {
                    throw TodoFailure.badDependency(
                        reference: reference, problem: "no to-do has that id; `todo list --all` shows every id")
                }
            case .removeDependency(let reference):
                return .removeDependency((try? resolve(reference))?.value ?? reference)
            default:
                return change
            }
        }
    }

    /// Refuses a dependency of `id`, one it did not have before, on a to-do that is not there, on
    /// itself, or on one that waits on it already, through any number of others: a cycle no to-do
    /// of which could ever be done unblocked. `current` gives each to-do as the command leaves it.
    static func check(
        dependency: TodoID, of id: TodoID, _ current: (TodoID) throws -> TodoItem?
    ) throws {
        guard dependency != id else {
            throw TodoFailure.badDependency(reference: id.value, problem: "a to-do cannot depend on itself")
        }
        guard try current(dependency) != nil else {
            throw TodoFailure.badDependency(reference: dependency.value, problem: "no to-do has that id")
        }
        var (waiting, seen) = ([dependency], Set([dependency]))
        while let next = waiting.popLast() {
            for other in try current(next)?.depends ?? [] {
                let other = TodoID(other)
                if other == id {
                    throw TodoFailure.badDependency(
                        reference: dependency.value,
                        problem: "it waits on \(id.value) already, so neither could ever be done unblocked")
                }
                if seen.insert(other).inserted { waiting.append(other) }
            }
        }
    }

    /// The to-dos `item` waits on that are open; none where it is done, or waits on none open. A
    /// to-do it waits on that is gone blocks it no longer.
    func openBlockers(of item: TodoItem) throws -> [TodoID] {
        guard !item.isCompleted else { return [] }
        return try item.depends.map(TodoID.init).filter { try self.item($0).map { !$0.isCompleted } ?? false }
    }

    /// How the to-dos `shown` wait on others: `waiters`, each open to-do that waits on any, with
    /// the ids it waits on, gives the blocking ones (`TodoLinks`).
    func links(of shown: [TodoItem], waiters: [(id: TodoID, depends: [String])]) throws -> TodoLinks {
        var links = TodoLinks()
        for item in shown where !item.isCompleted && !item.depends.isEmpty {
            let blockers = try openBlockers(of: item)
            if !blockers.isEmpty { links.blocked.append(TodoLinks.Link(id: item.id, others: blockers)) }
        }
        guard !waiters.isEmpty else { return links }
        let open = Set(shown.lazy.filter { !$0.isCompleted }.map(\.id.value))
        var waiting: [String: [TodoID]] = [:]
        for waiter in waiters {
            for dependency in waiter.depends where open.contains(dependency) {
                waiting[dependency, default: []].append(waiter.id)
            }
        }
        for item in shown {
            if let others = waiting[item.id.value] {
                links.blocking.append(TodoLinks.Link(id: item.id, others: others))
            }
        }
        return links
    }
}
