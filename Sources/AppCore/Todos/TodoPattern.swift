/// A `/pattern/` of a filter: a regular expression, found anywhere in a text, ignoring case, in time
/// that grows with the text times the pattern and no faster, whatever the pattern.
///
/// A backtracking engine (Swift's `Regex`, PCRE) takes time exponential in the text for some
/// patterns: `/(.+)+Z/` on a title of 31 characters searches for more than 30 s. This one runs the
/// pattern as a set of states, each character once (Thompson's construction, run as Pike's
/// machine), so the same search takes microseconds. It reads what a filter needs:
///
/// - characters, `.` (any but a line break), `\` before any mark to mean the mark itself;
/// - classes `[abc]`, `[a-z]`, `[^0-9]`, and `\d`, `\w`, `\s` and their negations `\D`, `\W`, `\S`;
/// - `^` and `$` (the start and the end of the text, or before its last line break), `\b` and `\B`;
/// - groups `( )` and `(?: )`, alternatives `|`, repeats `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`,
///   each lazy too (`*?`), which finds the same to-dos.
///
/// Back-references and look-arounds, which no engine runs in linear time, are refused with the
/// rest, saying so.
struct TodoPattern {
    /// The most states a pattern may make (`a{1000}` is a thousand): the cost of each character.
    static let largestProgram = TodoLimits.patternStates
    /// The deepest groups may nest.
    static let deepestNesting = 64

    private let program: [Instruction]

    private enum Instruction {
        /// A character, lowered.
        case character(String)
        case any
        case set(CharacterClass)
        /// Go on at both places; a thread each.
        case split(Int, Int)
        case jump(Int)
        case textStart
        case textEnd
        case wordBoundary(Bool)
        case match
    }

    /// The pattern that finds `text` itself, each of its marks meaning only the mark: what
    /// Taskwarrior's `description.contains:` looks for.
    static func literal(_ text: String) -> String {
        String(text.flatMap { $0.isLetter || $0.isNumber || $0 == " " ? [$0] : ["\\", $0] })
    }

    /// Reads `source`; one it does not read is refused, saying what is wrong.
    init(_ source: String) throws(TodoFailure) {
        var parser = Parser(source)
        let node: Node
        do {
            node = try parser.parsed()
        } catch let problem {
            throw .badPattern(pattern: source, problem: problem.text)
        }
        var program: [Instruction] = []
        Self.compile(node, into: &program)
        program.append(.match)
        guard program.count <= Self.largestProgram else {
            throw .badPattern(
                pattern: source, problem: "it makes \(program.count) states, more than \(Self.largestProgram)")
        }
        self.program = program
    }

    /// Whether the pattern is found anywhere in `text`, ignoring case.
    func found(in text: String) -> Bool {
        let characters = Array(text)
        let lowered = characters.map { $0.lowercased() }
        var current = Threads(count: program.count)
        var next = Threads(count: program.count)
        for position in 0...characters.count {
            // A search from every place: a thread that starts here joins those under way.
            if add(0, at: position, in: characters, to: &current) { return true }
            guard position < characters.count else { break }
            let character = characters[position]
            next.clear()
            for pc in current.list {
                let advances: Bool
                switch program[pc] {
                case .character(let wanted): advances = lowered[position] == wanted
                case .any: advances = !character.isNewline
                case .set(let set): advances = set.admits(character)
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, in: characters, to: &next) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `pc` and every one it leads to without reading a character; true where
    /// one of them is a match.
    private func add(_ pc: Int, at position: Int, in text: [Character], to threads: inout Threads) -> Bool {
        var pending = [pc]
        while let pc = pending.popLast() {
            guard threads.insert(pc) else { continue }
            switch program[pc] {
            case .match: return true
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending.append(contentsOf: [second, first])
            case .textStart: if position == 0 { pending.append(pc + 1) }
            case .textEnd:
                if position == text.count || (position == text.count - 1 && text[position].isNewline) {
                    pending.append(pc + 1)
                }
            case .wordBoundary(let wanted):
                let before = position > 0 && CharacterClass.isWord(text[position - 1])
                let after = position < text.count && CharacterClass.isWord(text[position])
                if (before != after) == wanted { pending.append(pc + 1) }
            case .character, .any, .set: break
            }
        }
        return false
    }

    private static func compile(_ node: Node, into program: inout [Instruction]) {
        switch node {
        case .empty: break
        case .character(let character): program.append(.character(character.lowercased()))
        case .any: program.append(.any)
        case .set(let set): program.append(.set(set))
        case .textStart: program.append(.textStart)
        case .textEnd: program.append(.textEnd)
        case .wordBoundary(let wanted): program.append(.wordBoundary(wanted))
        case .sequence(let nodes): for node in nodes { compile(node, into: &program) }
        case .alternatives(let nodes):
            var jumps: [Int] = []
            for (index, node) in nodes.enumerated() {
                if index < nodes.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    compile(node, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    compile(node, into: &program)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let node, let least, let most):
            // The size is checked as it grows, so that `((a{999}){999}){999}` stops before it is made.
            for _ in 0..<least {
                compile(node, into: &program)
                if program.count > largestProgram { return }
            }
            if let most {
                var splits: [Int] = []
                for _ in least..<most {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    compile(node, into: &program)
                    if program.count > largestProgram { return }
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                program.append(.split(loop + 1, 0))
                compile(node, into: &program)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }

    /// The states a search holds at one place, each once, in the order they were added.
    private struct Threads {
        private(set) var list: [Int] = []
        private var present: [Bool]

        init(count: Int) {
            present = Array(repeating: false, count: count)
        }

        mutating func insert(_ pc: Int) -> Bool {
            guard !present[pc] else { return false }
            present[pc] = true
            list.append(pc)
            return true
        }

        mutating func clear() {
            for pc in list { present[pc] = false }
            list.removeAll(keepingCapacity: true)
        }
    }

    fileprivate indirect enum Node {
        case empty
        case character(Character)
        case any
        case set(CharacterClass)
        case textStart
        case textEnd
        case wordBoundary(Bool)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, least: Int, most: Int?)
    }

    /// Why a pattern is not read, in words.
    fileprivate struct Problem: Error {
        let text: String
    }

    /// Reads a pattern by recursive descent, its nesting bounded by `deepestNesting`.
    fileprivate struct Parser {
        private let characters: [Character]
        private var position = 0
        private var depth = 0

        init(_ source: String) {
            characters = Array(source)
        }

        mutating func parsed() throws(Problem) -> Node {
            let node = try alternatives()
            if position < characters.count {
                throw Problem(text: "the ) at character \(position + 1) closes no group")
            }
            return node
        }

        private var peek: Character? { position < characters.count ? characters[position] : nil }

        private mutating func alternatives() throws(Problem) -> Node {
            var choices = [try sequence()]
            while peek == "|" {
                position += 1
                choices.append(try sequence())
            }
            return choices.count == 1 ? choices[0] : .alternatives(choices)
        }

        private mutating func sequence() throws(Problem) -> Node {
            var nodes: [Node] = []
            while let character = peek, character != "|", character != ")" {
                let atom = try self.atom()
                nodes.append(try repeats(of: atom))
            }
            return nodes.isEmpty ? .empty : nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        private mutating func repeats(of atom: Node) throws(Problem) -> Node {
            var node = atom
            while let character = peek {
                let start = position
                let bounds: (Int, Int?)
                switch character {
                case "*": bounds = (0, nil)
                case "+": bounds = (1, nil)
                case "?": bounds = (0, 1)
                case "{":
                    guard let counted = try counts() else { return node }
                    bounds = counted
                default: return node
                }
                if character != "{" { position += 1 }
                if case .textStart = atom { throw Problem(text: "nothing to repeat at character \(start + 1)") }
                // Lazy, a repeat finds the same to-dos; possessive, it may find fewer, which a
                // machine of states cannot tell.
                if peek == "?" { position += 1 }
                if peek == "+" {
                    throw Problem(
                        text: "a possessive repeat at character \(position) is not read here: leave out its +")
                }
                node = .repeated(node, least: bounds.0, most: bounds.1)
            }
            return node
        }

        /// `{n}`, `{n,}`, `{n,m}` at the position; nil, reading nothing, where the brace starts no
        /// count, and is a character.
        private mutating func counts() throws(Problem) -> (Int, Int?)? {
            var end = position + 1
            while end < characters.count, characters[end] != "}" { end += 1 }
            guard end < characters.count else { return nil }
            let inner = String(characters[(position + 1)..<end])
            let parts = inner.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
            // `{,m}` counts from none.
            guard let first = parts.first, digits(first) || (first.isEmpty && parts.count == 2 && digits(parts[1])),
                parts.count == 1 || parts[1].isEmpty || digits(parts[1])
            else { return nil }
            let limit = TodoPattern.largestProgram
            guard first.count <= 6, let least = first.isEmpty ? 0 : Int(first), least <= limit else {
                throw Problem(text: "a count above \(limit) at character \(position + 1)")
            }
            var most: Int? = least
            if parts.count == 2 {
                most = parts[1].isEmpty ? nil : Int(parts[1].prefix(7))
                if let high = most, high > limit {
                    throw Problem(text: "a count above \(limit) at character \(position + 1)")
                }
                if let high = most, high < least {
                    throw Problem(text: "{\(inner)} counts down, at character \(position + 1)")
                }
            }
            position = end + 1
            return (least, most)
        }

        private mutating func atom() throws(Problem) -> Node {
            let start = position
            let character = characters[position]
            position += 1
            switch character {
            case ".": return .any
            case "^": return .textStart
            case "$": return .textEnd
            case "*", "+", "?": throw Problem(text: "nothing to repeat at character \(start + 1)")
            case "[": return .set(try characterClass(from: start))
            case "\\": return try escaped(at: start)
            case "(":
                if peek == "?" {
                    guard position + 1 < characters.count, characters[position + 1] == ":" else {
                        throw Problem(
                            text: "(? at character \(start + 1): a look-around or option is not read here, only (?: )")
                    }
                    position += 2
                }
                depth += 1
                guard depth <= TodoPattern.deepestNesting else {
                    throw Problem(text: "groups nested more than \(TodoPattern.deepestNesting) deep")
                }
                let inner = try alternatives()
                depth -= 1
                guard peek == ")" else { throw Problem(text: "the ( at character \(start + 1) is not closed") }
                position += 1
                return inner
            default: return .character(character)
            }
        }

        private mutating func escaped(at start: Int) throws(Problem) -> Node {
            guard let character = peek else { throw Problem(text: "a \\ ends the pattern") }
            position += 1
            if let named = CharacterClass(escape: character) { return .set(named) }
            switch character {
            case "b": return .wordBoundary(true)
            case "B": return .wordBoundary(false)
            case "n": return .character("\n")
            case "t": return .character("\t")
            default:
                if character.isLetter || character.isNumber {
                    throw Problem(
                        text:
                            "\\\(character) at character \(start + 1) is not read here (a back-reference or an escape of another engine's)"
                    )
                }
                return .character(character)
            }
        }

        private mutating func characterClass(from start: Int) throws(Problem) -> CharacterClass {
            var set = CharacterClass()
            if peek == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while true {
                guard let character = peek else { throw Problem(text: "the [ at character \(start + 1) is not closed") }
                if character == "]" && !first {
                    position += 1
                    return set
                }
                first = false
                position += 1
                // Another engine's classes inside a class (`[[:alpha:]]`, `[a[b]]`, `[a&&b]`)
                // would be read here as characters: refused, not misread.
                if character == "[" || (character == "&" && peek == "&") {
                    throw Problem(
                        text: "\(character == "[" ? "a [ inside a class" : "&& in a class") at character \(position) "
                            + "is not read here: write the characters, or \\d, \\w, \\s")
                }
                var low = character
                if character == "\\" {
                    guard let escaped = peek else { throw Problem(text: "a \\ ends the pattern") }
                    position += 1
                    if let named = CharacterClass(escape: escaped) {
                        set.classes.append(named)
                        continue
                    }
                    low = escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped
                }
                if peek == "-", position + 1 < characters.count, characters[position + 1] != "]" {
                    var high = characters[position + 1]
                    position += 2
                    if high == "\\" {
                        guard let escaped = peek else { throw Problem(text: "a \\ ends the pattern") }
                        position += 1
                        high = escaped
                    }
                    guard let lowScalar = low.unicodeScalars.first, let highScalar = high.unicodeScalars.first,
                        lowScalar <= highScalar
                    else { throw Problem(text: "the range \(low)-\(high) runs backwards") }
                    set.ranges.append(lowScalar...highScalar)
                } else {
                    set.characters.insert(low)
                }
            }
        }
    }
}

/// A class of characters: `[a-z0-9_]`, `\d`, `[^\s]`, ignoring case.
struct CharacterClass {
    var characters: Set<Character> = []
    var ranges: [ClosedRange<Unicode.Scalar>] = []
    var classes: [CharacterClass] = []
    var digit = false
    var word = false
    var space = false
    var negated = false

    init() {}

    /// `\d`, `\w`, `\s` and their negations; nil for any other letter.
    init?(escape: Character) {
        switch escape {
        case "d", "D": digit = true
        case "w", "W": word = true
        case "s", "S": space = true
        default: return nil
        }
        negated = escape.isUppercase
    }

    static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    func admits(_ character: Character) -> Bool {
        var forms = [character]
        for form in [character.lowercased(), character.uppercased()] where form.count == 1 {
            forms.append(Character(form))
        }
        return forms.contains(where: holds) != negated
    }

    private func holds(_ character: Character) -> Bool {
        if characters.contains(character) { return true }
        if digit, character.unicodeScalars.count == 1,
            character.unicodeScalars.first?.properties.generalCategory == .decimalNumber
        {
            return true
        }
        if word && Self.isWord(character) { return true }
        if space && character.isWhitespace { return true }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            ranges.contains(where: { $0.contains(scalar) })
        {
            return true
        }
        return classes.contains { $0.admits(character) }
    }
}
