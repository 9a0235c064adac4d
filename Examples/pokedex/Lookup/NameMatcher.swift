import Foundation

/// Matches names as people type them, and suggests the closest names when one matches
/// nothing.
///
/// Names are compared by their ``key(_:)``: case, accents, spaces and punctuation ignored, so
/// that "Mr. Mime", "mr mime" and `mr-mime` are one name, and so are "Flabébé" and `flabebe`.
///
/// ```swift
/// NameMatcher.key("Mr. Mime")                                      // "mrmime"
/// NameMatcher.closest(to: "charmandr", among: ["Charmander", "Charmeleon"])  // ["Charmander"]
/// ```
enum NameMatcher {
    /// The most names a suggestion lists.
    static let suggestionLimit = 3

    /// A name folded into words: lower case, without accents or punctuation, split at
    /// spaces and hyphens; ♀ and ♂ become `f` and `m`, as PokeAPI writes them (`nidoran-f`).
    ///
    /// - Parameter name: A name as typed, displayed, or as PokeAPI spells it.
    /// - Returns: Each word's letters and digits, folded; no empty word.
    static func words(_ name: String) -> [String] {
        asciiWords(name) ?? foldedWords(name)
    }

    /// ``words(_:)`` for a name of ASCII characters only, as most names are, without
    /// Foundation's folding: ASCII has no accents or wide forms, its letters fold to lower
    /// case, and its whitespace is tab through carriage return and space.
    ///
    /// - Returns: The words, as ``foldedWords(_:)`` gives them; `nil` when the name has a
    ///   character outside ASCII.
    static func asciiWords(_ name: String) -> [String]? {
        var words: [String] = []
        var word: [UInt8] = []
        func endWord() {
            guard !word.isEmpty else { return }
            words.append(String(decoding: word, as: UTF8.self))
            word.removeAll(keepingCapacity: true)
        }
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                word.append(byte - UInt8(ascii: "A") + UInt8(ascii: "a"))
            case UInt8(ascii: " "), UInt8(ascii: "-"), 0x09...0x0D:
                endWord()
            case 0x80...:
                return nil
            default:
                // Punctuation and control characters: left out of the word.
                break
            }
        }
        endWord()
        return words
    }

    /// ``words(_:)`` for any name, through Foundation's case, diacritic and width folding.
    static func foldedWords(_ name: String) -> [String] {
        let spelled = name.replacingOccurrences(of: "♀", with: " f")
            .replacingOccurrences(of: "♂", with: " m")
        let folded = spelled.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return folded.split(whereSeparator: { $0.isWhitespace || $0 == "-" }).map { word in
            String(
                word.unicodeScalars.filter(CharacterSet.alphanumerics.contains).map(Character.init))
        }.filter { !$0.isEmpty }
    }

    /// The form of a name that matching compares: its ``words(_:)`` run together, so that
    /// spaces and punctuation do not count.
    ///
    /// - Parameter name: A name as typed, displayed, or as PokeAPI spells it.
    /// - Returns: The name's letters and digits, folded.
    static func key(_ name: String) -> String {
        words(name).joined()
    }

    /// A name as PokeAPI would spell it: its ``words(_:)`` joined by `-`.
    ///
    /// "Mr. Mime" is `mr-mime`, "Farfetch’d" `farfetchd`, and "Nidoran♀" `nidoran-f`.
    ///
    /// - Parameter name: A name as typed or displayed.
    /// - Returns: The PokeAPI spelling it would have.
    static func pokeAPIName(_ name: String) -> String {
        words(name).joined(separator: "-")
    }

    /// The names closest to `text`, closest first: at most ``suggestionLimit``, each near
    /// enough to be a likely typo or the start of the name.
    ///
    /// - Parameters:
    ///   - text: What was typed.
    ///   - names: The valid names, as they should be shown.
    /// - Returns: The suggestions, without repeats; empty when no name is near.
    /// - Complexity: O(*n* · *k*²) for *n* names of about *k* characters.
    static func closest(to text: String, among names: [String]) -> [String] {
        let typed = Array(key(text))
        guard !typed.isEmpty else { return [] }
        let tolerance = max(2, typed.count / 3)
        var seen: Set<String> = []
        let scored = names.compactMap { name -> (name: String, distance: Int)? in
            let candidate = Array(key(name))
            let whole = distance(typed, candidate)
            // A name the text begins ("pika" for Pikachu) is nearly as good as a typo.
            let start = distance(typed, Array(candidate.prefix(typed.count))) + 1
            let best = min(whole, start)
            return best <= tolerance ? (name, best) : nil
        }
        return scored.enumerated()
            .sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element.name)
            .filter { seen.insert($0).inserted }
            .prefix(suggestionLimit).map { $0 }
    }

    /// A sentence that suggests names, for an error: ` Did you mean Charmander?`, or an empty
    /// string when there is nothing to suggest.
    ///
    /// - Parameter suggestions: The names, closest first.
    /// - Returns: The sentence with a leading space, or `""`.
    static func didYouMean(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " Did you mean \(CommandSpec.alternatives(suggestions))?"
    }

    /// The Levenshtein distance: the fewest insertions, deletions and substitutions that make
    /// `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for (i, x) in a.enumerated() {
            current[0] = i + 1
            for (j, y) in b.enumerated() {
                current[j + 1] = min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
