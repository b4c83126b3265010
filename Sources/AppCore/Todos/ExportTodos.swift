import Essentials
import Fractal

/// Writes every to-do out as a file's text, in the order they were made.
func createExportTodos(
    store: Store<TodoState>, clock: TimeSource, output: @escaping Output<TodoAnswer>
) -> Input<TodoFormat> {
    { format in
        answering(output) {
            let items = try read(store).items.all().map(\.exportable)
            switch format {
            case .json: return .exported(text: try JSONTodos.write(items))
            case .todotxt: return .exported(text: TodoTxt.write(items, timeZone: clock.timeZone))
            case .taskwarrior: return .exported(text: try TaskwarriorTodos.write(items, timeZone: clock.timeZone))
            }
        }
    }
}

extension TodoItem {
    /// The item as an export writes it. What an earlier version let in and the checks now refuse
    /// is written escaped (control characters as `\e` or `\u001B`, a space inside a word as
    /// `\u0020`), so that every export imports again, and a todo.txt line stays one line.
    var exportable: TodoItem {
        func word(_ text: String) -> String {
            let escaped = text.escapingControls()
            return escaped.contains(where: \.isWhitespace)
                ? escaped.unicodeScalars.map {
                    $0.properties.isWhitespace ? "\\u" + $0.codePoint.dropFirst(2) : String($0)
                }
                .joined()
                : escaped
        }
        guard
            ([id.value, title, notes] + tags + contexts + extras.keys + extras.values).contains(where: {
                $0.firstControlOrBidi != nil
            })
                || ([id.value] + tags + contexts + extras.keys + extras.values).contains(where: {
                    $0.contains(where: \.isWhitespace)
                })
        else { return self }
        var copy = self
        copy.id = TodoID(word(id.value))
        (copy.title, copy.notes) = (title.escapingControls(), notes.escapingControls(keepingLineBreaks: true))
        (copy.tags, copy.contexts) = (tags.map(word), contexts.map(word))
        copy.extras = Dictionary(extras.map { (word($0.key), word($0.value)) }) { first, _ in first }
        return copy
    }
}
