/// A line typed in a box, as the shell would give it to `todo add`: words split at spaces, and a
/// quoted part ("due:fri 17:30", 'a b') one word without its quotes. A quote left open runs to
/// the end of the line.
enum TypedWords {
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
