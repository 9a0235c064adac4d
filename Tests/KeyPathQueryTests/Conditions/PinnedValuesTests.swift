import KeyPathQuery
import Testing

@Suite("Pinned values: what a store may look up instead of scanning")
struct PinnedValuesTests {
    private func pinnedIDs(_ condition: Condition<Record>) -> [QueryValue]? {
        condition.pinnedValues(of: \Record.id)
    }

    @Test("equality and IN pin their values")
    func equalityAndIn() {
        #expect(pinnedIDs(\.id == 7) == [.integer(7)])
        #expect(pinnedIDs(.in(\.id, [3, 1, 3])) == [.integer(3), .integer(1), .integer(3)])
        #expect(pinnedIDs(.in(\.id, [Int]())) == [])
        #expect(pinnedIDs(.false) == [])
    }

    @Test("&& pins the fewest values of its pinning clauses")
    func conjunction() {
        #expect(pinnedIDs(\.score > 1 && \.id == 7) == [.integer(7)])
        #expect(pinnedIDs(.in(\.id, [1, 2, 3]) && \.id == 2 && \.flag == true) == [.integer(2)])
        #expect(pinnedIDs(.and([\.flag == true, \.rank < 3])) == nil)
    }

    @Test("|| pins only when every branch does")
    func disjunction() {
        #expect(pinnedIDs(\.id == 1 || \.id == 2) == [.integer(1), .integer(2)])
        #expect(pinnedIDs(\.id == 1 || \.score > 2) == nil)
        #expect(
            pinnedIDs((\.id == 1 && \.flag == true) || .in(\.id, [4])) == [
                .integer(1), .integer(4),
            ])
    }

    @Test("other shapes and other attributes pin nothing")
    func unpinned() {
        #expect(pinnedIDs(.true) == nil)
        #expect(pinnedIDs(!(\.id == 1)) == nil)
        #expect(pinnedIDs(\.id != 1) == nil)
        #expect(pinnedIDs(\.id >= 1) == nil)
        #expect(pinnedIDs(.between(\.id, 1...3)) == nil)
        #expect(pinnedIDs(\.rank == 1) == nil)
        let byTitle: Condition<Record> = \.title == "a"
        #expect(byTitle.pinnedValues(of: \Record.title) == [.string("a")])
    }
}
