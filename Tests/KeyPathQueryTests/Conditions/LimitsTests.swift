import Foundation
import KeyPathQuery
import Testing

@Suite("Limits and errors")
struct LimitsTests {
    @Test("a condition nested past the limit is refused, not a stack overflow")
    func tooDeep() throws {
        var condition: Condition<Record> = \.id == 0
        for index in 1...10_000 {
            condition =
                index.isMultiple(of: 2)
                ? !(condition || \.id == index) : (condition && \.id != index)
        }
        let error = #expect(throws: QueryError.self) { try condition.compiled() }
        guard let error, error.code == .conditionTooDeep, let depth = error.depth,
            let limit = error.depthLimit
        else {
            Issue.record("expected conditionTooDeep, got \(String(describing: error))")
            return
        }
        #expect(depth > limit)
        #expect(limit == Condition<Record>.maximumDepth)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(condition) }
    }

    /// A condition encoded `depth` levels deep: negations, or alternating `&&` and `||`, around
    /// a comparison, built as text (no condition that deep can be built to encode).
    static func deepJSON(depth: Int, alternating: Bool) -> Data {
        var json =
            #"{"comparison":{"attribute":"id","operator":"greaterOrEqual","value":{"integer":0}}}"#
        for level in 0..<depth {
            if alternating {
                let junction = level.isMultiple(of: 2) ? "and" : "or"
                json = #"{"\#(junction)":{"conditions":["# + json + "]}}"
            } else {
                json = #"{"not":{"condition":"# + json + "}}"
            }
        }
        return Data(json.utf8)
    }

    @Test(
        "a condition nested 10,000 deep in JSON is refused when decoded, not a stack overflow",
        arguments: [false, true])
    func tooDeepToDecode(alternating: Bool) throws {
        // The shape is right: a shallow one decodes, and means what it says.
        let shallow = try JSONDecoder().decode(
            Condition<Record>.self, from: Self.deepJSON(depth: 4, alternating: alternating))
        #expect(try shallow.filter(Record.all).count == Record.all.count)
        let limit = Condition<Record>.maximumDepth
        for depth in [limit + 1, 10_000] {
            let error = #expect(throws: DecodingError.self, "depth \(depth)") {
                try JSONDecoder().decode(
                    Condition<Record>.self,
                    from: Self.deepJSON(depth: depth, alternating: alternating))
            }
            // Refused by KeyPathQuery's limit, or before it by the JSON decoder's own.
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
                continue
            }
            #expect(!context.debugDescription.isEmpty)
        }
    }

    @Test("a condition just within the limit evaluates")
    func withinLimit() throws {
        var condition: Condition<Record> = \.id >= 0
        for _ in 1..<(Condition<Record>.maximumDepth / 4) {
            condition = !(!condition || \.id == -1)
        }
        #expect(try condition.filter(Record.all).count == Record.all.count)
    }

    /// The time limit only catches a hang (work that grows exponentially with the chain): the
    /// test takes milliseconds, but its clock starts when it is scheduled, and under a
    /// sanitizer, with the whole suite running on two cores, it once waited 330 s to run.
    @Test("a long flat chain adds no depth", .timeLimit(.minutes(10)))
    func longChain() throws {
        let condition = Condition<Record>.or((0..<5_000).map { \.id == $0 })
        #expect(try condition.filter(Record.all).count == Record.all.count)
    }

    @Test("an invalid regular expression is a typed error naming the pattern")
    func invalidRegex() {
        let condition: Condition<Record> = .matches(\.title, "Record (")
        let error = #expect(throws: QueryError.self) { try condition.compiled() }
        guard let error, error.code == .invalidRegularExpression, let pattern = error.pattern
        else {
            Issue.record("expected invalidRegularExpression, got \(String(describing: error))")
            return
        }
        #expect(pattern == "Record (")
    }

    @Test("a pattern cannot escape its anchors with a stray parenthesis")
    func regexCannotEscapeAnchors() {
        let condition: Condition<Record> = .matches(\.title, "x)|(Record 1")
        #expect(throws: QueryError.self) { try condition.compiled() }
    }

    @Test("the guarantees article states the depth limit the code enforces")
    func documentedDepth() throws {
        var root = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path),
            root.pathComponents.count > 1
        {
            root.deleteLastPathComponent()
        }
        let article = root.appending(
            path: "Sources/KeyPathQuery/KeyPathQuery.docc/OneMeaningInEveryTarget.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        #expect(
            text.contains("``Condition/maximumDepth`` (\(Condition<Record>.maximumDepth) levels)"))
    }
}
