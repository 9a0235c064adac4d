import PokedexKit

// `pokedex search` as text: the hits of each kind under a heading, each with the text that
// matched, within 80 columns.
extension PokedexSearchResults {
    /// The results: for each kind found, a heading with the number found, then each hit by
    /// number and name, with the text that matched under it (its language in brackets when
    /// it is not the one asked), and how many more there are.
    ///
    /// ```
    /// Entries (2)
    ///   #6 Charizard
    ///       It spits fire that is hot enough to melt boulders. It may cause forest fires
    ///       by blowing flames.
    /// ```
    ///
    /// - Parameters:
    ///   - search: The search, for the line that says nothing matched.
    ///   - style: How headings are shown.
    ///   - wording: The language of the headings and names.
    /// - Returns: The lines, joined by newlines.
    func text(
        for search: TextSearch, style: TerminalStyle = .plain, wording: Wording = .english
    ) -> String {
        guard !isEmpty else { return wording(.noMatch, search.description) }
        let sections: [(Phrase, [PokedexSearchHit], Int)] = [
            (.entries, species, counts.species), (.moves, moves, counts.moves),
            (.abilities, abilities, counts.abilities),
        ]
        return sections.filter { !$0.1.isEmpty }.map { phrase, hits, count in
            var lines = ["\(style.heading(wording(phrase))) (\(count))"]
            for hit in hits { lines += Self.lines(of: hit, wording: wording) }
            if count > hits.count {
                lines.append("  … " + wording(.moreMatches, String(count - hits.count)))
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// At most this many lines of an excerpt are shown, the last cut with `…`.
    static let excerptLines = 2

    /// A hit: its number and name, then its excerpt indented, unless the excerpt is the name.
    private static func lines(of hit: PokedexSearchHit, wording: Wording) -> [String] {
        let name = wording.text(hit.name, "names") ?? hit.identifier
        var lines = ["  #\(hit.id) \(name)"]
        guard let excerpt = hit.excerpt, excerpt.text != hit.name?.text else { return lines }
        var text = excerpt.text
        if excerpt.isFallback { text = "[\(excerpt.language)] " + text }
        var paragraph = PokedexEntry.paragraph(text, indent: "      ")
        if paragraph.count > excerptLines {
            paragraph = Array(paragraph.prefix(excerptLines))
            paragraph[excerptLines - 1] = Self.cut(paragraph[excerptLines - 1])
        }
        lines += paragraph
        return lines
    }

    /// A line with `…` at its end, within the entry's width.
    private static func cut(_ line: String) -> String {
        var line = line
        while line.displayWidth + 2 > PokedexEntry.width, !line.isEmpty { line.removeLast() }
        return line + " …"
    }
}
