import ConditionTableSupport
import Foundation
import InternalSupport
import KeyPathQuery
import QueryTestSupport
import Testing

@Suite("Queries: sorting, paging, partial sorts")
struct QueryTests {
    @Test("sorts by several keys, ties keeping their original order")
    func multiKeySort() throws {
        let query = RecordQuery<Record>(sortedBy: [.ascending(\.rank), .descending(\.score)])
        let expected = Record.all.sorted {
            ($0.rank, -$0.score) < ($1.rank, -$1.score)
        }
        #expect(try query.apply(to: Record.all).map(\.id) == expected.map(\.id))
    }

    @Test("ties on every key keep the order the values came in")
    func stableTies() throws {
        let query = RecordQuery<Record>(sortedBy: [.ascending(\.rank)])
        let ranks = try query.apply(to: Record.all)
        for rank in 0..<5 {
            let ids = ranks.filter { $0.rank == Int8(rank) }.map(\.id)
            #expect(ids == ids.sorted())
        }
    }

    @Test("nil sorts as the smallest value unless told otherwise")
    func nilPlacement() throws {
        let records = Record.all
        let ascending = try RecordQuery<Record>(sortedBy: [.ascending(\.note), .ascending(\.id)])
            .apply(to: records)
        #expect(ascending.prefix(20).allSatisfy { $0.note == nil })
        let descending = try RecordQuery<Record>(sortedBy: [.descending(\.note), .ascending(\.id)])
            .apply(to: records)
        #expect(descending.suffix(20).allSatisfy { $0.note == nil })
        let nilsLast = try RecordQuery<Record>(sortedBy: [.ascending(\.note, nils: .last)])
            .apply(to: records)
        #expect(nilsLast.suffix(20).allSatisfy { $0.note == nil })
        let nilsFirst = try RecordQuery<Record>(sortedBy: [.descending(\.note, nils: .first)])
            .apply(to: records)
        #expect(nilsFirst.prefix(20).allSatisfy { $0.note == nil })
    }

    @Test("case-insensitive sort folds case; the default does not")
    func caseInsensitiveSort() throws {
        struct Word: Queryable {
            var text: String
            static let queryAttributes: AttributeMap<Word> = [\.text: "text"]
        }
        let words = ["banana", "Apple", "cherry", "apple", "Banana", "émile", "Émile", "eve"]
            .map(Word.init)
        let folded = try RecordQuery<Word>(sortedBy: [.ascending(\.text, options: .caseInsensitive)]
        )
        .apply(to: words).map(\.text)
        #expect(
            folded == ["Apple", "apple", "banana", "Banana", "cherry", "eve", "émile", "Émile"])
        let unaccented = try RecordQuery<Word>(
            sortedBy: [.ascending(\.text, options: [.caseInsensitive, .diacriticInsensitive])]
        ).apply(to: words).map(\.text)
        #expect(
            unaccented == ["Apple", "apple", "banana", "Banana", "cherry", "émile", "Émile", "eve"])
        let exact = try RecordQuery<Word>(sortedBy: [.ascending(\.text)]).apply(to: words).map(
            \.text)
        #expect(exact == ["Apple", "Banana", "apple", "banana", "cherry", "eve", "Émile", "émile"])
    }

    @Test("a case-insensitive sort on a number is refused")
    func caseInsensitiveNumberSort() {
        #expect(throws: QueryError.self) {
            try RecordQuery<Record>(sortedBy: [.ascending(\.id, options: .caseInsensitive)])
                .compiled()
        }
    }

    @Test("enumerations sort by raw value, as SQL would")
    func enumSortsByRawValue() throws {
        let sorted = try RecordQuery<Record>(sortedBy: [.ascending(\.mood), .ascending(\.id)])
            .apply(to: Record.all)
        #expect(sorted.map(\.mood.rawValue) == sorted.map(\.mood.rawValue).sorted())
    }

    @Test("limit and offset page through the sorted matches")
    func paging() throws {
        let all = try RecordQuery<Record>(where: \.id >= 10, sortedBy: [.descending(\.id)])
            .apply(to: Record.all).map(\.id)
        for offset in [0, 1, 5, 29, 30, 31] {
            for limit in [0, 1, 3, 100] {
                let page = try RecordQuery<Record>(
                    where: \.id >= 10, sortedBy: [.descending(\.id)], limit: limit, offset: offset
                ).apply(to: Record.all).map(\.id)
                #expect(page == Array(all.dropFirst(offset).prefix(limit)))
            }
        }
        let unsorted = try RecordQuery<Record>(where: \.flag == true, limit: 3, offset: 2)
            .apply(to: Record.all).map(\.id)
        #expect(unsorted == Array(Record.all.filter(\.flag).map(\.id).dropFirst(2).prefix(3)))
    }

    @Test("a negative limit or offset is a typed error")
    func negativePaging() {
        #expect(throws: QueryError.invalidPagination(limit: -1, offset: 0)) {
            try RecordQuery<Record>(limit: -1).compiled()
        }
        #expect(throws: QueryError.invalidPagination(limit: nil, offset: -3)) {
            try RecordQuery<Record>(offset: -3).compiled()
        }
    }

    @Test("the partial sort selects exactly what a full sort would, ties included")
    func partialSortMatchesFullSort() throws {
        var generator = SplitMix64(seed: 42)
        for round in 0..<50 {
            let count = Int.random(in: 0...300, using: &generator)
            let records = (0..<count).map { index -> Record in
                var record = Record.sample(index)
                record.rank = Int8.random(in: 0...4, using: &generator)
                record.score = Double(Int.random(in: 0...20, using: &generator))
                return record
            }
            let keys: [SortKey<Record>] = [.descending(\.rank), .ascending(\.score)]
            let full = try RecordQuery<Record>(sortedBy: keys).apply(to: records).map(\.id)
            let limit = Int.random(in: 0...40, using: &generator)
            let offset = Int.random(in: 0...10, using: &generator)
            let page = try RecordQuery<Record>(sortedBy: keys, limit: limit, offset: offset)
                .apply(to: records).map(\.id)
            #expect(page == Array(full.dropFirst(offset).prefix(limit)), "round \(round)")
        }
    }

    @Test("a huge limit does not overflow")
    func hugeLimit() throws {
        let query = RecordQuery<Record>(sortedBy: [.ascending(\.id)], limit: Int.max, offset: 2)
        #expect(try query.apply(to: Record.all).count == Record.all.count - 2)
    }

    @Test("the example from the README reads and runs")
    func readmeExample() throws {
        let query = RecordQuery<Record>(
            where: .contains(\.tags, "a")
                && \.score >= 5
                && .hasPrefix(\.title, "RECORD", options: .caseInsensitive),
            sortedBy: [.descending(\.score)],
            limit: 10
        )
        let expected = Record.all
            .filter { $0.tags.contains("a") && $0.score >= 5 }
            .sorted { $0.score > $1.score }
            .prefix(10)
        #expect(try query.apply(to: Record.all).map(\.id) == expected.map(\.id))
    }
}
