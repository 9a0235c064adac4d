import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// A model with an attribute of every integer and floating-point width that `Record` does not
/// already cover (`Int8`, `UInt64` and `Double` are there).
struct Widths: Queryable, Hashable, Sendable {
    var id: Int
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var float: Float

    static let queryAttributes: AttributeMap<Widths> = [
        \.id: "id", \.int16: "int16", \.int32: "int32", \.int64: "int64", \.uint: "uint",
        \.uint8: "uint8", \.uint16: "uint16", \.uint32: "uint32", \.float: "float",
    ]

    /// Values spread over each type's whole range, the extremes included.
    static let all: [Widths] = (0..<40).map(Widths.init(spreadAt:))
}

extension Widths {
    /// The record at position `i` of 40: the first holds each signed type's minimum, the last
    /// each type's maximum, and the rest are spread evenly in between.
    ///
    /// Each value is computed in its own statement with its type spelled out, so the
    /// type checker never has to solve one large expression.
    init(spreadAt i: Int) {
        let first = i == 0
        let last = i == 39
        let int16: Int16 = first ? .min : last ? .max : Int16(i * 800 - 16_000)
        let int32: Int32 = first ? .min : last ? .max : Int32(i * 100_000_000 - 2_000_000_000)
        let int64Step: Int64 = Int64(i) * 200_000_000_000_000_000
        let int64: Int64 = first ? .min : last ? .max : int64Step - 4_000_000_000_000_000_000
        let uint8: UInt8 = last ? .max : UInt8(i * 6)
        let uint16: UInt16 = last ? .max : UInt16(i * 1_600)
        let uint32: UInt32 = last ? .max : UInt32(i) * 100_000_000
        let float: Float = Float(i) * 0.25 - 4
        self.init(
            id: i, int16: int16, int32: int32, int64: int64, uint: UInt(i) * 1_000,
            uint8: uint8, uint16: uint16, uint32: uint32, float: float)
    }
}

@Suite("Every integer and floating-point width, in memory, in NSPredicate and in SQLite")
struct NumericWidthsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let condition: Condition<Widths>
        let argument: QueryValue
        let reference: @Sendable (Widths) -> Bool
        var testDescription: String { label }

        init(
            _ label: String, _ condition: Condition<Widths>, argument: QueryValue,
            matching reference: @escaping @Sendable (Widths) -> Bool
        ) {
            self.label = label
            self.condition = condition
            self.argument = argument
            self.reference = reference
        }
    }

    static let cases: [Case] = [
        Case("Int16 <", \.int16 < -1_000, argument: .integer(-1_000)) { $0.int16 < -1_000 },
        Case("Int16 == min", \.int16 == Int16.min, argument: .integer(-32_768)) {
            $0.int16 == .min
        },
        Case("Int32 >=", \.int32 >= 500_000_000, argument: .integer(500_000_000)) {
            $0.int32 >= 500_000_000
        },
        Case("Int64 == max", \.int64 == Int64.max, argument: .integer(Int64.max)) {
            $0.int64 == .max
        },
        Case("Int64 between", .between(\.int64, -1...Int64.max - 1), argument: .integer(-1)) {
            (-1...Int64.max - 1).contains($0.int64)
        },
        Case("UInt >", \.uint > 20_000, argument: .integer(20_000)) { $0.uint > 20_000 },
        Case("UInt8 == max", \.uint8 == UInt8.max, argument: .integer(255)) { $0.uint8 == .max },
        Case("UInt8 in", .in(\.uint8, [0, 6, 255]), argument: .integer(0)) {
            [0, 6, 255].contains($0.uint8)
        },
        Case("UInt16 <=", \.uint16 <= 16_000, argument: .integer(16_000)) { $0.uint16 <= 16_000 },
        Case("UInt32 >", \.uint32 > 3_000_000_000, argument: .integer(3_000_000_000)) {
            $0.uint32 > 3_000_000_000
        },
        Case("Float <", \.float < 0.5, argument: .double(0.5)) { $0.float < 0.5 },
        Case("Float !=", \.float != 1.25, argument: .double(1.25)) { $0.float != 1.25 },
    ]

    @Test("evaluate as a hand-written test does", arguments: cases)
    func inMemory(_ testCase: Case) throws {
        let selected = try testCase.condition.filter(Widths.all).map(\.id)
        #expect(selected == Widths.all.filter(testCase.reference).map(\.id))
        #expect(!selected.isEmpty && selected.count < Widths.all.count)
    }

    @Test("carry their value as an NSPredicate argument", arguments: cases)
    func predicateArgument(_ testCase: Case) throws {
        let rendered = try testCase.condition.predicateFormat()
        #expect(rendered.format.hasPrefix("%K "))
        let values = rendered.arguments.dropFirst().flatMap { argument -> [QueryValue] in
            if case .list(let elements) = argument { return elements }
            return [argument]
        }
        #expect(values.first == testCase.argument, "\(rendered.arguments)")
    }

    @Test("select in SQLite what memory selects", arguments: cases)
    func inSQLite(_ testCase: Case) throws {
        let database = try SQLiteDatabase()
        let columns = [
            "id", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "float",
        ]
        try database.execute(
            "CREATE TABLE widths ("
                + columns.map { "\($0) \($0 == "float" ? "REAL" : "INTEGER") NOT NULL" }
                .joined(separator: ", ") + ")")
        try database.insert(
            into: "widths", columns: columns,
            rows: Widths.all.map { w in
                [
                    .integer(Int64(w.id)), .integer(Int64(w.int16)), .integer(Int64(w.int32)),
                    .integer(w.int64), .integer(Int64(w.uint)), .integer(Int64(w.uint8)),
                    .integer(Int64(w.uint16)), .integer(Int64(w.uint32)), .real(Double(w.float)),
                ]
            })
        let query = RecordQuery(where: testCase.condition, sortedBy: [.ascending(\.id)])
        let clauses = try query.sqlClauses()
        let ids = try database.integers("SELECT id FROM widths " + clauses.sql, clauses.bindings)
        #expect(ids.map { Int($0) } == Widths.all.filter(testCase.reference).map(\.id))
    }
}
