import Foundation
import SQLiteCAPI

/// Text search in hand-written SQL: an FTS5 table, what a developer reaches for on SQLite's C
/// API, with the tokenizer closest to the store's rule (`unicode61`, diacritics removed) and
/// prefix queries.
extension SQLiteCBaseline {
    /// The FTS5 table's name.
    static let searchTable = "search_fts"

    /// Creates the FTS5 table and stores the texts in it, in one transaction, each text's
    /// rowid its record's id.
    ///
    /// - Throws: ``Failure`` when the system SQLite lacks FTS5 (`SQLITE_ENABLE_FTS5`).
    func createSearchTable(_ texts: [SearchText]) throws {
        try execute(
            "CREATE VIRTUAL TABLE \(Self.searchTable) USING "
                + "fts5(text, tokenize = 'unicode61 remove_diacritics 2')")
        let insert = try prepare("INSERT INTO \(Self.searchTable) (rowid, text) VALUES (?, ?)")
        try execute("BEGIN IMMEDIATE")
        for record in texts {
            sqlite3_bind_int64(insert, 1, Int64(record.id))
            bindText(record.text, to: insert, at: 2)
            let code = sqlite3_step(insert)
            sqlite3_reset(insert)
            guard code == SQLITE_DONE else {
                try? execute("ROLLBACK")
                throw failure("insert into \(Self.searchTable)")
            }
        }
        try execute("COMMIT")
    }

    /// The texts in which every word begins a word, in rowid order: FTS5's `"word"*` for
    /// each, all required.
    ///
    /// - Parameter words: The words, lowercase ASCII letters.
    /// - Returns: The matching records.
    /// - Throws: ``SQLiteCBaseline/Failure`` when the statement fails.
    func search(_ words: [String]) throws -> [SearchText] {
        let statement = try prepare(
            "SELECT rowid, text FROM \(Self.searchTable) WHERE \(Self.searchTable) MATCH ? "
                + "ORDER BY rowid")
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        bindText(words.map { "\"\($0)\"*" }.joined(separator: " "), to: statement, at: 1)
        var found: [SearchText] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW:
                found.append(
                    SearchText(
                        id: Int(sqlite3_column_int64(statement, 0)),
                        text: sqlite3_column_text(statement, 1).map { String(cString: $0) } ?? ""
                    ))
            case SQLITE_DONE: return found
            default: throw failure("search \(words)")
            }
        }
    }
}
