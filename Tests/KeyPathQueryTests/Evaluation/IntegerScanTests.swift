import KeyPathQuery
import Testing

private struct Reading: Queryable, Hashable {
    var id: Int
    var value: Int
    var optionalValue: Int?
    var flag: Bool

    static let queryAttributes: AttributeMap<Reading> = [
        \.id: "id", \.value: "value", \.optionalValue: "optional_value", \.flag: "flag",
    ]
}

/// A conjunction whose first clause compares a stored `Int` is scanned with that clause
/// tested in place, as a range of values, rather than through its closure: at every operator
/// and at the ends of `Int`'s range it must select exactly what the closure selects.
@Suite("Scanning a conjunction led by an integer comparison")
struct IntegerScanTests {
    private static let values = [Int.min, .min + 1, -6, -1, 0, 1, 5, 6, .max - 1, .max]

    /// 131 readings: past two blocks of 64, each value often, with and without the flag.
    private static let readings: [Reading] = (0..<131).map { index in
        let value = values[index % values.count]
        return Reading(
            id: index, value: value, optionalValue: index % 3 == 0 ? nil : value,
            flag: index % 4 != 1)
    }

    private static let bounds = [Int.min, .min + 1, -1, 0, 5, .max - 1, .max]

    private static func check(
        _ condition: Condition<Reading>, _ expected: (Reading) -> Bool, _ label: String
    ) throws {
        let selected = try condition.filter(readings).map(\.id)
        let wanted = readings.filter(expected).map(\.id)
        #expect(selected == wanted, "\(label)")
        #expect(!wanted.isEmpty || label.contains("none"), "\(label) selects something")
        let compiled = try condition.compiled()
        #expect(readings.filter(compiled.evaluate).map(\.id) == wanted, "\(label), one by one")
    }

    @Test("every comparison operator, at every bound")
    func comparisons() throws {
        for bound in Self.bounds {
            let flag: Condition<Reading> = \.flag == true
            try Self.check(
                (\.value == bound) && flag, { $0.value == bound && $0.flag }, "== \(bound)")
            try Self.check(
                (\.value != bound) && flag, { $0.value != bound && $0.flag }, "!= \(bound)")
            try Self.check(
                (\.value < bound) && flag, { $0.value < bound && $0.flag },
                bound == .min ? "< \(bound): none" : "< \(bound)")
            try Self.check(
                (\.value <= bound) && flag, { $0.value <= bound && $0.flag }, "<= \(bound)")
            try Self.check(
                (\.value > bound) && flag, { $0.value > bound && $0.flag },
                bound == .max ? "> \(bound): none" : "> \(bound)")
            try Self.check(
                (\.value >= bound) && flag, { $0.value >= bound && $0.flag }, ">= \(bound)")
        }
    }

    @Test("between, including ranges at the ends of Int")
    func ranges() throws {
        let ranges: [ClosedRange<Int>] = [
            .min ... .min, .min...0, -6...6, 5...5, 6 ... .max, .min ... .max,
        ]
        for range in ranges {
            try Self.check(
                .between(\.value, range) && \.flag == true,
                { range.contains($0.value) && $0.flag }, "between \(range)")
        }
    }

    /// An optional `Int` is not stored as an `Int`: the clause keeps its closure, and `nil`
    /// keeps its meaning.
    @Test("an optional integer keeps its meaning")
    func optionalValues() throws {
        for bound in Self.bounds {
            try Self.check(
                (\.optionalValue >= bound) && \.flag == true,
                { ($0.optionalValue.map { $0 >= bound } ?? false) && $0.flag },
                "optional >= \(bound)")
            try Self.check(
                (\.optionalValue != bound) && \.flag == true,
                { $0.optionalValue != bound && $0.flag }, "optional != \(bound)")
        }
    }
}
