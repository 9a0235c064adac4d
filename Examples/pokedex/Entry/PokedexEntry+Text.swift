import Foundation
import PokedexKit

// `pokedex show` as text: the library's `PokedexEntry`, in sections, within 80 columns.
extension PokedexEntry {
    /// The widest line of an entry.
    static let width = CommandSpec.helpWidth
    /// The most characters a stat's bar takes, for a stat of 255.
    static let barWidth = 40

    /// The entry as the in-game Pokédex shows it: the title, types and measures, the
    /// description, then the abilities, base stats, matchups, evolution line, other forms and
    /// the user's notes (each section left out when the entry lacks it).
    ///
    /// ```
    /// #6 Charizard · Flame Pokémon
    /// Fire/Flying · generation 1
    /// Height 1.7 m (5′07″) · Weight 90.5 kg (199.5 lb)
    /// …
    /// ```
    ///
    /// The headings, labels and type names are in `wording`'s language; the names and texts
    /// are the entry's own, already in it (``Pokedex/entry(for:in:)``).
    ///
    /// - Parameters:
    ///   - style: How headings are shown; plain unless on a terminal that takes colour.
    ///   - wording: The language of headings, labels and type names.
    /// - Returns: The lines, joined by newlines.
    func text(style: TerminalStyle = .plain, wording: Wording = .english) -> String {
        var sections = [headerLines(style: style, wording: wording)]
        if let flavorText {
            sections.append(
                Self.paragraph(flavorText.text, indent: "")
                    + ["  — Pokémon \(Self.versionName(flavorText.version))"])
        }
        if !abilities.isEmpty {
            sections.append([style.heading(wording(.abilities))] + abilityLines(wording: wording))
        }
        sections.append([style.heading(wording(.baseStats))] + statLines(wording: wording))
        sections.append(
            [style.heading(wording(.damageTaken))] + matchupLines(style: style, wording: wording))
        if let evolution {
            let tree = EvolutionTree(evolution) { speciesNames[$0] }
            sections.append(
                [style.heading(wording(.evolution))]
                    + tree.text(width: Self.width - 2).split(separator: "\n").map { "  " + $0 })
        }
        if !forms.isEmpty {
            let names = forms.map { "\($0.name) (#\($0.pokemonID))" }
            sections.append(
                [style.heading(wording(.otherForms))]
                    + CommandSpec.wrapList(names, width: Self.width - 2).map { "  " + $0 })
        }
        if !notes.isEmpty {
            sections.append([style.heading(wording(.notes))] + notes.flatMap(NoteCommand.lines))
        }
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// The title, the types (in their colours) and flags, and the measures.
    private func headerLines(style: TerminalStyle, wording: Wording) -> [String] {
        var title = "#\(id) \(displayName)"
        if name != displayName.lowercased(), speciesID != id { title += " (\(name))" }
        if let genus { title += " · \(genus)" }
        if favorite { title += "  ★ \(wording(.favorite))" }
        var kinds = [
            types.map { style.type($0, wording.typeName($0)) }.joined(separator: "/")
        ]
        if let generation { kinds.append(wording(.generation, String(generation))) }
        if isLegendary { kinds.append(wording(.legendary)) }
        if isMythical { kinds.append(wording(.mythical)) }
        if isBaby { kinds.append(wording(.baby)) }
        let measures =
            "\(wording(.height)) \(Self.metres(height)) (\(Self.feetAndInches(height))) · "
            + "\(wording(.weight)) \(Self.kilograms(weight)) (\(Self.pounds(weight)))"
        return
            (CommandSpec.wrap([title], width: Self.width) + [
                kinds.joined(separator: " · "), measures,
            ])
    }

    /// Each ability by name, the hidden one marked, with its effect wrapped beneath.
    private func abilityLines(wording: Wording) -> [String] {
        abilities.flatMap { ability in
            let label =
                "  " + ability.displayName + (ability.isHidden ? " (\(wording(.hidden)))" : "")
            guard let effect = ability.effect, !effect.isEmpty else { return [label] }
            return [label] + Self.paragraph(effect, indent: "      ")
        }
    }

    /// Each base stat with its value and a bar, then the total; the label column is 9
    /// columns wide, wider where a language's labels need it.
    private func statLines(wording: Wording) -> [String] {
        let labels: [Stat: String] = [
            .hp: wording(.hp), .attack: wording(.attack), .defense: wording(.defense),
            .specialAttack: wording(.specialAttack), .specialDefense: wording(.specialDefense),
            .speed: wording(.speed),
        ]
        let total = wording(.total)
        let widest = (labels.values.map(\.displayWidth) + [total.displayWidth]).max() ?? 0
        let labelWidth = max(9, widest + 1)
        let lines = stats.map { stat in
            let label = labels[stat.stat] ?? stat.stat.rawValue
            let filled = max(1, (stat.value * Self.barWidth + 127) / 255)
            return "  " + Self.padded(label, labelWidth)
                + Self.padded(String(stat.value), 3, right: true)
                + "  " + String(repeating: "█", count: min(filled, Self.barWidth))
        }
        return lines + ["  " + Self.padded(total, labelWidth) + String(baseStatTotal)]
    }

    /// The attacking types by the damage they deal, 1× left out, each in its colour.
    private func matchupLines(style: TerminalStyle, wording: Wording) -> [String] {
        let indent = "      "
        let typesByName = Dictionary(
            PokemonType.known.map { (wording.typeName($0), $0) }, uniquingKeysWith: { $1 })
        return matchups.groups.filter { $0.multiplier != 1 }.map { group in
            let label = TypeMatchups.label(group.multiplier)
            // Wrapped as plain words (one a type, with its comma), then each word coloured.
            let names = CommandSpec.wrapList(
                group.attacking.map(wording.typeName), width: Self.width - indent.count
            ).map { line in
                line.split(separator: " ").map { word in
                    let name = String(word.hasSuffix(",") ? word.dropLast() : word)
                    let type = typesByName[name] ?? PokemonType(rawValue: name.lowercased())
                    return style.type(type, name) + (word.hasSuffix(",") ? "," : "")
                }.joined(separator: " ")
            }
            return "  " + Self.padded(label, 4) + names.joined(separator: "\n" + indent)
        }
    }

    // MARK: Words and units

    /// A game version's PokeAPI name as words: `lets-go-pikachu` → "Lets Go Pikachu".
    static func versionName(_ version: String) -> String {
        version.split(separator: "-").map { $0.capitalized }.joined(separator: " ")
    }

    /// Decimetres in metres: 17 → "1.7 m".
    static func metres(_ decimetres: Int) -> String {
        "\(decimetres / 10).\(decimetres % 10) m"
    }

    /// Hectograms in kilograms: 905 → "90.5 kg".
    static func kilograms(_ hectograms: Int) -> String {
        "\(hectograms / 10).\(hectograms % 10) kg"
    }

    /// Decimetres in feet and inches, to the nearest inch: 17 → "5′07″".
    static func feetAndInches(_ decimetres: Int) -> String {
        let inches = Int((Double(decimetres) * 3.937_007_874).rounded())
        let remainder = inches % 12
        return "\(inches / 12)′\(remainder < 10 ? "0" : "")\(remainder)″"
    }

    /// Hectograms in pounds, to a tenth: 905 → "199.5 lb".
    static func pounds(_ hectograms: Int) -> String {
        let tenths = Int((Double(hectograms) * 2.204_622_62).rounded())
        return "\(tenths / 10).\(tenths % 10) lb"
    }

    /// Text wrapped within the entry's width, each line after `indent`; wide characters
    /// take two columns (``DisplayWidth``).
    static func paragraph(_ text: String, indent: String) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        return CommandSpec.wrap(words, width: width - indent.displayWidth).map { indent + $0 }
    }

    /// Text padded with spaces to `count` columns (``DisplayWidth``), on the right or,
    /// `right`, the left.
    static func padded(_ text: String, _ count: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, count - text.displayWidth))
        return right ? padding + text : text + padding
    }
}
