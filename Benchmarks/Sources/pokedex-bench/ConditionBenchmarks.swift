import Foundation
import PokedexKit

/// 1. Condition evaluation, and 2. a query with sort and limit, on records in memory.
enum ConditionBenchmarks {
    static func run(_ bench: Bench) async throws -> [Result] {
        let count = bench.quick ? 100_000 : 1_000_000
        let records = try Fixtures.records(count)
        let size = "\(count.formatted()) records"
        let fire = PokemonType.fire
        var results: [Result] = []

        let threeClauses: Condition<Pokemon> =
            \.attack >= 80 && .contains(\.types, .fire)
            && .hasPrefix(\.name, "char", options: .caseInsensitive)
        let threeClosure: (Pokemon) -> Bool = {
            $0.attack >= 80 && $0.types.contains(fire) && $0.name.lowercased().hasPrefix("char")
        }
        let threePredicate = #Predicate<Pokemon> {
            $0.attack >= 80 && $0.types.contains(fire) && $0.name.starts(with: "char")
        }
        let oneClause: Condition<Pokemon> = \.attack >= 80
        let oneClosure: (Pokemon) -> Bool = { $0.attack >= 80 }
        let onePredicate = #Predicate<Pokemon> { $0.attack >= 80 }

        let compiledThree = try threeClauses.compiled()
        let compiledOne = try oneClause.compiled()
        guard records.filter(compiledThree.evaluate).count == records.filter(threeClosure).count
        else { throw BenchmarkError.disagreement("three-clause condition") }
        let oneMatches = records.filter(oneClosure).count
        guard records.filter(compiledOne.evaluate).count == oneMatches,
            try records.filter(onePredicate).count == oneMatches
        else { throw BenchmarkError.disagreement("one-clause condition") }

        results.append(
            try await bench.compare(
                group: "1. Condition evaluation", name: "3 clauses, \(size)",
                target: .atMost(2),
                candidate: ("Condition.filter", { blackHole(try threeClauses.filter(records)) }),
                baseline: ("hand-written closure", { blackHole(records.filter(threeClosure)) }),
                note: "the closure lower-cases the name, as hand-written code does"))
        results.append(
            try await bench.compare(
                group: "1. Condition evaluation", name: "3 clauses vs #Predicate, \(size)",
                target: .fasterBy(10),
                candidate: ("Condition.filter", { blackHole(try threeClauses.filter(records)) }),
                baseline: (
                    "#Predicate.evaluate", { blackHole(try records.filter(threePredicate)) }
                ),
                note: "#Predicate has no case-insensitive prefix; it does the cheaper "
                    + "case-sensitive starts(with:)"))
        results.append(
            try await bench.compare(
                group: "1. Condition evaluation", name: "1 clause, \(size)", target: .atMost(2),
                candidate: ("Condition.filter", { blackHole(try oneClause.filter(records)) }),
                baseline: ("hand-written closure", { blackHole(records.filter(oneClosure)) })))
        // The limit first: the one-clause row's target is set against it.
        let limit = try await bench.compare(
            group: "1. Condition evaluation",
            name: "the limit: closure vs #Predicate, 1 clause", target: .report,
            candidate: ("hand-written closure", { blackHole(records.filter(oneClosure)) }),
            baseline: ("#Predicate.evaluate", { blackHole(try records.filter(onePredicate)) }),
            note: "the most any filter returning the same \(oneMatches.formatted()) records "
                + "can gain on #Predicate: copying them out is most of the closure's time")
        results.append(
            try await bench.compare(
                group: "1. Condition evaluation", name: "1 clause vs #Predicate, \(size)",
                target: .fasterBy(10, orWithin: 1.1, of: limit.ratio),
                candidate: ("Condition.filter", { blackHole(try oneClause.filter(records)) }),
                baseline: ("#Predicate.evaluate", { blackHole(try records.filter(onePredicate)) }),
                note: "the target is 10× faster, or within 10 % of the limit (below) when even "
                    + "a hand-written closure is not 10× faster"))
        results.append(limit)
        let countedByPredicate = {
            try records.reduce(into: 0) { count, record in
                if try onePredicate.evaluate(record) { count += 1 }
            }
        }
        guard compiledOne.count(in: records) == oneMatches, try countedByPredicate() == oneMatches
        else { throw BenchmarkError.disagreement("one-clause count") }
        results.append(
            try await bench.compare(
                group: "1. Condition evaluation", name: "1 clause counted vs #Predicate, \(size)",
                target: .fasterBy(10),
                candidate: (
                    "CompiledCondition.count(in:)", { blackHole(compiledOne.count(in: records)) }
                ),
                baseline: ("#Predicate.evaluate, counted", { blackHole(try countedByPredicate()) }),
                note: "evaluation alone: neither side copies the matches out"))

        let top = RecordQuery<Pokemon>(
            where: oneClause, sortedBy: [.descending(\.attack)], limit: 10)
        let compiledTop = try top.compiled()
        let byHand = {
            Array(records.filter(oneClosure).sorted { $0.attack > $1.attack }.prefix(10))
        }
        guard compiledTop.apply(to: records).map(\.attack) == byHand().map(\.attack) else {
            throw BenchmarkError.disagreement("top 10 by attack")
        }
        results.append(
            try await bench.compare(
                group: "2. RecordQuery with sort and limit", name: "top 10 by attack, \(size)",
                target: .atMost(1.2),
                candidate: (
                    "RecordQuery.apply (bounded heap)", { blackHole(try top.apply(to: records)) }
                ),
                baseline: ("filter + sorted + prefix", { blackHole(byHand()) })))
        return results
    }
}
