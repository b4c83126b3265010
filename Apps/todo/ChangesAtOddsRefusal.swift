import AppCore
import Essentials
import ProgramKit

/// Refuses options and words that contradict each other (the options among themselves too):
/// `--priority D` and `pri:B`, `--tag a` and `-a`, `--tag a --untag a` are a usage error, never
/// kept with whichever came last.
func refuseChangesAtOdds(_ options: [TodoItem.Change], _ words: [TodoItem.Change], command: String) throws {
    let said: String
    switch TodoItem.Change.atOdds(options, words) ?? TodoItem.Change.atOdds(options, options) {
    case nil: return
    case .field(let name): said = "\(name) is given two values, by --\(name) and by a word: give it once"
    case .label(let kind, let name): said = "the \(kind) \(name.excerpt) is both added and taken off: give one"
    }
    throw ProgramFailure("\(said) (see 'todo \(command) --help')", exit: .usage)
}
