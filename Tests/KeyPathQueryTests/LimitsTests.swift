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
        guard case .conditionTooDeep(let depth, let limit)? = error else {
            Issue.record("expected conditionTooDeep, got \(String(describing: error))")
            return
        }
        #expect(depth > limit)
        #expect(limit == Condition<Record>.maximumDepth)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(condition) }
    }

    @Test("a condition just within the limit evaluates")
    func withinLimit() throws {
        var condition: Condition<Record> = \.id >= 0
        for _ in 1..<(Condition<Record>.maximumDepth / 4) {
            condition = !(!condition || \.id == -1)
        }
        #expect(try condition.filter(Record.all).count == Record.all.count)
    }

    @Test("a long flat chain adds no depth", .timeLimit(.minutes(1)))
    func longChain() throws {
        let condition = Condition<Record>.any((0..<5_000).map { \.id == $0 })
        #expect(try condition.filter(Record.all).count == Record.all.count)
    }

    @Test("an invalid regular expression is a typed error naming the pattern")
    func invalidRegex() {
        let condition: Condition<Record> = .matches(\.title, "Record (")
        let error = #expect(throws: QueryError.self) { try condition.compiled() }
        guard case .invalidRegularExpression(let pattern, _)? = error else {
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
}
