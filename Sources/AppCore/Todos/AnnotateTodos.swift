import Essentials
import Fractal

/// Annotates to-dos with a line made now, or takes one off (`denotate`): the one whose text is
/// the text given, else the one only whose text holds it, in any case. Several at once are one
/// command, undone as one.
func createAnnotateTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<(references: [String], text: String, adding: Bool)> {
    { request in
        answering(output) {
            let now = clock.now()
            let (edits, changed, abbreviation) = try reading(store) { todos in
                var (edits, changed): ([TodoEdit], [TodoItem]) = ([], [])
                for id in try todos.resolve(request.references) {
                    guard let item = try todos.item(id) else { continue }
                    let change: TodoItem.Change =
                        request.adding
                        ? .addAnnotation(Annotation(entry: now, description: request.text))
                        : .removeAnnotation(try item.annotation(holding: request.text, named: id.value))
                    edits.append(.alter(id, [change]))
                    changed.append(try item.alter(change))
                }
                return (edits, changed, todos.abbreviation)
            }
            try keep(
                .perform(
                    TodoBatch(
                        label: commandLabel(request.adding ? "annotate" : "denotate", naming: request.references),
                        at: now, edits: edits)), in: store)
            return .changed(items: changed, abbreviation: abbreviation)
        }
    }
}

extension TodoItem {
    /// The annotation `text` names: the one whose text it is, else the only one whose text holds
    /// it, in any case.
    func annotation(holding text: String, named reference: String) throws(TodoFailure) -> Annotation {
        let wanted = text.trimmingWhitespace()
        if let exact = annotations.all.first(where: { $0.description == wanted }) { return exact }
        let folded = TodoQuery.folded(wanted)
        let holding = annotations.all.filter { TodoQuery.folded($0.description).contains(folded) }
        guard let only = holding.first, !wanted.isEmpty else {
            throw .noSuchAnnotation(reference: reference, text: wanted)
        }
        guard holding.count == 1 else {
            throw .ambiguousAnnotation(reference: reference, text: wanted, count: holding.count)
        }
        return only
    }
}
