/// A command line split into its parts, with errors that say what is wrong and where.
///
/// The root package takes no dependencies, so this is a small hand-written parser: options
/// (`--type fire`, `--type=fire`), flags (`--json`), and positional arguments, checked
/// against what each command accepts.
struct Arguments {
    /// The options and flags a command accepts.
    struct Spec {
        var options: Set<String> = []
        var flags: Set<String> = []
        var positionals: ClosedRange<Int> = 0...0
    }

    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    init(_ words: some Sequence<String>, spec: Spec) throws(UsageError) {
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
            if spec.flags.contains(name) {
                guard inlineValue == nil else {
                    throw UsageError("--\(name) takes no value")
                }
                flags.insert(name)
            } else if spec.options.contains(name) {
                guard let value = inlineValue ?? words.popFirst(), !value.hasPrefix("--") else {
                    throw UsageError("--\(name) needs a value")
                }
                guard options[name] == nil else {
                    throw UsageError("--\(name) is given twice")
                }
                options[name] = value
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
        guard spec.positionals.contains(positionals.count) else {
            if positionals.count > spec.positionals.upperBound, let extra = positionals.last {
                throw UsageError("unexpected argument '\(extra)'")
            }
            throw UsageError("missing argument")
        }
    }

    /// An option's value, converted, or `nil` when absent.
    func option<T>(
        _ name: String, as convert: (String) -> T?, expected: String
    ) throws(UsageError) -> T? {
        guard let text = options[name] else { return nil }
        guard let value = convert(text) else {
            throw UsageError("--\(name) expects \(expected), not '\(text)'")
        }
        return value
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}

/// A mistake on the command line: one line on standard error, a usage hint, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
