/// A command of the tool: what it takes, how it is built from its parsed arguments, and what
/// it does.
protocol Command {
    /// The command's name, summary, arguments and options: what parsing and help derive from.
    static var spec: CommandSpec { get }

    /// Builds the command from arguments parsed against ``spec``.
    ///
    /// - Throws: ``UsageError`` when the arguments do not go together.
    init(_ arguments: Arguments) throws(UsageError)

    /// Does the command's work, writing its output.
    func run() async throws
}

/// Everything the tool knows of one command: its name, what it does, its positional
/// arguments and its options.
///
/// The one declaration the parser (``Arguments``), the usage line, the command's help and
/// the overview are derived from (see `CommandSpec+Help.swift`).
struct CommandSpec: Sendable {
    /// The name typed after `pokedex`, such as `sync`.
    var name: String
    /// What the command does, in one line, for the overview and the help.
    var summary: String
    /// The positional arguments, in order.
    var positionals: [Positional] = []
    /// The options, in the order help lists them; each group's options exclude each other.
    var options: [OptionGroup] = []
    /// More lines for the help, after the summary, such as examples.
    var discussion: [String] = []

    /// Every option the command takes, in order.
    var declarations: [OptionDeclaration] { options.flatMap(\.alternatives) }

    /// The option with this name (without `--`), or `nil` when the command has none.
    func option(named name: String) -> OptionDeclaration? {
        declarations.first { $0.name == name }
    }

    /// How many positional arguments the command takes: at least the required ones.
    var positionalCount: ClosedRange<Int> {
        let most = positionals.last?.takesTheRest == true ? Int.max : positionals.count
        return positionals.filter { !$0.isOptional }.count...most
    }
}

/// A positional argument, such as `<id|name>`.
struct Positional: Sendable {
    /// The argument as usage shows it, such as `<id|name>`.
    var placeholder: String
    /// What it is, in a short phrase.
    var help: String
    /// Whether it may be left out.
    var isOptional = false
    /// Whether, last, it takes every argument left, one or more (`<words>...`).
    var takesTheRest = false

    /// The argument in a usage line: `<id|name>`, `[<command>]` when optional, `<words>...`
    /// when it takes the rest.
    var synopsis: String {
        let argument = takesTheRest ? placeholder + "..." : placeholder
        return isOptional ? "[\(argument)]" : argument
    }
}

/// One option, or options of which at most one may be given (`--store PATH | --in-memory`).
struct OptionGroup: Sendable {
    /// The options; more than one are alternatives.
    let alternatives: [OptionDeclaration]

    /// A single option.
    static func option<Value>(_ option: Option<Value>) -> OptionGroup {
        OptionGroup(alternatives: [option.declaration])
    }

    /// Two options that exclude each other.
    static func oneOf<First, Second>(
        _ first: Option<First>, _ second: Option<Second>
    ) -> OptionGroup {
        OptionGroup(alternatives: [first.declaration, second.declaration])
    }

    /// One of three options, or none: `[--base-url URL | --live | --remote URL]`.
    static func oneOf<First, Second, Third>(
        _ first: Option<First>, _ second: Option<Second>, _ third: Option<Third>
    ) -> OptionGroup {
        OptionGroup(alternatives: [first.declaration, second.declaration, third.declaration])
    }

    /// The group in a usage line: `[--store PATH | --in-memory]`.
    var synopsis: String {
        "[" + alternatives.map(\.synopsis).joined(separator: " | ") + "]"
    }
}
