import Foundation

/// How the command marks up text: plain, or in bold on a terminal that takes it.
///
/// Markup is used only when standard output is a terminal, `NO_COLOR` is unset or empty
/// (no-color.org) and `TERM` is not `dumb`; text sent to a file or a pipe stays plain.
struct TerminalStyle: Sendable {
    /// Whether to write ANSI markup.
    let usesMarkup: Bool

    /// No markup.
    static let plain = TerminalStyle(usesMarkup: false)

    /// The style for standard output in this process's environment.
    static func standardOutput(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = isatty(STDOUT_FILENO) == 1
    ) -> TerminalStyle {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return TerminalStyle(usesMarkup: isTerminal && !noColor && !dumb)
    }

    /// A section's heading: bold, or as it is.
    func heading(_ text: String) -> String {
        usesMarkup ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
