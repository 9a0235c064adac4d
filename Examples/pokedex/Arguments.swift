/// A command line parsed against a command's ``CommandSpec``, with errors that say what is
/// wrong and where.
///
/// The root package takes no dependencies, so this is a small hand-written parser: options
/// (`--type fire`, `--type=fire`), flags (`--json`) and positional arguments. It accepts
/// exactly the options the spec declares, converts each value with its declaration when it is
/// read from the command line, and checks that options of one group exclude each other.
struct Arguments {
    /// The converted values of the options given, by name; `true` for a flag.
    private var values: [String: any Sendable] = [:]
    /// The positional arguments, in order; as many as the spec allows.
    private(set) var positionals: [String] = []

    /// The words that ask for a command's help, wherever they stand.
    static let helpWords: Set<String> = ["--help", "-h"]

    /// Parses `words`, the command line after the command's name.
    ///
    /// - Parameters:
    ///   - words: The arguments.
    ///   - spec: The command's declaration.
    ///   - commands: Every command, to tell an option of another command from a typo.
    /// - Throws: ``UsageError`` for an option the command does not declare, a missing or
    ///   invalid value, an option given twice, two options of one group, or too few or too
    ///   many positional arguments.
    init(
        _ words: some Sequence<String>, for spec: CommandSpec, among commands: [CommandSpec] = []
    ) throws(UsageError) {
        var words = Array(words)[...]
        while let word = words.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let declaration = spec.option(named: name) else {
                throw Self.undeclared(name, in: spec, among: commands)
            }
            if declaration.isFlag {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                values[name] = true
                continue
            }
            guard let text = inlineValue ?? words.popFirst(), !text.hasPrefix("--") else {
                throw UsageError("--\(name) needs a value")
            }
            guard values[name] == nil else { throw UsageError("--\(name) is given twice") }
            do {
                values[name] = try declaration.convert(text)
            } catch {
                throw UsageError("--\(name) \(error.reason)")
            }
        }
        for group in spec.options where group.alternatives.count > 1 {
            let given = group.alternatives.filter { values[$0.name] != nil }.map { "--\($0.name)" }
            if given.count > 1, let last = given.last {
                throw UsageError(
                    "give \(given.dropLast().joined(separator: ", ")) or \(last), not both")
            }
        }
        let allowed = spec.positionalCount
        guard allowed.contains(positionals.count) else {
            if positionals.count > allowed.upperBound, let extra = positionals.last {
                throw UsageError("unexpected argument '\(extra)'")
            }
            let missing = spec.positionals.dropFirst(positionals.count).first
            throw UsageError("missing argument \(missing?.placeholder ?? "")")
        }
    }

    /// The error for an option the command does not declare: unknown, or another command's.
    private static func undeclared(
        _ name: String, in spec: CommandSpec, among commands: [CommandSpec]
    ) -> UsageError {
        let owners = commands.filter { $0.option(named: name) != nil }.map(\.name)
        guard let last = owners.last else { return UsageError("unknown option --\(name)") }
        let list =
            owners.count == 1 ? last : owners.dropLast().joined(separator: ", ") + " and " + last
        return UsageError("--\(name) makes no sense for \(spec.name): it is an option of \(list)")
    }

    /// Whether `words` ask for the command's help: `--help` or `-h` anywhere an option or an
    /// argument may stand (not as another option's value).
    static func asksForHelp(_ words: some Sequence<String>, for spec: CommandSpec) -> Bool {
        var words = Array(words)[...]
        while let word = words.popFirst() {
            if helpWords.contains(word) { return true }
            guard word.hasPrefix("--"), !word.contains("="),
                let option = spec.option(named: String(word.dropFirst(2))), !option.isFlag,
                let next = words.first, !next.hasPrefix("--")
            else { continue }
            words.removeFirst()  // the option's value
        }
        return false
    }

    /// An option's value: the one given, converted, or the option's default.
    subscript<Value>(_ option: Option<Value>) -> Value {
        (values[option.name] as? Value) ?? option.defaultValue
    }

    /// The positional argument at `index`, one the command's spec requires.
    ///
    /// Parsing already refuses a command line that lacks a required argument; this reads it
    /// without assuming so.
    ///
    /// - Parameters:
    ///   - index: The argument's position, from 0.
    ///   - placeholder: The argument as usage shows it, such as `<id|name>`, for the error.
    /// - Returns: The argument.
    /// - Throws: ``UsageError`` naming `placeholder` when there is no argument at `index`.
    func required(_ index: Int, _ placeholder: String) throws(UsageError) -> String {
        guard positionals.indices.contains(index) else {
            throw UsageError("missing argument \(placeholder)")
        }
        return positionals[index]
    }

    /// The positional arguments from `index` on, one or more: those of a positional that
    /// takes the rest (``Positional/takesTheRest``).
    ///
    /// - Parameters:
    ///   - index: The first one's position, from 0.
    ///   - placeholder: The argument as usage shows it, for the error.
    /// - Returns: The arguments, in order.
    /// - Throws: ``UsageError`` naming `placeholder` when there is none at `index`.
    func rest(from index: Int, _ placeholder: String) throws(UsageError) -> [String] {
        _ = try required(index, placeholder)
        return Array(positionals[index...])
    }

    /// Whether an option was given, whatever its value.
    func contains(_ option: OptionDeclaration) -> Bool {
        values[option.name] != nil
    }
}

/// A mistake on the command line: one line on standard error, a usage hint, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
