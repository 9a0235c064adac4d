/// A `LIKE` pattern: `*` matches any run of characters, `?` exactly one, and a backslash
/// makes the next character literal.
///
/// The whole text must match.
struct LikePattern: Sendable {
    enum Token: Equatable, Sendable {
        case character(Character)
        case any
        case anyRun
    }

    let tokens: [Token]

    init(_ pattern: String) {
        var tokens: [Token] = []
        var escaped = false
        for character in pattern {
            if escaped {
                tokens.append(.character(character))
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "*" {
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            } else if character == "?" {
                tokens.append(.any)
            } else {
                tokens.append(.character(character))
            }
        }
        if escaped { tokens.append(.character("\\")) }
        self.tokens = tokens
    }

    /// Whether the whole text matches, in O(*n*·*m*) at worst: the classic greedy match that
    /// backtracks only to the last `*`.
    func matches(_ text: String) -> Bool {
        let characters = Array(text)
        var t = 0
        var p = 0
        var starToken: Int?
        var starText = 0
        while t < characters.count {
            if p < tokens.count {
                switch tokens[p] {
                case .anyRun:
                    starToken = p
                    starText = t
                    p += 1
                    continue
                case .any:
                    t += 1
                    p += 1
                    continue
                case .character(let expected) where expected == characters[t]:
                    t += 1
                    p += 1
                    continue
                case .character:
                    break
                }
            }
            guard let star = starToken else { return false }
            p = star + 1
            starText += 1
            t = starText
        }
        while p < tokens.count, tokens[p] == .anyRun { p += 1 }
        return p == tokens.count
    }
}
