import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage
import ModelSync
import Testing

/// A scope has one meaning on both sides.
///
/// The server reads a copy by a query in its database (SQL in SQLite), and the replica keeps
/// what its own engine selects. Random scopes, each checked against the in-memory evaluation
/// of the same condition over the server's records.
@Suite("Scopes mean the same on the server's database and on the replica")
struct ScopeDifferentialTests {
    static let titles = [
        "Charizard", "charmander", "Évoli", "evoli", "Mr. Mime", "ÉCLAIR", "", "Pikachu",
    ]

    /// A random scope over a memo's attributes: comparisons, text with and without case or
    /// diacritics, `in`, `between`, and `&&`, `||`, `!` nested a few deep.
    static func scope(_ random: inout SplitMix64, depth: Int = 0) -> Condition<Memo> {
        let pick = random.next() % (depth >= 2 ? 6 : 9)
        let word = ["char", "ÉV", "evo", "mime", "ika", "É"][Int(random.next() % 6)]
        let options: TextOptions = [
            [], .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive],
        ][
            Int(random.next() % 4)]
        let number = Int(random.next() % 10)
        switch pick {
        case 0: return \Memo.priority >= number
        case 1: return \Memo.priority < number
        case 2: return .between(\Memo.priority, Swift.min(number, 5)...Swift.max(number, 5))
        case 3: return .contains(\Memo.title, word, options: options)
        case 4: return .hasPrefix(\Memo.title, word, options: options)
        case 5: return .in(\Memo.priority, [number, (number + 3) % 10])
        case 6: return scope(&random, depth: depth + 1) && scope(&random, depth: depth + 1)
        case 7: return scope(&random, depth: depth + 1) || scope(&random, depth: depth + 1)
        default: return !scope(&random, depth: depth + 1)
        }
    }

    @Test(
        "A copy from the start and every change of scope hold what the condition selects",
        arguments: SyncBackend.allCases)
    func scopesAgree(backend: SyncBackend) async throws {
        let fixture = try await SyncFixture.make(backend)
        defer { fixture.remove() }
        var random = SplitMix64(seed: 41)
        let (writer, _) = try await fixture.replica("writer")
        try await writer.transaction { transaction in
            for index in 0..<60 {
                transaction[Memo.self].upsert(
                    Memo(
                        id: "m\(index)", title: Self.titles[index % Self.titles.count],
                        body: index % 3 == 0 ? "" : "b", priority: (index * 7) % 10))
            }
        }
        try await writer.sync()
        let server = try await fixture.serverMemos(of: "ash")
        let (replica, local) = try await fixture.replica("reader", pageSize: 7)
        for round in 0..<25 {
            let condition = Self.scope(&random)
            try await replica.setScope(condition, for: Memo.self)
            try await replica.sync()
            let compiled = try condition.compiled()
            let expected = server.filter { compiled.evaluate($0.value) }
            let held = try await memos(in: local)
            #expect(
                held.keys.sorted() == expected.keys.sorted(),
                "round \(round), \(backend): \(condition): \(difference(held, expected))")
            // The server's own query of the same condition, as a copy reads it.
            let queried = try await fixture.serverDatabase.store(for: Memo.self).fetch(
                RecordQuery(where: condition && \Memo.owner == "ash"))
            #expect(Set(queried.map(\.id)) == Set(expected.keys), "round \(round): \(condition)")
        }
    }
}
