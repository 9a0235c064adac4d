import Foundation
import KeyPathQuery
import Testing

@Suite("Conditions across tasks")
struct ConcurrencyTests {
    @Test("conditions are built, compiled and evaluated from many detached tasks at once")
    func detachedTasks() async throws {
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<64 {
                group.addTask {
                    try await Task.detached {
                        let condition: Condition<Record> =
                            \.id >= index % 10 && .contains(\.tags, "a")
                            && \.session.name != "x"
                        let name = try Record.attributeName(for: \.session.name)
                        #expect(name == "session.name")
                        return try condition.compiled().evaluate(Record.sample(index)) ? 1 : 0
                    }.value
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let expected = (0..<64).filter { index in
            let record = Record.sample(index)
            return record.id >= index % 10 && record.tags.contains("a")
        }.count
        #expect(counts.reduce(0, +) == expected)
    }
}
