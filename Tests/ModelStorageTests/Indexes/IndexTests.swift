import Foundation
import KeyPathQuery
import TestSupport
import Testing

@testable import JSONFileStorage
@testable import ModelStorage

/// Indexes of the model's indexed attributes in the in-memory and JSON-file stores: the
/// results are exactly the query engine's over the same records, and the indexes narrow the
/// records a query evaluates.
@Suite("Indexed attributes")
struct IndexTests {
    /// Checks every condition (alone, and sorted and paged) against the query engine over
    /// the records the store should hold, in its order.
    private func expectEngineResults(
        _ fetch: (RecordQuery<IndexedModel>) async throws -> [IndexedModel],
        _ count: (Condition<IndexedModel>) async throws -> Int,
        over records: [IndexedModel], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (name, condition) in IndexedModel.conditions {
            let queries = [
                RecordQuery(where: condition),
                RecordQuery(
                    where: condition, sortedBy: [.descending(\.score)], limit: 5, offset: 1),
            ]
            for query in queries {
                let expected = try query.compiled().apply(to: records).map(\.id)
                let found = try await fetch(query).map(\.id)
                #expect(found == expected, "\(name)", sourceLocation: sourceLocation)
            }
            let expectedCount = try condition.compiled().count(in: records)
            #expect(
                try await count(condition) == expectedCount, "\(name)",
                sourceLocation: sourceLocation)
        }
    }

    private func expectEngineResults(
        _ store: InMemoryStore<IndexedModel>, over records: [IndexedModel],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await expectEngineResults(
            { try await store.fetch($0) }, { try await store.count(where: $0) }, over: records,
            sourceLocation: sourceLocation)
    }

    // 400 records stay in the indexes' unsorted part; 3,000 are merged into the sorted one.
    @Test(
        "every condition selects what the query engine selects, NaN and nil included",
        arguments: [400, 3000])
    func inMemoryResults(size: Int) async throws {
        let records = (1...size).map { IndexedModel.sample($0, withNaN: true) }
        let store = InMemoryStore(records)
        try await expectEngineResults(store, over: records)
    }

    @Test("indexes stay right after updates, deletes, reinsertions and rolled-back transactions")
    func afterWrites() async throws {
        var records = (1...400).map { IndexedModel.sample($0) }
        let store = InMemoryStore(records)

        // Updates that move records between values, and one that keeps its value.
        for id in stride(from: 1, through: 400, by: 9) {
            let changed = try await store.update(id: id) {
                $0.name = "beta"
                $0.score = ($0.score + 17) % 50
                $0.rank = nil
            }
            records[id - 1] = changed
        }
        try await store.update(id: 2) { $0.tags = ["moved"] }
        records[1].tags = ["moved"]
        try await expectEngineResults(store, over: records)

        // Deletes, and a record inserted again, which goes last.
        try await store.delete(where: \.score == 7)
        records.removeAll { $0.score == 7 }
        try await store.delete(id: 10)
        records.removeAll { $0.id == 10 }
        let again = IndexedModel.sample(10)
        try await store.insert(again)
        records.append(again)
        try await expectEngineResults(store, over: records)

        // A transaction that throws changes nothing, indexes included.
        struct Abandoned: Error {}
        await #expect(throws: Abandoned.self) {
            try await store.transaction { transaction in
                transaction.upsert(IndexedModel.sample(1000))
                try transaction.update(id: 3) { $0.name = "zzz" }
                transaction.delete(id: 4)
                throw Abandoned()
            }
        }
        try await expectEngineResults(store, over: records)

        // A transaction reads through the indexes, its own writes included.
        let seen = try await store.transaction { transaction in
            try transaction.update(id: 5) { $0.name = "omega" }
            return try transaction.fetch(RecordQuery(where: \.name == "omega")).map(\.id)
        }
        #expect(seen == [5])
        let fifth = try #require(records.firstIndex { $0.id == 5 })
        records[fifth].name = "omega"
        try await expectEngineResults(store, over: records)
    }

    @Test("many writes merge, compact and rebuild the indexes without changing a result")
    func churn() async throws {
        var records = (1...300).map { IndexedModel.sample($0) }
        let store = InMemoryStore(records)
        for round in 0..<6 {
            var batch: [IndexedModel] = []
            for id in 1...300 where (id + round) % 2 == 0 {
                var record = IndexedModel.sample(id)
                record.score = (id * (round + 3)) % 50
                record.name = IndexedModel.names[(id + round) % IndexedModel.names.count]
                batch.append(record)
                records[id - 1] = record
            }
            try await store.upsert(contentsOf: batch)
        }
        try await expectEngineResults(store, over: records)
        // Deleting most records compacts the table, which rebuilds the indexes.
        try await store.delete(where: \.score >= 5)
        records.removeAll { $0.score >= 5 }
        try await expectEngineResults(store, over: records)
    }

    /// A commit of 1,024 changes or more, a quarter of its table or more, leaves the indexes
    /// alone while it writes and rebuilds them once after it (`RecordTable.writingBatch`).
    @Test("a batch large against its table rebuilds the indexes once, with the same results")
    func largeBatches() async throws {
        let store = InMemoryStore<IndexedModel>()
        // Into an empty table, NaN and nil included.
        var records = (1...3_000).map { IndexedModel.sample($0, withNaN: true) }
        try await store.upsert(contentsOf: records)
        try await expectEngineResults(store, over: records)
        // Half of the records change values, and new ones come after them.
        var batch: [IndexedModel] = []
        for id in stride(from: 1, through: 3_000, by: 2) {
            var record = IndexedModel.sample(id)
            record.score = (id * 7) % 50
            record.name = IndexedModel.names[id % IndexedModel.names.count]
            batch.append(record)
            records[id - 1] = record
        }
        let added = (3_001...3_300).map { IndexedModel.sample($0) }
        try await store.upsert(contentsOf: batch + added)
        records += added
        try await expectEngineResults(store, over: records)
        // Deletes and upserts in one commit.
        let doomed = Set(records.filter { $0.score < 20 }.map(\.id))
        let kept = records.filter { !doomed.contains($0.id) }.prefix(500).map(\.id)
        try await store.transaction { transaction in
            try transaction.delete(where: \.score < 20)
            for id in kept { try transaction.update(id: id) { $0.name = "omega" } }
        }
        records.removeAll { doomed.contains($0.id) }
        for index in records.indices where kept.contains(records[index].id) {
            records[index].name = "omega"
        }
        #expect(doomed.count + kept.count >= 1_024)
        try await expectEngineResults(store, over: records)
        // A small write after it is noted as before.
        let moved = try await store.update(id: records[0].id) { $0.name = "alpha" }
        records[0] = moved
        try await expectEngineResults(store, over: records)
    }

    @Test("a JSON file store builds its indexes at open, and keeps them through writes")
    func jsonFileStore() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "indexed.json")
            var records = (1...300).map { IndexedModel.sample($0) }
            do {
                let store = try await JSONFileStore<IndexedModel>.open(at: url)
                try await store.upsert(contentsOf: records)
                try await store.update(id: 8) { $0.name = "beta" }
                records[7].name = "beta"
                try await store.delete(id: 9)
                records.remove(at: 8)
                try await expectEngineResults(
                    { try await store.fetch($0) }, { try await store.count(where: $0) },
                    over: records)
                try await store.close()
            }
            let store = try await JSONFileStore<IndexedModel>.open(
                at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
            try await expectEngineResults(
                { try await store.fetch($0) }, { try await store.count(where: $0) },
                over: records)
            #expect(try await store.examinedRecordCount(where: \.score == 7) == 6)
        }
    }

    @Test("an indexed condition evaluates only the records its index finds")
    func indexIsUsed() async throws {
        let records = (1...400).map { id in
            var record = IndexedModel.sample(id)
            if !record.name.utf8.allSatisfy({ $0 < 0x80 }) { record.name = "plain\(id)" }
            return record
        }
        let store = InMemoryStore(records)
        func examined(_ condition: Condition<IndexedModel>) async throws -> Int {
            try await store.examinedRecordCount(where: condition)
        }
        func matching(_ condition: Condition<IndexedModel>) throws -> Int {
            try condition.compiled().count(in: records)
        }
        // Equality, `in`, ranges and prefixes: exactly the matching records.
        for condition: Condition<IndexedModel> in [
            \.name == "beta", .in(\.score, [1, 2]), \.score < 3, \.score >= 47,
            .between(\.score, 10...11), \.ratio == 2, .hasPrefix(\.name, "al"), \.rank < 1,
        ] {
            #expect(try await examined(condition) == matching(condition), "\(condition)")
        }
        // Inside an `&&`, the narrowest index; an `||` on one attribute, the union.
        #expect(try await examined(\.score == 7 && .contains(\.tags, "even")) == 8)
        #expect(
            try await examined(\.score < 40 && \.name == "alps4") == matching(\.name == "alps4"))
        #expect(try await examined(\.score == 1 || \.score == 2) == 16)
        // What an index cannot answer scans every record.
        for condition: Condition<IndexedModel> in [
            .contains(\.tags, "even"), !(\.score == 7), \.score != 7, \.nickname == nil,
            \.score == 7 || \.name == "beta", .hasPrefix(\.name, "AL", options: .caseInsensitive),
            .hasPrefix(\.name, "\u{65E5}"), \.score >= 0,
        ] {
            #expect(try await examined(condition) == 400, "\(condition)")
        }
    }

    /// While an index is exact (no stale entry, no text kept apart, no dead slot), an
    /// equality or `in` on an integer or ASCII text is counted from the index alone, and
    /// fetched without being evaluated; any doubt falls back to evaluating the candidates,
    /// and every answer stays the engine's.
    @Test("an equality is counted and fetched from its index alone while the index is exact")
    func exactCounts() throws {
        var records = (1...3000).map { IndexedModel.sample($0) }
        var table = try RecordTable(records, writeVersions: nil)
        func expectCount(
            _ condition: Condition<IndexedModel>, exact: Bool,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let expected = try condition.compiled().count(in: records)
            let exactCount = table.exactCount(for: condition)
            #expect(
                exactCount == (exact ? expected : nil), "\(condition)",
                sourceLocation: sourceLocation)
            let counted = table.countMatching(try condition.compiled(), narrowedBy: condition)
            #expect(counted == expected, "\(condition)", sourceLocation: sourceLocation)
            // A fetch copies exactly those records, sorted and paged as the engine does.
            #expect(
                table.exactSlots(for: condition)?.count == (exact ? expected : nil),
                "\(condition)", sourceLocation: sourceLocation)
            for query in [
                RecordQuery(where: condition),
                RecordQuery(where: condition, sortedBy: [.descending(\.name)], limit: 3, offset: 1),
            ] {
                let compiled = try query.compiled()
                #expect(
                    table.matching(compiled, narrowedBy: condition) == compiled.apply(to: records),
                    "\(condition)", sourceLocation: sourceLocation)
            }
        }
        // Integers, repeated values, an optional integer, optional ASCII text.
        for condition: Condition<IndexedModel> in [
            \.score == 7, .in(\.score, [7, 7, 8, 70]), \.rank == 3, \.nickname == "n3",
            .in(\.nickname, ["n1", "n2"]), \.score == 51,
        ] {
            try expectCount(condition, exact: true)
        }
        // A name index keeps text outside ASCII apart; doubles, ranges, `nil`, and anything
        // beside the equality are evaluated.
        for condition: Condition<IndexedModel> in [
            \.name == "beta", \.ratio == 2, \.score < 3, \.rank == nil, .in(\.rank, [1, nil]),
            \.score == 7 && \.id > 100, \.score == 7 || \.score == 8,
        ] {
            try expectCount(condition, exact: false)
        }
        // A changed value leaves a stale entry behind: counted by evaluation until a rebuild.
        var moved = records[6]
        moved.score = 8
        table.put(moved, version: 1)
        records[6] = moved
        try expectCount(\.score == 7, exact: false)
        try expectCount(\.score == 8, exact: false)
        // A value changed to the same value leaves nothing behind; another index stays exact.
        try expectCount(\.nickname == "n7", exact: true)
        // A deleted record's slot is dead: the index's slots are checked for liveness.
        var fresh = try RecordTable(records, writeVersions: nil)
        fresh.remove(records[0].id)
        table = fresh
        records.removeFirst()
        try expectCount(\.nickname == "n1", exact: true)
        try expectCount(.in(\.score, [1, 2, 1]), exact: true)
        // New records join an exact index.
        table = try RecordTable(records, writeVersions: nil)
        let added = IndexedModel.sample(5001)
        table.put(added, version: 2)
        records.append(added)
        try expectCount(\.score == added.score, exact: true)
        try expectCount(\.nickname == added.nickname, exact: true)
    }

    @Test("text outside ASCII is a candidate for every lookup of its attribute")
    func textOutsideASCII() async throws {
        var records = (1...1000).map { IndexedModel.sample($0) }
        for index in records.indices {
            records[index].name = index % 100 == 0 ? "\u{212A}elvin" : "plain\(index % 200)"
        }
        let store = InMemoryStore(records)
        // The Kelvin sign is canonically equivalent to K: its records match `== "Kelvin"`
        // and `hasPrefix("K")`, so the index hands them over with the ASCII matches.
        #expect(try await store.count(where: \.name == "Kelvin") == 10)
        #expect(try await store.examinedRecordCount(where: \.name == "Kelvin") == 10)
        #expect(try await store.count(where: .hasPrefix(\.name, "K")) == 10)
        #expect(try await store.examinedRecordCount(where: \.name == "plain7") == 15)
        #expect(try await store.count(where: \.name == "plain7") == 5)
    }

    @Test("after an update, the old value no longer finds the record, the new one does")
    func updatedValues() async throws {
        let store = InMemoryStore((1...200).map { IndexedModel.sample($0) })
        try await store.update(id: 3) { $0.name = "omega" }
        #expect(try await store.fetch(RecordQuery(where: \.name == "omega")).map(\.id) == [3])
        #expect(
            try await store.fetch(RecordQuery(where: \.name == "beta")).map(\.id).contains(3)
                == false)
        try await store.delete(id: 3)
        #expect(try await store.count(where: \.name == "omega") == 0)
    }

    @Test("an index on a key path the model does not map is refused at open")
    func unmappedIndex() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "bad.json")
            let error = await #expect(throws: StoreError.self) {
                try await JSONFileStore<BadlyIndexed>.open(at: url)
            }
            #expect(error?.code == .invalidQuery)
            #expect(error?.description.contains("BadlyIndexed") == true)
            #expect(error?.description.contains("secret") == true)
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
    }
}

/// A model that indexes an attribute its map leaves out.
private struct BadlyIndexed: StorableModel, Hashable {
    var id: Int
    var secret: String

    static let queryAttributes: AttributeMap<BadlyIndexed> = [\.id: "id"]
    static var indexedAttributes: [IndexedAttribute<BadlyIndexed>] {
        [IndexedAttribute(\.secret)]
    }
}
