import Foundation
import PokedexKit
import SQLiteStorage

/// Group 13's text search rows: the store's token table against FTS5.
///
/// A `SQLiteStore` of ``SearchText`` (its text declared in `searchableAttributes`, so that
/// the store keeps a token table and answers `Condition.search` from it) against an FTS5
/// table of the same texts on the C API (`unicode61`, diacritics removed, `"word"*` prefix
/// queries), at the Pokédex's size (its English texts, 3,078) and at 100,000 texts
/// (`--quick`: 10,000). Target ≤ 2× at each.
///
/// Each run makes four searches, each read into records: `fire` (a common word's prefix),
/// `breath fire` and `burn chance` (two words, both required) and `volcano` (a rare word).
/// The two sides' rules differ in places — the store folds by compatibility decomposition
/// and full case folding (`½` is `1` and `2`; `ß` is `ss`) and keeps no soft hyphen, which
/// `unicode61` takes for a separator — but on these ASCII words, over these texts, both find
/// the same records, which each row checks before it is timed.
enum TextSearchBenchmarks {
    /// The searches of each run.
    static let searches = ["fire", "breath fire", "burn chance", "volcano"]

    static func run(
        _ bench: Bench, families: PokedexRecords, group: String
    ) async throws -> [Result] {
        let texts = SearchText.pokedexTexts(families)
        var results: [Result] = []
        for size in [texts.count, bench.quick ? 10_000 : 100_000] {
            results.append(
                try await search(
                    SearchText.records(of: texts, count: size), bench, group: group,
                    label: size == texts.count ? "the Pokédex's" : nil))
        }
        return results
    }

    /// The four searches over `records`, in the store and in FTS5.
    static func search(
        _ records: [SearchText], _ bench: Bench, group: String, label: String?
    ) async throws -> Result {
        try await Fixtures.withTemporaryDirectory { directory in
            let database = try await SQLiteModelDatabase.open(
                at: directory.appending(path: "search.sqlite"), for: [SearchText.self])
            let store = try database.store(for: SearchText.self)
            for start in stride(from: 0, to: records.count, by: 10_000) {
                try await store.upsert(
                    contentsOf: Array(records[start..<min(start + 10_000, records.count)]))
            }
            let connection = try SQLiteCBaseline(at: directory.appending(path: "fts.sqlite"))
            try connection.createSearchTable(records)
            let queries = try searches.map { text in
                let search = try TextSearch(text)
                return (
                    words: search.words,
                    query: RecordQuery<SearchText>(
                        where: .search(\.text, for: search))
                )
            }
            func fromStore() async throws -> [[SearchText]] {
                var found: [[SearchText]] = []
                for query in queries { found.append(try await store.fetch(query.query)) }
                return found
            }
            func fromFTS5() throws -> [[SearchText]] {
                try queries.map { try connection.search($0.words) }
            }
            let found = try await fromStore()
            let expected = try fromFTS5()
            for (index, text) in searches.enumerated() {
                let ids = Set(found[index].map(\.id))
                let other = Set(expected[index].map(\.id))
                guard ids == other, !ids.isEmpty,
                    Set(found[index]) == Set(expected[index])
                else {
                    try await database.close()
                    connection.close()
                    let only = ids.symmetricDifference(other).sorted().prefix(3)
                    throw BenchmarkError.disagreement(
                        "search \"\(text)\" in \(records.count) texts: \(ids.count) found "
                            + "against FTS5's \(other.count); found by one side only: "
                            + only.map { id in records[id - 1].text.prefix(120) }.description)
                }
            }
            let counts = found.map { String($0.count) }.joined(separator: ", ")
            let result = try await bench.compare(
                group: group,
                name: "\(searches.count) searches (\(searches.joined(separator: "; "))), "
                    + [label, "\(records.count.formatted()) texts"].compactMap { $0 }
                    .joined(separator: " "),
                target: .atMost(2),
                candidate: (
                    "SQLiteStore.fetch(.search(\\.text, for:)), from its token table",
                    { blackHole(try await fromStore()) }
                ),
                baseline: (
                    "C API: FTS5 (unicode61 remove_diacritics 2), MATCH '\"word\"*'",
                    { blackHole(try fromFTS5()) }
                ),
                note: "\(counts) records found; both read each match's id and text",
                repetitions: bench.quick ? 5 : 21)
            try await database.close()
            connection.close()
            return result
        }
    }
}
