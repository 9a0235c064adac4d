import Foundation
import KeyPathQuery
import Testing

/// Conditions, queries and their renderings are `Sendable` values, and rendering shares only
/// the lock-guarded cache of attribute names: rendering from many tasks at once gives what
/// rendering from one gives.
@Suite("Rendering from many tasks at once")
struct RenderingConcurrencyTests {
    @Test("gives the same format and SQL in every task")
    func concurrentRendering() async throws {
        let query = RecordQuery<Record>(
            where: .anyElement(\.sessions, where: \.name == "s1") && \.session.name != "Email"
                && .hasPrefix(\.title, "REC", options: .caseInsensitive),
            sortedBy: [.descending(\.when), .ascending(\.id)], limit: 5)
        let expected = Rendered(
            format: try query.condition.predicateFormat(), clauses: try query.sqlClauses())
        let results = try await withThrowingTaskGroup(of: Rendered.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    try await Task.detached {
                        Rendered(
                            format: try query.condition.predicateFormat(),
                            clauses: try query.sqlClauses())
                    }.value
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }

    struct Rendered: Hashable, Sendable {
        let format: PredicateFormat
        let clauses: SQLClauses
    }
}
