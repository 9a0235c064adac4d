import Foundation
import PokedexKit

/// How the command marks up text: plain, or in bold and colour on a terminal that takes it.
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

    /// A type's name in the type's colour (from the 256-colour palette), or as it is; a type
    /// without a colour of its own (`unknown`, `shadow`, `stellar`) stays as it is.
    func type(_ type: PokemonType, _ text: String) -> String {
        guard usesMarkup, let colour = Self.typeColours[type] else { return text }
        return "\u{1B}[38;5;\(colour)m\(text)\u{1B}[0m"
    }

    /// The colour of each of the 18 battle types, near the games' own.
    static let typeColours: [PokemonType: Int] = [
        .normal: 145, .fire: 202, .water: 33, .electric: 220, .grass: 70, .ice: 117,
        .fighting: 160, .poison: 127, .ground: 179, .flying: 147, .psychic: 205, .bug: 106,
        .rock: 136, .ghost: 97, .dragon: 63, .dark: 94, .steel: 109, .fairy: 218,
    ]

    /// Text without the markup this style writes: what a reader sees, for measuring.
    static func stripped(_ text: String) -> String {
        text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }
}
