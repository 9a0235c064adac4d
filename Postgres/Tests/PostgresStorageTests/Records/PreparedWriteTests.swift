import Foundation
import KeyPathQuery
import ModelStorage
import PostgresStorage
import Testing

/// Writing one record alone, and in a batch: the same row.
///
/// A record written alone goes through a prepared statement that binds every value as text
/// and casts it to its column's type; a batch goes through a multi-row statement that binds
/// each value in binary.
@Suite("Writes by prepared statement")
struct PreparedWriteTests {
    /// A value of every kind a column stores, at its edges. (No infinity: JSON has none.)
    static let samples = [
        Sample(
            id: 1, real: 0.1, small: 1.5, bytes: Data([0, 1, 15, 16, 255]),
            when: Date(timeIntervalSinceReferenceDate: 0.25), big: Int.max, flag: true,
            text: #"O'Brien \ "q" caf\#u{E9} \#u{1F409}"#, list: ["a", #"b"c"#]),
        Sample(
            id: 2, real: -0.0, small: nil, bytes: Data(), when: .distantPast, big: Int.min,
            flag: false, text: "", list: []),
        Sample(
            id: 3, real: .greatestFiniteMagnitude, small: -.greatestFiniteMagnitude,
            bytes: Data((0...255).map { UInt8($0) }), when: .distantFuture, big: 0, flag: true,
            text: "tab\tnew line\n", list: ["\u{E9}"]),
        Sample(
            id: 4, real: .leastNonzeroMagnitude, small: .leastNormalMagnitude,
            bytes: Data([92, 120]), when: Date(timeIntervalSinceReferenceDate: -1e9), big: -1,
            flag: false, text: "\\x00", list: ["x"]),
        Sample(
            id: 5, real: 1e300, small: 0, bytes: Data([0]),
            when: Date(timeIntervalSinceReferenceDate: 1e-6), big: 1 << 53 + 1, flag: true,
            text: "1e-05", list: ["", " "]),
    ]

    /// A record SQL cannot read exactly (its text is not in normalization form C): stored
    /// with `NULL` in that column and `_exact` false.
    static let inexact = Sample(
        id: 6, real: 2, small: 2, bytes: Data([6]), when: Date(timeIntervalSinceReferenceDate: 6),
        big: 6, flag: false, text: "e\u{301}", list: ["q\u{301}"])

    @Test("a record written alone is stored as in a batch, column for column")
    func aloneAsInABatch() async throws {
        let alone = try await TestStores.freshDatabase()
        let batched = try await TestStores.freshDatabase()
        try await TestStores.with { stores in
            let one = try await stores.open(Sample.self, on: alone)
            let many = try await stores.open(Sample.self, on: batched)
            for sample in Self.samples { try await one.upsert(sample) }
            // And once more, replacing each record in place.
            for sample in Self.samples { try await one.upsert(sample) }
            for sample in Self.samples {
                #expect(try await one.fetch(id: sample.id) == sample)
            }
            // Queries SQL answers whole read the columns the prepared statement wrote.
            #expect(try await one.fetch(RecordQuery(where: \.flag == true)).map(\.id) == [1, 3, 5])
            #expect(try await one.count(where: \.big < 0) == 2)
            #expect(
                try await one.fetch(RecordQuery(where: \.bytes == Data([92, 120]))).map(\.id)
                    == [4])
            #expect(
                try await one.fetch(RecordQuery(sortedBy: [.descending(\.real)])).map(\.id)
                    == [3, 5, 1, 4, 2])
            try await one.upsert(Self.inexact)
            try await many.upsert(contentsOf: Self.samples + [Self.inexact])
            #expect(try await one.fetch(id: 6) == Self.inexact)
        }
        // Every column but `_order` and `_version`; `_record` as JSON (`JSONEncoder` writes
        // an object's keys in no fixed order).
        let columns =
            #"SELECT ((to_jsonb(s) - '_order' - '_version' - '_record') || "#
            + #"jsonb_build_object('_record', CAST(s."_record" AS jsonb)))::text "#
            + #"FROM sample s ORDER BY "_key""#
        let written = try await PostgresStoreTests.strings(columns, on: alone)
        #expect(written.count == Self.samples.count + 1)
        let inBatches = try await PostgresStoreTests.strings(columns, on: batched)
        for (one, other) in zip(written, inBatches) { #expect(one == other) }
    }
}

/// A model with an attribute of each kind of column.
struct Sample: StorableModel, Hashable {
    var id: Int
    var real: Double
    var small: Float?
    var bytes: Data
    var when: Date
    var big: Int
    var flag: Bool
    var text: String
    var list: [String]

    static let queryAttributes: AttributeMap<Sample> = [
        \.id: "id", \.real: "real", \.small: "small", \.bytes: "bytes", \.when: "when",
        \.big: "big", \.flag: "flag", \.text: "text", \.list: "list",
    ]
}
