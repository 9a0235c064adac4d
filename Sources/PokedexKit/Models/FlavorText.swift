/// A Pokédex description of a species, as one game version shows it.
///
/// The games wrap text to their text boxes, and PokeAPI keeps the line breaks (`\n`), page
/// breaks (`\f`) and soft hyphens (`\u{00AD}`) of the boxes. `FlavorText` holds the text
/// cleaned of them (``cleaned(_:)``), ready to show in any width:
///
/// ```swift
/// FlavorText.cleaned("It has superb ac\u{00AD}\ncuracy.\fThe")   // "It has superb accuracy. The"
/// ```
public struct FlavorText: Hashable, Sendable {
    /// The text, cleaned of the game's line breaks, page breaks and soft hyphens.
    public var text: String
    /// The language's PokeAPI name, such as `"en"`.
    public var language: String
    /// The game version's PokeAPI name, such as `"red"` or `"scarlet"`.
    public var version: String

    /// Creates a flavor text, cleaning it.
    ///
    /// - Parameters:
    ///   - text: The text, as the service sends it or already clean.
    ///   - language: The language's PokeAPI name.
    ///   - version: The game version's PokeAPI name.
    public init(text: String, language: String, version: String) {
        self.text = Self.cleaned(text)
        self.language = language
        self.version = version
    }

    /// A game's text cleaned for any width.
    ///
    /// - A soft hyphen followed by line or page breaks joins the word (`ac\u{00AD}\ncuracy` →
    ///   `accuracy`); any other soft hyphen, which no reader sees, is dropped.
    /// - A hyphen that ends a line after a letter keeps the word whole (`well-\ndeveloped` →
    ///   `well-developed`).
    /// - Every other run of white space, line and page breaks included, is one space, and the
    ///   text is trimmed.
    ///
    /// Cleaning a clean text changes nothing.
    ///
    /// - Parameter raw: The text as PokeAPI sends it.
    /// - Returns: The cleaned text.
    public static func cleaned(_ raw: String) -> String {
        let breaks: Set<Character> = ["\n", "\u{000C}", "\r", "\r\n"]
        var result = ""
        var pendingSpace = false
        var index = raw.startIndex
        while index < raw.endIndex {
            let character = raw[index]
            index = raw.index(after: index)
            if character == "\u{00AD}" {
                // Skip the breaks after a soft hyphen: the word continues on the next line.
                while index < raw.endIndex, breaks.contains(raw[index]) {
                    index = raw.index(after: index)
                }
                continue
            }
            if breaks.contains(character), result.last == "-", !pendingSpace,
                let beforeHyphen = result.dropLast().last, beforeHyphen.isLetter
            {
                continue
            }
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(character)
        }
        return result
    }
}
