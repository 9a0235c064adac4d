import KeyPathQuery

/// Checks a rendered `NSPredicate` format against Apple's documented predicate format syntax
/// ("BNF Definition of Cocoa Predicates"), for the platforms where `NSPredicate(format:)` is
/// not there to parse it.
///
/// It covers the part of the syntax KeyPathQuery renders — comparisons, string operators and
/// `==` with `[c]`/`[d]`, `BETWEEN`, `IN`, `ANY`, `ALL`, `NONE`, `AND`, `OR`, `NOT`, `TRUEPREDICATE`,
/// `FALSEPREDICATE`, key paths with `.@count`, `SELF`, `nil`, `SUBQUERY` and its variables —
/// and it checks the arguments: one per `%K` or `%@`, a string for each `%K`, a list after
/// `IN`, a list of two after `BETWEEN`, and every `$variable` bound by an enclosing
/// `SUBQUERY`. Anything else is an error.
public struct PredicateFormatGrammar {
    /// Why a format does not parse.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong, and where.
        public let description: String
    }

    private enum Token: Equatable {
        case symbol(String)  // ( ) , . == != < <= > >= [c]
        case word(String)  // keywords and identifiers, upper-cased for keywords
        case keyPath  // %K
        case value  // %@
        case variable(String)  // $x1
        case number(String)
        case collectionOperator(String)  // @count
    }

    private let tokens: [Token]
    private let arguments: [QueryValue]
    private var position = 0
    private var argument = 0
    private var variables: [String] = []

    /// Checks a format and its arguments.
    ///
    /// - Parameters:
    ///   - format: The format string.
    ///   - arguments: The arguments of its `%K` and `%@` specifiers.
    /// - Throws: ``Failure`` saying what does not fit the grammar.
    public static func check(_ format: String, arguments: [QueryValue]) throws(Failure) {
        var parser = PredicateFormatGrammar(
            tokens: try tokenize(format), arguments: arguments)
        try parser.predicate()
        guard parser.position == parser.tokens.count else {
            throw Failure(description: "unexpected \(parser.tokens[parser.position]) in \(format)")
        }
        guard parser.argument == arguments.count else {
            throw Failure(
                description: "\(arguments.count) arguments for \(parser.argument) specifiers")
        }
    }

    private init(tokens: [Token], arguments: [QueryValue]) {
        self.tokens = tokens
        self.arguments = arguments
    }

    // MARK: Tokens

    private static func tokenize(_ format: String) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(format.unicodeScalars)
        var index = 0
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case " ":
                index += 1
            case "(", ")", ",", ".":
                tokens.append(.symbol(String(scalar)))
                index += 1
            case "=", "!", "<", ">":
                if next == "=" {
                    tokens.append(.symbol(String(scalar) + "="))
                    index += 2
                } else if scalar == "<" || scalar == ">" {
                    tokens.append(.symbol(String(scalar)))
                    index += 1
                } else {
                    throw Failure(description: "lone \(scalar) at \(index) in \(format)")
                }
            case "[":
                var modifier = "["
                index += 1
                while index < scalars.count, scalars[index] != "]" {
                    modifier.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.symbol(modifier + "]"))
                index += 1
            case "%":
                switch next {
                case "K": tokens.append(.keyPath)
                case "@": tokens.append(.value)
                default: throw Failure(description: "unknown specifier at \(index) in \(format)")
                }
                index += 2
            case "$", "@":
                var name = ""
                index += 1
                while index < scalars.count, isWordScalar(scalars[index]) {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard !name.isEmpty else {
                    throw Failure(description: "empty name after \(scalar) in \(format)")
                }
                tokens.append(scalar == "$" ? .variable(name) : .collectionOperator(name))
            case "0"..."9":
                var number = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    number.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.number(number))
            default:
                guard isWordScalar(scalar) else {
                    throw Failure(
                        description: "character \(scalar.escaped(asASCII: true)) at \(index) "
                            + "is not in the grammar: \(format)")
                }
                var word = ""
                while index < scalars.count, isWordScalar(scalars[index]) {
                    word.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(.word(word.uppercased()))
            }
        }
        return tokens
    }

    // MARK: Predicates

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func accept(_ token: Token) -> Bool {
        guard current == token else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ token: Token) throws(Failure) {
        guard accept(token) else {
            throw Failure(
                description: "expected \(token), found \(current.map { "\($0)" } ?? "the end")")
        }
    }

    private mutating func predicate() throws(Failure) {
        try conjunction()
        while accept(.word("OR")) { try conjunction() }
    }

    private mutating func conjunction() throws(Failure) {
        try unary()
        while accept(.word("AND")) { try unary() }
    }

    private mutating func unary() throws(Failure) {
        if accept(.word("NOT")) { return try unary() }
        if accept(.symbol("(")) {
            try predicate()
            return try expect(.symbol(")"))
        }
        if accept(.word("TRUEPREDICATE")) || accept(.word("FALSEPREDICATE")) { return }
        try comparison()
    }

    private mutating func comparison() throws(Failure) {
        _ =
            accept(.word("ANY")) || accept(.word("ALL")) || accept(.word("NONE"))
            || accept(.word("SOME"))
        try expression()
        guard let token = current else { throw Failure(description: "missing operator") }
        position += 1
        var rightHandSide: Argument = .any
        switch token {
        case .symbol("=="):
            // Equality of strings takes options too: `==[c]`.
            _ = modifier()
        case .symbol("!="), .symbol("<"), .symbol("<="), .symbol(">"), .symbol(">="):
            break
        case .word("BETWEEN"):
            rightHandSide = .pair
        case .word("IN"):
            rightHandSide = .list
            _ = modifier()
        case .word("CONTAINS"), .word("BEGINSWITH"), .word("ENDSWITH"), .word("LIKE"),
            .word("MATCHES"):
            _ = modifier()
        default:
            throw Failure(description: "\(token) is not an operator")
        }
        try expression(rightHandSide)
    }

    /// An optional `[c]`, `[d]` or `[cd]`.
    private mutating func modifier() -> Bool {
        for option in ["[c]", "[d]", "[cd]"] where accept(.symbol(option)) { return true }
        return false
    }

    // MARK: Expressions

    private enum Argument { case any, list, pair }

    private mutating func expression(_ kind: Argument = .any) throws(Failure) {
        try primary(kind)
        while accept(.symbol(".")) {
            switch current {
            case .keyPath:
                try keyPathArgument()
            case .collectionOperator("count"), .word:
                position += 1
            default:
                throw Failure(
                    description: "a key path cannot go on with \(String(describing: current))")
            }
        }
    }

    private mutating func primary(_ kind: Argument) throws(Failure) {
        guard let token = current else { throw Failure(description: "missing expression") }
        position += 1
        switch token {
        case .keyPath:
            position -= 1
            try keyPathArgument()
        case .value:
            try valueArgument(kind)
        case .variable(let name):
            guard variables.contains(name) else {
                throw Failure(description: "$\(name) is not bound by a SUBQUERY")
            }
        case .word("SELF"), .word("NIL"), .word("NULL"), .number:
            break
        case .word("SUBQUERY"):
            try expect(.symbol("("))
            try expression()
            try expect(.symbol(","))
            guard case .variable(let name) = current else {
                throw Failure(description: "SUBQUERY needs a $variable")
            }
            position += 1
            try expect(.symbol(","))
            variables.append(name)
            try predicate()
            variables.removeLast()
            try expect(.symbol(")"))
        default:
            throw Failure(description: "\(token) is not an expression")
        }
    }

    private mutating func keyPathArgument() throws(Failure) {
        try expect(.keyPath)
        guard argument < arguments.count, case .string(let name) = arguments[argument],
            !name.isEmpty
        else {
            throw Failure(description: "argument \(argument) for %K is not a key path string")
        }
        argument += 1
    }

    private mutating func valueArgument(_ kind: Argument) throws(Failure) {
        guard argument < arguments.count else {
            throw Failure(description: "no argument for %@ number \(argument)")
        }
        switch (kind, arguments[argument]) {
        case (.any, .list):
            throw Failure(description: "argument \(argument) is a list where a value goes")
        case (.list, .list), (.any, _):
            break
        case (.pair, .list(let bounds)) where bounds.count == 2:
            break
        case (.list, _), (.pair, _):
            throw Failure(description: "argument \(argument) should be a list for IN or BETWEEN")
        }
        argument += 1
    }
}
