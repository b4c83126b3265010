/// How much a to-do matters: todo.txt's letters, from (A), which matters most, to (Z). Taskwarrior's
/// H, M and L are A, B and C, which is why those three also go by the names high, medium and low.
public struct Priority: Hashable, Comparable, Sendable {
    /// The letter's place in the alphabet: 0 for A, 25 for Z.
    public let rank: Int

    private init(rank: Int) {
        self.rank = rank
    }

    public static let high = Priority(rank: 0)
    public static let medium = Priority(rank: 1)
    public static let low = Priority(rank: 2)

    /// Every priority, A first.
    public static let all = (0..<26).map(Priority.init(rank:))

    /// The priority of a letter from A to Z, in either case.
    public init?(letter: Character) {
        guard let ascii = letter.uppercased().first?.asciiValue, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
        else { return nil }
        self.init(rank: Int(ascii - UInt8(ascii: "A")))
    }

    /// Reads `high` (`h`), `medium` (`m`), `low` (`l`), a letter from `a` to `z`, or a letter in
    /// brackets as todo.txt writes it, `(H)`, in any case: H, M and L are Taskwarrior's three, A, B
    /// and C, and the letters H, M and L are typed in brackets.
    public init?(name: String) {
        switch name.lowercased() {
        case "high", "h": self = .high
        case "medium", "m": self = .medium
        case "low", "l": self = .low
        default:
            let letter =
                name.count == 3 && name.hasPrefix("(") && name.hasSuffix(")") ? name.dropFirst().dropLast() : name[...]
            guard letter.count == 1, let priority = letter.first.flatMap(Priority.init(letter:)) else { return nil }
            self = priority
        }
    }

    /// The priority of this `name`, exactly, as JSON and a store write it; nil for any other text.
    public init?(named name: String) {
        guard let priority = Priority.all.first(where: { $0.name == name }) else { return nil }
        self = priority
    }

    /// The todo.txt letter.
    public var letter: Character { Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(rank))) }

    /// How it is named in JSON, `todo show` and a store: `high`, `medium` and `low` for A, B and C,
    /// as before there were more, and the capital letter for the others (`H` is the letter H: only
    /// what a person types reads it as Taskwarrior's high).
    public var name: String {
        switch rank {
        case 0: "high"
        case 1: "medium"
        case 2: "low"
        default: String(letter)
        }
    }

    /// How it is typed after `pri:` so that it reads as itself: Taskwarrior's H, M and L for A, B
    /// and C, the letter for the others, in brackets for H, L and M.
    public var typed: String {
        switch rank {
        case 0: "H"
        case 1: "M"
        case 2: "L"
        default: ["H", "L", "M"].contains(letter) ? "(\(letter))" : String(letter)
        }
    }

    /// What a person reads it as where a priority is asked for: the words, or any letter.
    public static let typedForms =
        "high, medium or low (H, M, L), or a letter from A to Z (the letters H, L and M in brackets, (H))"

    /// A sorts before B: what matters most comes first.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}

extension Priority: Codable {
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let priority = Priority(named: name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(name) is no priority"))
        }
        self = priority
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
