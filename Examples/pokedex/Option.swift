import PokedexKit

/// One option or flag of the tool, declared once: its name, its value's placeholder, its help
/// line, its default, and how its value is checked and converted.
///
/// The parser, the usage line, a command's help and the overview are all derived from these
/// declarations (see ``CommandSpec``), so an option the parser accepts is always documented.
///
///     static let limit = Option<Int?>(
///         "limit", "N", help: "show at most N",
///         convert: expecting("a number of Pokémon (0 or more)") { Int($0) })
///
/// Read the converted value with ``Arguments/subscript(_:)``: the given value, or the default.
struct Option<Value: Sendable>: Sendable {
    /// What the parser and the help text know of the option.
    let declaration: OptionDeclaration
    /// The value when the option is not given.
    let defaultValue: Value

    /// The name, without the leading `--`.
    var name: String { declaration.name }

    /// Declares an option that takes a value and has a default.
    ///
    /// - Parameters:
    ///   - name: The name, without the leading `--`, such as `range`.
    ///   - placeholder: The value's placeholder in help, such as `A-B`.
    ///   - help: What the option does, in a short phrase.
    ///   - defaultValue: The value when the option is not given.
    ///   - shownAs: The default as help shows it, such as `1-151`.
    ///   - convert: Checks and converts the text given; throws ``InvalidValue`` to refuse it.
    init(
        _ name: String, _ placeholder: String, help: String, default defaultValue: Value,
        shownAs: String, convert: @escaping @Sendable (String) throws(InvalidValue) -> Value
    ) {
        declaration = OptionDeclaration(
            name: name, placeholder: placeholder, help: help, defaultDescription: shownAs,
            convert: { text throws(InvalidValue) in try convert(text) })
        self.defaultValue = defaultValue
    }

    /// Declares an option that takes a value and is `nil` when not given.
    ///
    /// - Parameters:
    ///   - name: The name, without the leading `--`, such as `base-url`.
    ///   - placeholder: The value's placeholder in help, such as `URL`.
    ///   - help: What the option does, in a short phrase.
    ///   - absence: What happens without the option, as help shows it, or `nil`.
    ///   - convert: Checks and converts the text given; throws ``InvalidValue`` to refuse it.
    init<Wrapped: Sendable>(
        _ name: String, _ placeholder: String, help: String, absence: String? = nil,
        convert: @escaping @Sendable (String) throws(InvalidValue) -> Wrapped
    ) where Value == Wrapped? {
        declaration = OptionDeclaration(
            name: name, placeholder: placeholder, help: help, defaultDescription: absence,
            convert: { text throws(InvalidValue) in Optional(try convert(text)) })
        defaultValue = nil
    }
}

extension Option where Value == Bool {
    /// Declares a flag: an option without a value, `true` when given.
    ///
    /// - Parameters:
    ///   - name: The name, without the leading `--`, such as `json`.
    ///   - help: What the flag does, in a short phrase.
    /// - Returns: The flag's option: `true` when given, `false` otherwise.
    static func flag(_ name: String, help: String) -> Option<Bool> {
        Option(
            declaration: OptionDeclaration(
                name: name, placeholder: nil, help: help, defaultDescription: nil,
                convert: { _ throws(InvalidValue) in true }),
            defaultValue: false)
    }

    private init(declaration: OptionDeclaration, defaultValue: Bool) {
        self.declaration = declaration
        self.defaultValue = defaultValue
    }
}

/// An option's declaration without its value's type: what the parser and the help text use.
struct OptionDeclaration: Sendable {
    /// The name, without the leading `--`.
    let name: String
    /// The value's placeholder, such as `PATH`, or `nil` for a flag.
    let placeholder: String?
    /// What the option does, in a short phrase.
    let help: String
    /// The default or what happens without the option, as help shows it, or `nil`.
    let defaultDescription: String?
    /// Checks and converts a value given on the command line.
    let convert: @Sendable (String) throws(InvalidValue) -> any Sendable

    /// Whether the option is a flag, taking no value.
    var isFlag: Bool { placeholder == nil }

    /// The option as it is written: `--range A-B`, or `--json` for a flag.
    var synopsis: String {
        placeholder.map { "--\(name) \($0)" } ?? "--\(name)"
    }

    /// The help line's text: the help, then the default in parentheses.
    var helpText: String {
        defaultDescription.map { "\(help) (default: \($0))" } ?? help
    }
}

/// What is wrong with an option's value, said of the option: `expects A-B, not 'abc'`.
///
/// The parser puts the option's name in front: `--range expects A-B, not 'abc'`.
struct InvalidValue: Error {
    /// The predicate, such as `expects a whole number, not 'many'`.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// A conversion that refuses the text, saying what was expected, when `parse` returns `nil`:
/// `expects a whole number, not 'many'`.
///
/// - Parameters:
///   - expected: What the option takes, such as `a whole number`.
///   - parse: Converts the text, or returns `nil` to refuse it.
/// - Returns: A conversion that returns what `parse` makes of the text, and throws
///   ``InvalidValue`` when `parse` returns `nil`.
func expecting<Converted>(
    _ expected: String, _ parse: @escaping @Sendable (String) -> Converted?
) -> @Sendable (String) throws(InvalidValue) -> Converted {
    { text throws(InvalidValue) in
        guard let value = parse(text) else {
            throw InvalidValue("expects \(expected), not '\(text)'")
        }
        return value
    }
}

/// A conversion by one of PokedexKit's text forms (`PokemonSort(parsing:)`,
/// `PokemonType.list(parsing:)`), whose error already says what it expects.
///
/// - Parameter parse: The text form's parser.
/// - Returns: A conversion that throws ``InvalidValue`` with the parser's explanation.
func parsing<Converted>(
    _ parse: @escaping @Sendable (String) throws(PokemonFilter.TextError) -> Converted
) -> @Sendable (String) throws(InvalidValue) -> Converted {
    { text throws(InvalidValue) in
        do throws(PokemonFilter.TextError) {
            return try parse(text)
        } catch {
            throw InvalidValue(error.description)
        }
    }
}
