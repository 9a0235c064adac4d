import Foundation
import KeyPathQuery
import Testing

/// A model with an unmapped property and attributes that some targets cannot render.
struct Specimen: Queryable {
    var id: Int
    var name: String
    var secret: String
    var bytes: Data
    var blobs: [Data]
    var words: [String]
    var ratio: Double
    var big: UInt64

    static let queryAttributes: AttributeMap<Specimen> = [
        \.id: "id", \.name: "name", \.bytes: "bytes", \.blobs: "blobs", \.words: "words",
        \.ratio: "ratio", \.big: "big",
    ]
}

/// A model that is its own only value, for a condition on the model itself.
enum Flavor: String, Queryable, QueryValueConvertible {
    case sweet, sour
    static let queryAttributes: AttributeMap<Flavor> = [:]
}

@Suite("Rendering errors: typed, and readable")
struct RenderingErrorTests {
    // MARK: Unmapped key paths

    @Test("an unmapped key path is named, with the fix, by every renderer")
    func unmappedKeyPath() throws {
        let condition: Condition<Specimen> = \.id > 1 && .hasPrefix(\.secret, "s")
        let expected = QueryError.unmappedKeyPath(#"\Specimen.secret"#, model: "Specimen")
        #expect(throws: expected) { try condition.predicateFormat() }
        #expect(throws: expected) { try condition.sqlExpression() }
        #expect(throws: expected) {
            try RecordQuery<Specimen>(sortedBy: [.ascending(\.secret)]).sqlClauses()
        }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(condition) }
        // Memory reads the key path itself and needs no name.
        _ = try condition.compiled()
        #expect(
            expected.description
                == #"The key path \Specimen.secret has no attribute name: add it to Specimen.queryAttributes."#
        )
    }

    // MARK: What a target cannot express

    struct Refusal: Sendable, CustomTestStringConvertible {
        let condition: Condition<Specimen>
        let target: QueryTarget
        /// Words the message must hold.
        let mentions: [String]
        /// For what SQL refuses, the ids of ``RenderingErrorTests/specimens`` that memory
        /// finds, worked out by hand.
        var memory: [Int]? = nil
        var testDescription: String { "\(target): \(mentions.joined(separator: ", "))" }
    }

    /// What memory evaluates the conditions SQL refuses on.
    static let specimens = [
        Specimen(
            id: 1, name: "apple", secret: "", bytes: Data(), blobs: [], words: [], ratio: 0.5,
            big: 1),
        Specimen(
            id: 2, name: "Élan", secret: "", bytes: Data([1]), blobs: [Data([1])],
            words: ["a\0b"], ratio: .nan, big: .max),
        Specimen(
            id: 3, name: "straße", secret: "", bytes: Data(), blobs: [Data([2])],
            words: ["a", "b"], ratio: 2, big: .max - 1),
        Specimen(
            id: 4, name: "a\0z", secret: "", bytes: Data([0]), blobs: [], words: [], ratio: 0,
            big: 0),
        Specimen(
            id: 5, name: "é", secret: "", bytes: Data(), blobs: [], words: [], ratio: -1, big: 5),
        Specimen(
            id: 6, name: "", secret: "", bytes: Data([2]), blobs: [], words: [], ratio: 1, big: 6),
    ]

    static let refusals: [Refusal] = [
        Refusal(
            condition: .matches(\.name, "a.*"), target: .sql, mentions: ["MATCHES", "REGEXP"],
            memory: [1, 4]),
        Refusal(
            condition: .contains(\.name, "e", options: .diacriticInsensitive), target: .sql,
            mentions: ["CONTAINS[d]", "diacritics"], memory: [1, 3, 5]),
        Refusal(
            condition: .hasPrefix(\.name, "É", options: .caseInsensitive), target: .sql,
            mentions: ["BEGINSWITH[c]", "ASCII"], memory: [2, 5]),
        Refusal(
            condition: .equals(\.name, "É", options: .caseInsensitive), target: .sql,
            mentions: ["==[c]", "ASCII"], memory: [5]),
        Refusal(
            condition: .in(\.name, ["a", "straße"], options: .caseInsensitive), target: .sql,
            mentions: ["==[c]", "straße", "ASCII"], memory: [3]),
        Refusal(
            condition: .equals(\.name, "e", options: .diacriticInsensitive), target: .sql,
            mentions: ["==[d]", "diacritics"], memory: [5]),
        Refusal(
            condition: .like(\.name, "a\0*"), target: .sql, mentions: ["LIKE", "NUL"],
            memory: [4]),
        Refusal(
            condition: \.big > UInt64.max - 1, target: .sql, mentions: ["Int64.max"], memory: [2]
        ),
        // NaN equals nothing in memory, itself included.
        Refusal(condition: \.ratio == .nan, target: .sql, mentions: ["NaN", "NULL"], memory: []),
        Refusal(
            condition: .contains(\.blobs, Data([1])), target: .sql, mentions: ["bytes", "JSON"],
            memory: [2]),
        Refusal(
            condition: .anyElement(\.words, where: \.self == "a\0b"), target: .sql,
            mentions: ["NUL", "JSON"], memory: [2]),
        Refusal(
            condition: .isEmpty(\.bytes), target: .sql, mentions: ["arrays and sets"],
            memory: [1, 3, 5]),
        Refusal(
            condition: .isEmpty(\.name), target: .sql, mentions: ["arrays and sets"], memory: [6]),
        Refusal(
            condition: .isEmpty(\.bytes), target: .predicateFormat, mentions: ["arrays and sets"]),
        Refusal(
            condition: .count(\.name, .greater, 3), target: .predicateFormat, mentions: ["String"]),
    ]

    @Test("a target refuses what it cannot express, and says why", arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        let error = try #require(throws: QueryError.self) {
            switch refusal.target {
            case .sql: _ = try refusal.condition.sqlExpression()
            case .predicateFormat: _ = try refusal.condition.predicateFormat()
            case .inMemory: _ = try refusal.condition.compiled()
            case .encoding: _ = try JSONEncoder().encode(refusal.condition)
            }
        }
        guard error.code == .unsupported, let target = error.target, let reason = error.reason
        else {
            Issue.record("expected .unsupported, got \(error)")
            return
        }
        #expect(target == refusal.target)
        #expect(!reason.isEmpty)
        #expect(error.description.hasPrefix("\(refusal.target) cannot express "))
        for word in refusal.mentions {
            #expect(error.description.contains(word), "\(error.description)")
        }
    }

    @Test("memory evaluates what SQL refuses", arguments: refusals.filter { $0.target == .sql })
    func memoryStillEvaluates(_ refusal: Refusal) throws {
        let expected = try #require(refusal.memory, "what memory finds, worked out by hand")
        #expect(try refusal.condition.filter(Self.specimens).map(\.id) == expected)
    }

    @Test("a condition on the model itself has no SQL column, but is SELF in a predicate")
    func modelItself() throws {
        let condition: Condition<Flavor> = \.self == .sweet
        #expect(
            try condition.predicateFormat()
                == PredicateFormat(format: "SELF == %@", arguments: [.string("sweet")]))
        #expect(throws: QueryError.self) { try condition.sqlExpression() }
    }

    @Test("a case-insensitive sort needs text, in SQL as in memory")
    func caseInsensitiveSortNeedsText() throws {
        let query = RecordQuery<Specimen>(sortedBy: [.ascending(\.id, options: .caseInsensitive)])
        let error = try #require(throws: QueryError.self) { try query.sqlClauses() }
        #expect(error.description.contains("is not text"))
        #expect(throws: QueryError.self) { try query.compiled() }
    }

    @Test(
        "a sort with text options is refused in SQL, which cannot fold as memory does",
        arguments: [TextOptions.caseInsensitive, .diacriticInsensitive])
    func foldedSortRefusedInSQL(options: TextOptions) throws {
        let query = RecordQuery<Specimen>(sortedBy: [.descending(\.name, options: options)])
        let error = try #require(throws: QueryError.self) { try query.sqlClauses() }
        #expect(
            error.description.hasPrefix(
                #"SQL cannot express a sort on "name" with options \#(options.predicateModifier): "#
                    + "SQLite's COLLATE NOCASE folds the case of ASCII letters only"))
        #expect(try query.compiled().apply(to: [Specimen]()).isEmpty)
    }

    // MARK: Regular expressions

    @Test("an invalid regular expression is refused in memory and as a predicate")
    func invalidRegularExpression() throws {
        let condition: Condition<Specimen> = .matches(\.name, "(unclosed")
        let asPredicate = try #require(throws: QueryError.self) { try condition.predicateFormat() }
        let inMemory = try #require(throws: QueryError.self) { try condition.compiled() }
        for error in [asPredicate, inMemory] {
            guard error.code == .invalidRegularExpression, let pattern = error.pattern,
                let reason = error.reason
            else {
                Issue.record("expected .invalidRegularExpression, got \(error)")
                continue
            }
            #expect(pattern == "(unclosed")
            #expect(!reason.isEmpty)
            #expect(
                error.description.hasPrefix(#"The regular expression "(unclosed" is invalid: "#))
        }
        // SQL has no regular expressions at all, valid or not.
        let sqlError = try #require(throws: QueryError.self) { try condition.sqlExpression() }
        #expect(sqlError.description.hasPrefix("SQL cannot express"))
    }

    // MARK: Limits and decoded values

    @Test("a condition deeper than maximumDepth is refused by every renderer")
    func tooDeep() throws {
        var condition: Condition<Specimen> = \.id == 0
        for index in 1...600 {
            condition = !(condition || \.id == index)
        }
        let expected = QueryError.conditionTooDeep(
            depth: 1_201, limit: Condition<Specimen>.maximumDepth)
        #expect(throws: expected) { try condition.predicateFormat() }
        #expect(throws: expected) { try condition.sqlExpression() }
        #expect(throws: expected) { try condition.compiled() }
    }

    @Test("a negative limit or offset is refused")
    func negativePage() throws {
        #expect(throws: QueryError.invalidPagination(limit: -1, offset: 0)) {
            try RecordQuery<Specimen>(limit: -1).sqlClauses()
        }
        #expect(throws: QueryError.invalidPagination(limit: nil, offset: -2)) {
            try RecordQuery<Specimen>(offset: -2).sqlClauses()
        }
    }

    @Test(
        "a decoded text equality on an attribute that is not text is refused by every target",
        arguments: [[String](), ["1"]])
    func decodedTextEqualityOnNumbers(operands: [String]) throws {
        let original: Condition<Specimen> = .in(\.name, operands, options: .caseInsensitive)
        let tampered = String(decoding: try JSONEncoder().encode(original), as: UTF8.self)
            .replacingOccurrences(of: #""name""#, with: #""id""#)
        let condition = try JSONDecoder().decode(
            Condition<Specimen>.self, from: Data(tampered.utf8))
        for target in [QueryTarget.inMemory, .predicateFormat, .sql] {
            let error = try #require(throws: QueryError.self) {
                switch target {
                case .sql: _ = try condition.sqlExpression()
                case .predicateFormat: _ = try condition.predicateFormat()
                case .inMemory: _ = try condition.compiled()
                case .encoding: _ = try JSONEncoder().encode(condition)
                }
            }
            #expect(
                error.code == .unsupported && error.target == target,
                "expected .unsupported for \(target), got \(error)")
        }
    }

    @Test("a decoded value that does not fit its attribute is refused by every target")
    func decodedValueOfTheWrongKind() throws {
        let original: Condition<Specimen> = \.id == 1
        let encoded = try JSONEncoder().encode(original)
        let tampered = String(decoding: encoded, as: UTF8.self)
            .replacingOccurrences(of: #"{"integer":1}"#, with: #"{"string":"one"}"#)
        let condition = try JSONDecoder().decode(
            Condition<Specimen>.self, from: Data(tampered.utf8))
        let expected = QueryError.invalidValue(.string("one"), attribute: "id", expected: "Int")
        #expect(throws: expected) { try condition.predicateFormat() }
        #expect(throws: expected) { try condition.sqlExpression() }
        #expect(throws: QueryError.self) { try condition.compiled() }
    }
}
