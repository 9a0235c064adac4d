import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// One character of text.
struct Glyph: Hashable, Sendable, Queryable {
    var id: Int
    var text: String

    static let queryAttributes: AttributeMap<Glyph> = [\.id: "id", \.text: "text"]
}

/// Case-insensitive text in SQLite lowers ASCII letters and replaces the few characters whose
/// Unicode case folding holds ASCII letters (ß, ﬁ, the Kelvin sign, …).
///
/// This checks, against this platform's own folding, that the list of those characters is
/// complete.
@Suite("Case folding in SQL agrees with memory for every character")
struct CaseFoldingTests {
    /// Every character outside ASCII that case folding changes, each with its upper-case
    /// ASCII neighbours around it.
    static let glyphs: [Glyph] = {
        var glyphs: [Glyph] = []
        for value in 0x80...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseFolded
            else { continue }
            glyphs.append(Glyph(id: glyphs.count, text: "X" + String(Character(scalar)) + "Y"))
        }
        return glyphs
    }()

    static let operands =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        + ["ss", "st", "ff", "fi", "fl", "ffi", "ffl", "xss", "sy", "XK", "kY", "XssY", "xa"]

    @Test(
        "contains, hasPrefix, hasSuffix, like, equals and in ignoring case select the same glyphs")
    func everyCharacter() throws {
        #expect(Self.glyphs.count > 1_000)
        let database = try SQLiteDatabase()
        try database.execute("CREATE TABLE glyphs (id INTEGER NOT NULL, text TEXT NOT NULL)")
        try database.insert(
            into: "glyphs", columns: ["id", "text"],
            rows: Self.glyphs.map { [.integer(Int64($0.id)), .text($0.text)] })
        for operand in Self.operands {
            let conditions: [Condition<Glyph>] = [
                .contains(\.text, operand, options: .caseInsensitive),
                .hasPrefix(\.text, "x" + operand, options: .caseInsensitive),
                .hasSuffix(\.text, operand + "y", options: .caseInsensitive),
                .like(\.text, "x" + operand + "*", options: .caseInsensitive),
                .equals(\.text, "x" + operand + "y", options: .caseInsensitive),
                .in(\.text, ["x" + operand + "y", "xay"], options: .caseInsensitive),
            ]
            for condition in conditions {
                let query = RecordQuery(where: condition, sortedBy: [.ascending(\.id)])
                let clauses = try query.sqlClauses()
                let inSQLite = try database.integers(
                    "SELECT id FROM glyphs " + clauses.sql, clauses.bindings)
                let inMemory = try query.apply(to: Self.glyphs).map { Int64($0.id) }
                let format = try condition.predicateFormat().format
                #expect(inSQLite == inMemory, "\(operand): \(format)")
            }
        }
        // Not vacuous: ß and ẞ equal "ss", and the Kelvin sign equals "k", ignoring case.
        let equal: Condition<Glyph> = .in(\.text, ["XSSY", "XKY"], options: .caseInsensitive)
        #expect(try equal.filter(Self.glyphs).count >= 3)
    }
}
