import Foundation
import InternalSupport
import KeyPathQuery
import SQLStorage
import Testing

/// Rows whose attribute columns hold their record: which records encode flat, which rows hold
/// them, and that decoding such a row gives what decoding the record's JSON gives.
@Suite("Column rows")
struct ColumnRowTests {
    enum Kind: String, Codable { case plain, legendary }

    /// A small record of scalars, as a table's columns would hold it.
    struct Form: Codable, Equatable {
        var id: Int
        var name: String
        var attack: Int?
        var legendary: Bool
        var weight: Double
        var height: Float
        var caught: Date?
        var kind: Kind
        var level: UInt8
    }

    static let columns = [
        "id", "name", "attack", "legendary", "weight", "height", "caught", "kind", "level",
    ]

    /// A form's columns as a backend binds them: Booleans as SQLite's integers or as
    /// PostgreSQL's `boolean`, dates as seconds since 2001.
    static func bindings(of form: Form, booleansAsIntegers: Bool) -> [SQLBinding] {
        let attack: SQLBinding = form.attack.map { SQLBinding.integer(Int64($0)) } ?? .null
        let legendary: SQLBinding =
            booleansAsIntegers ? .integer(form.legendary ? 1 : 0) : .boolean(form.legendary)
        let caught: SQLBinding =
            form.caught.map { SQLBinding.real($0.timeIntervalSinceReferenceDate) } ?? .null
        var bindings: [SQLBinding] = [.integer(Int64(form.id)), .text(form.name), attack]
        bindings += [legendary, .real(form.weight), .real(Double(form.height)), caught]
        bindings += [.text(form.kind.rawValue), .integer(Int64(form.level))]
        return bindings
    }

    static func randomForm(using generator: inout SplitMix64) -> Form {
        let names = ["bulbasaur", "Flabébé", "mr-mime", "", "ニドラン♀", "a\u{0}b", "e\u{301}"]
        let id = Int(Int64.random(in: .min ... .max, using: &generator) >> 8)
        let name = names[Int.random(in: 0..<names.count, using: &generator)]
        let attack: Int? =
            Bool.random(using: &generator) ? Int.random(in: -5...300, using: &generator) : nil
        let seconds = Double.random(in: -1e9...1e9, using: &generator)
        let caught: Date? =
            Bool.random(using: &generator) ? Date(timeIntervalSinceReferenceDate: seconds) : nil
        return Form(
            id: id, name: name, attack: attack, legendary: Bool.random(using: &generator),
            weight: Double.random(in: -1e6...1e6, using: &generator),
            height: Float.random(in: 0...20, using: &generator), caught: caught,
            kind: Bool.random(using: &generator) ? .plain : .legendary,
            level: UInt8.random(in: 0...255, using: &generator))
    }

    @Test("a record of scalars holds in its columns and decodes as from its JSON, in both dialects")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 40)
        let decoder = ColumnRecordDecoder(columns: Self.columns)
        for _ in 0..<500 {
            let form = Self.randomForm(using: &generator)
            let values = try #require(ColumnRecordEncoder.values(of: form), "\(form)")
            let fromJSON = try JSONDecoder().decode(Form.self, from: JSONEncoder().encode(form))
            for booleansAsIntegers in [true, false] {
                let bindings = Self.bindings(of: form, booleansAsIntegers: booleansAsIntegers)
                #expect(ColumnRow.holdsRecord(values, columns: Self.columns, bindings: bindings))
                let fromColumns = try decoder.decode(Form.self, from: bindings)
                #expect(fromColumns == fromJSON, "\(form)")
                #expect(fromColumns == form)
            }
        }
    }

    @Test("absent optionals are absent keys; the flat values name each key once")
    func flatValues() throws {
        let form = Form(
            id: 6, name: "charizard", attack: nil, legendary: false, weight: 90.5, height: 1.7,
            caught: nil, kind: .plain, level: 36)
        let values = try #require(ColumnRecordEncoder.values(of: form))
        #expect(values["attack"] == nil && values["caught"] == nil)
        #expect(values["id"] == .integer(6))
        #expect(values["legendary"] == .boolean(false))
        #expect(values["kind"] == .text("plain"))
        #expect(values.count == 7)
    }

    struct Nested: Codable { var id: Int; var stats: [String: Int] }
    struct Listed: Codable { var id: Int; var types: [String] }
    struct Huge: Codable { var id: UInt64 }
    struct Signed: Codable { var id: Int; var weight: Double }
    struct Single: Codable { var id: Int }
    /// Writes `nil` under a key, as JSON keeps it and a column cannot.
    struct ExplicitNil: Encodable {
        var id: Int
        enum CodingKeys: String, CodingKey { case id, nickname }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeNil(forKey: .nickname)
        }
    }
    /// Writes one key twice.
    struct Twice: Encodable {
        enum CodingKeys: String, CodingKey { case id }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .id)
            try container.encode(2, forKey: .id)
        }
    }
    /// A record that is a single value, not keyed.
    struct Bare: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(3)
        }
    }

    /// Notes how far its `encode(to:)` got: a nested value first, then a scalar.
    final class Progress: @unchecked Sendable { var reachedScalar = false }
    struct NestedFirst: Encodable {
        let progress: Progress
        enum CodingKeys: String, CodingKey { case stats, id }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(["hp": 3], forKey: .stats)
            progress.reachedScalar = true
            try container.encode(1, forKey: .id)
        }
    }

    @Test("encoding stops at the first value that is not a scalar")
    func stopsEarly() {
        let progress = Progress()
        #expect(ColumnRecordEncoder.values(of: NestedFirst(progress: progress)) == nil)
        #expect(!progress.reachedScalar)
    }

    @Test("anything but one keyed container of scalars keeps its JSON")
    func notFlat() {
        #expect(ColumnRecordEncoder.values(of: Nested(id: 1, stats: ["hp": 3])) == nil)
        #expect(ColumnRecordEncoder.values(of: Listed(id: 1, types: ["fire"])) == nil)
        #expect(ColumnRecordEncoder.values(of: Huge(id: .max)) == nil)
        #expect(ColumnRecordEncoder.values(of: Huge(id: 7)) == ["id": .integer(7)])
        #expect(ColumnRecordEncoder.values(of: Signed(id: 1, weight: -0.0)) == nil)
        #expect(ColumnRecordEncoder.values(of: Signed(id: 1, weight: .nan)) == nil)
        #expect(ColumnRecordEncoder.values(of: Signed(id: 1, weight: .infinity)) == nil)
        #expect(ColumnRecordEncoder.values(of: Signed(id: 1, weight: 0.0)) != nil)
        #expect(ColumnRecordEncoder.values(of: ExplicitNil(id: 1)) == nil)
        #expect(ColumnRecordEncoder.values(of: Twice()) == nil)
        #expect(ColumnRecordEncoder.values(of: Bare()) == nil)
        #expect(ColumnRecordEncoder.values(of: Single(id: 1)) == ["id": .integer(1)])
    }

    @Test(
        "a row holds its record only when its non-NULL columns are the record's keys, same values")
    func holds() {
        let values: [String: SQLBinding] = ["id": .integer(1), "name": .text("a")]
        let columns = ["id", "name", "extra"]
        func holds(_ bindings: [SQLBinding]) -> Bool {
            ColumnRow.holdsRecord(values, columns: columns, bindings: bindings)
        }
        #expect(holds([.integer(1), .text("a"), .null]))
        // An attribute named like a key that reads another property.
        #expect(!holds([.integer(1), .text("b"), .null]))
        // A column that is no key (a computed attribute) holding a value.
        #expect(!holds([.integer(1), .text("a"), .integer(3)]))
        // A key with no column, or its column NULL.
        #expect(!holds([.integer(1), .null, .null]))
        #expect(!ColumnRow.holdsRecord(values, columns: ["id"], bindings: [.integer(1)]))
        // Names and values of different counts.
        #expect(!ColumnRow.holdsRecord(values, columns: columns, bindings: [.integer(1)]))
        // Text the same only canonically, and numbers of another kind or sign.
        #expect(
            !ColumnRow.holdsRecord(
                ["name": .text("\u{E9}")], columns: ["name"], bindings: [.text("e\u{301}")]))
        #expect(
            !ColumnRow.holdsRecord(["n": .integer(1)], columns: ["n"], bindings: [.real(1)]))
        #expect(
            !ColumnRow.holdsRecord(["n": .real(1)], columns: ["n"], bindings: [.integer(1)]))
        #expect(
            ColumnRow.holdsRecord(["b": .boolean(true)], columns: ["b"], bindings: [.integer(1)]))
        #expect(
            !ColumnRow.holdsRecord(["b": .boolean(true)], columns: ["b"], bindings: [.integer(2)]))
        #expect(
            !ColumnRow.holdsRecord(["b": .integer(1)], columns: ["b"], bindings: [.boolean(true)]))
    }

    @Test("a row that does not decode throws the DecodingError JSON would, naming the key")
    func errors() throws {
        let decoder = ColumnRecordDecoder(columns: ["id"])
        let absent = try #require(throws: DecodingError.self) {
            try decoder.decode(Single.self, from: [.null])
        }
        guard case .keyNotFound(let key, _) = absent else {
            Issue.record("\(absent)")
            return
        }
        #expect(key.stringValue == "id")
        let text = try #require(throws: DecodingError.self) {
            try decoder.decode(Single.self, from: [.text("one")])
        }
        #expect(Self.path(of: text) == ["id"], "\(text)")
        let weight = try #require(throws: DecodingError.self) {
            try ColumnRecordDecoder(columns: ["id", "weight"])
                .decode(Signed.self, from: [.integer(1), .text("heavy")])
        }
        #expect(Self.path(of: weight) == ["weight"], "\(weight)")
        struct Small: Codable { var id: Int8 }
        let overflow = try #require(throws: DecodingError.self) {
            try decoder.decode(Small.self, from: [.integer(300)])
        }
        guard case .dataCorrupted(let context) = overflow else {
            Issue.record("\(overflow)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["id"])
        #expect(throws: DecodingError.self) {
            try ColumnRecordDecoder(columns: ["id", "stats"])
                .decode(Nested.self, from: [.integer(1), .text("{}")])
        }
    }

    /// The coding path of a type mismatch, or `nil` for another error.
    static func path(of error: DecodingError) -> [String]? {
        guard case .typeMismatch(_, let context) = error else { return nil }
        return context.codingPath.map(\.stringValue)
    }
}
