import Foundation
import Testing

/// A field an option and a word both give, to different values, or a tag both added and taken
/// off, is refused in one line, the store untouched: never kept with whichever came last.
@Suite("todo add and edit, a field given twice")
struct FieldGivenTwiceProgramSpec {
    @Test(arguments: [
        (["--priority", "D", "(B) call mum"], "priority is given two values, by --priority and by a word"),
        (["--priority", "D", "call", "pri:B"], "priority is given two values, by --priority and by a word"),
        (["--due", "fri", "call", "due:mon"], "due is given two values, by --due and by a word"),
        (["--project", "a", "call", "project:b"], "project is given two values, by --project and by a word"),
    ])
    func addRefusesTwoValuesOfOneFieldGivenByAnOptionAndAWord(_ arguments: [String], _ said: String) throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let refused = try place.todo(["add"] + arguments)
        #expect(refused.status == 64)
        #expect(refused.stderr == "Error: \(said): give it once (see 'todo add --help')\n")
        #expect(try place.todo("list").stdout == "Nothing to do.\n")
    }

    @Test func editRefusesTwoValuesOfOneFieldAndTakesTheSameOneTwice() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        _ = try place.todo("add", "call mum", "project:home")
        let before = try place.todo("list").stdout
        let refused = try place.todo("edit", "call", "--project", "a", "project:b")
        #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: project is given two values, by --project"))
        #expect(try place.todo("list").stdout == before)
        for atOdds in [
            ["--untag", "home", "+home"], ["--tag", "a", "-a"], ["--tag", "a", "--untag", "a"], ["+a", "-a"],
        ] {
            let contradicted = try place.todo(["edit", "call"] + atOdds)
            #expect(contradicted.status == 64, "\(atOdds)")
            #expect(contradicted.stderr.contains("is both added and taken off"), "\(atOdds)")
        }
        let twoWords = try place.todo("edit", "call", "pri:A", "pri:B")
        #expect(
            twoWords.stderr
                == "Error: pri:A and pri:B: priority is given two values; give it once (see 'todo edit --help')\n")
        #expect(try place.todo("list").stdout == before)
        // The same value twice is one value: kept.
        let same = try place.todo("add", "--priority", "B", "(B) write report")
        #expect(same.status == 0 && same.stdout.contains("(B) write report"), "\(same.stderr)")
    }
}
