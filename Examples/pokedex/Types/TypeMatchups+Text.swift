import PokedexKit

// `pokedex types` as text: the library's `TypeMatchups`, a line per multiplier.
extension TypeMatchups {
    /// A multiplier as the table writes it: `4×`, `2×`, `1×`, `½×`, `¼×` or `0×`.
    static func label(_ multiplier: Double) -> String {
        switch multiplier {
        case 0.5: "½×"
        case 0.25: "¼×"
        default: "\(Int(multiplier))×"
        }
    }

    /// The table as text, at most `width` columns wide: a title, then one line per group
    /// (more where a group's names wrap), each type by its display name.
    ///
    /// ```
    /// Fire/Flying defending: damage from each attacking type
    ///   4×  Rock
    ///   2×  Water, Electric
    ///   …
    /// ```
    ///
    /// - Parameters:
    ///   - width: The widest line allowed.
    ///   - wording: The language of the title.
    ///   - displayName: A type's name as shown, such as "Fire".
    /// - Returns: The lines, joined by newlines.
    func text(
        width: Int = CommandSpec.helpWidth, wording: Wording = .english,
        displayName: (PokemonType) -> String
    ) -> String {
        let title = defending.map(displayName).joined(separator: "/")
        var lines = CommandSpec.wrap([wording(.defending, title)], width: width)
        let indent = "      "
        for group in groups {
            let wrapped = CommandSpec.wrapList(
                group.attacking.map(displayName), width: width - indent.count)
            let label = Self.label(group.multiplier)
            lines.append(
                "  " + label + String(repeating: " ", count: 4 - label.displayWidth)
                    + wrapped.joined(separator: "\n" + indent))
        }
        return lines.joined(separator: "\n")
    }
}
