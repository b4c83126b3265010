import Foundation
import Testing

/// A command line is read only up to 1,000 words (README's limits): the parser's time grows with
/// the square of their number, so a longer one is refused before any is read, in one line.
@Suite("a command line of at most 1,000 words")
struct CommandLineLimitProgramSpec {
    /// A filter of 100,000 words, a command line a shell passes easily, held `todo list` for hours.
    @Test(.timeLimit(.minutes(1)), arguments: ["todo", "dice", "coin", "headless", "web"])
    func aLongerCommandLineIsAUsageErrorSaidAtOnce(_ program: String) throws {
        let run = try ProgramRun.of(program, ["list"] + Array(repeating: "+a", count: 100_000))
        #expect(run.status == 64)
        #expect(
            run.stderr
                == "Error: the command line holds 100001 words, and a command takes at most 1000; "
                + "give fewer at a time (xargs -n 900) (see '\(program) --help')\n")
        #expect(run.stdout.isEmpty)
    }

    /// Counted as typed: Taskwarrior's order, `todo ID… modify`, which `todo` joins into one
    /// filter word, is refused too; and so is a line whose last word is an error of 100 KB.
    @Test func wordsAreCountedAsTypedAndALongWordInAnyErrorIsCut() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        #expect(try place.todo("add", "x", "+a").status == 0)
        let reordered = try place.todo(Array(repeating: "+a", count: 5_000) + ["modify", "pri:A"])
        #expect(reordered.status == 64 && reordered.stderr.hasPrefix("Error: the command line holds 5002 words"))
        #expect(try place.list().map { $0["priority"] is NSNull } == [true])
        let huge = String(repeating: "r", count: 100_000)
        for words in [["list", "recur:" + huge], ["context", huge], ["add", "x", "pri:" + huge]] {
            let refused = try place.todo(words)
            #expect(refused.status != 0 && refused.stderr.utf8.count < 600, "\(refused.stderr.utf8.count) bytes")
        }
        let accents = try place.todo("list", "status:a" + String(repeating: "\u{301}", count: 60_000))
        #expect(accents.status == 64 && accents.stderr.utf8.count < 600, "\(accents.stderr.utf8.count) bytes")
    }

    @Test func aToDoAddedWithTooManyWordsIsNotKept() throws {
        let place = try TodoPlace("sqlite")
        defer { place.remove() }
        let run = try place.todo(["add"] + Array(repeating: "w", count: 1_000))
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: the command line holds 1001 words"))
        #expect(try place.list("--all").isEmpty)
    }

    @Test(.slow) func aFilterOfAThousandWordsIsRead() throws {
        let place = try TodoPlace("disk")
        defer { place.remove() }
        #expect(try place.todo("add", "tagged", "+a").status == 0)
        #expect(try place.todo("add", "untagged").status == 0)
        let run = try place.todo(["list"] + Array(repeating: "+a", count: 999))
        #expect(run.status == 0)
        #expect(run.stdout.contains("tagged") && !run.stdout.contains("untagged"))
    }
}
