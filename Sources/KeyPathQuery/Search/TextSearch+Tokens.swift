extension TextSearch {
    /// The folded tokens of a text, in the order they first appear, each once: what a search
    /// looks words up in, and what a store keeps for a text on write.
    ///
    /// The text is folded by ``folded(_:)``, then cut into words: maximal runs of letters,
    /// marks and digits (General_Category `L`, `M` and `N`). Everything else separates
    /// words — spaces, punctuation (apostrophes and hyphens included: `farfetch'd` is
    /// `farfetch` and `d`), symbols and emoji. A word is one token, except in Chinese and
    /// Japanese, which put no spaces between words: a run of ideographs and kana (Han,
    /// Hiragana and Katakana letters, `ー` and `々` included) gives one token per character,
    /// that character and the next one in the run (a bigram), or the last character alone.
    ///
    /// ```swift
    /// TextSearch.tokens(of: "It blows out FIRE at very high temperatures.")
    /// // ["it", "blows", "out", "fire", "at", "very", "high", "temperatures"]
    /// TextSearch.tokens(of: "火炎放射")   // ["火炎", "炎放", "放射", "射"]
    /// ```
    ///
    /// The tokens are a pure function of the text: the same on every platform and in every
    /// locale, for the Unicode version of the standard library and Foundation.
    ///
    /// - Parameter text: Any text.
    /// - Returns: Its tokens, folded, without repeats; empty for a text without letters or
    ///   digits.
    /// - Complexity: O(*n*), where *n* is the length of the text.
    public static func tokens(of text: String) -> [String] {
        if let tokens = asciiTokens(of: text) { return tokens }
        return unicodeTokens(of: text)
    }

    /// The tokens of a text, folded and cut scalar by scalar, without the ASCII fast path.
    static func unicodeTokens(of text: String) -> [String] {
        var tokens: [String] = []
        var seen: Set<String> = []
        for word in words(ofFolded: folded(text)) {
            for token in word.tokens where seen.insert(token).inserted {
                tokens.append(token)
            }
        }
        return tokens
    }

    /// The tokens of a text that is all ASCII, cut from its bytes; `nil` when a byte is not
    /// ASCII.
    ///
    /// In ASCII, folding lowers `A`–`Z` and changes nothing else, the letters and digits
    /// make words and everything else separates them, and a word is its own token: the
    /// tokens are the runs of letters and digits, lowered, each once, in order, as
    /// ``unicodeTokens(of:)`` gives them. A store cuts every searchable text it writes, and
    /// most are in English.
    static func asciiTokens(of text: String) -> [String]? {
        var tokens: [String] = []
        var seen: Set<String> = []
        var word: [UInt8] = []
        func endWord() {
            guard !word.isEmpty else { return }
            let token = String(decoding: word, as: UTF8.self)
            if seen.insert(token).inserted { tokens.append(token) }
            word.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x61...0x7A: word.append(byte)
            case 0x41...0x5A: word.append(byte + 0x20)
            case 0x80...: return nil
            default: endWord()
            }
        }
        endWord()
        return tokens
    }

    /// A word of folded text: a run of letters, marks and digits, or a run of ideographs and
    /// kana.
    struct Word: Hashable, Sendable {
        /// The word's characters: one string for a word of letters, one per ideograph or
        /// kana (with any marks after it) for a run of them.
        var units: [String]
        /// Whether the word is a run of ideographs and kana.
        var isIdeographic: Bool

        /// Adds a scalar to the word's last character.
        mutating func appendToLastUnit(_ scalar: Unicode.Scalar) {
            guard !units.isEmpty else { return units = [String(scalar)] }
            units[units.count - 1].unicodeScalars.append(scalar)
        }

        /// The word as text.
        var text: String { units.joined() }

        /// The word's tokens: itself, or each ideograph or kana with the next one, and the
        /// last alone.
        var tokens: [String] {
            guard isIdeographic, units.count > 1 else { return [text] }
            var tokens: [String] = []
            tokens.reserveCapacity(units.count)
            for index in units.indices.dropLast() {
                tokens.append(units[index] + units[index + 1])
            }
            tokens.append(units[units.count - 1])
            return tokens
        }
    }

    /// How the tokenizer treats a scalar of folded text.
    enum ScalarKind {
        /// A letter or digit outside the ideographic scripts.
        case letter
        /// A Han, Hiragana or Katakana letter or number.
        case ideograph
        /// A combining mark: part of the character before it.
        case mark
        /// Anything else, which ends a word.
        case separator
    }

    /// The words of a folded text, in order.
    static func words(ofFolded text: String) -> [Word] {
        var words: [Word] = []
        var current: Word?
        for scalar in text.unicodeScalars {
            switch kind(of: scalar) {
            case .separator:
                if let word = current { words.append(word) }
                current = nil
            case .mark:
                if current == nil { current = Word(units: [""], isIdeographic: false) }
                current?.appendToLastUnit(scalar)
            case .letter:
                if let word = current, word.isIdeographic {
                    words.append(word)
                    current = nil
                }
                if current == nil { current = Word(units: [""], isIdeographic: false) }
                current?.appendToLastUnit(scalar)
            case .ideograph:
                if let word = current, !word.isIdeographic {
                    words.append(word)
                    current = nil
                }
                if current == nil { current = Word(units: [], isIdeographic: true) }
                current?.units.append(String(scalar))
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    /// How the tokenizer treats a scalar.
    static func kind(of scalar: Unicode.Scalar) -> ScalarKind {
        if scalar.isASCII {
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .letter
            default: return .separator
            }
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return isIdeographicBlock(scalar) ? .ideograph : .letter
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .separator
        }
    }

    /// Whether a scalar is in a block of Han ideographs, Hiragana or Katakana (the letters
    /// and numbers in it are ideographic; its punctuation separates, as anywhere).
    private static func isIdeographicBlock(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303C,  // 々 〆 〇, Hangzhou numerals
            0x3040...0x30FF, 0x31F0...0x31FF,  // Hiragana, Katakana
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // Han
            0xFF66...0xFF9F,  // half-width Katakana (compatibility decomposition widens it)
            0x1AFF0...0x1B16F,  // Kana supplements and extensions
            0x20000...0x3FFFF:  // Han, supplementary planes
            true
        default: false
        }
    }
}
