import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// The aggregate condition table in Core Data's meaning: each row's fetch request, run by the
/// reference interpreter, gives the row's answer — or the renderer refuses the row, for the
/// reasons it states (sums of integers, a condition on the groups of a query without groups).
@Suite("Aggregate table in Core Data's meaning")
struct CoreDataAggregationTests {
    static let records: [[String: QueryValue]] = AggregateRecord.samples.map { record in
        var dictionary: [String: QueryValue] = [:]
        for entry in AggregateRecord.queryAttributes.entries {
            if let value = record[keyPath: entry.keyPath] as? any QueryValueConvertible {
                let stored = value.queryValue
                if !stored.isNull { dictionary[entry.name] = stored }
            }
        }
        return dictionary
    }

    @Test(
        "each row renders and answers as in every store, or is refused",
        arguments: AggregateTable.cases)
    func row(_ row: AggregateCase) throws {
        let aggregation: FetchAggregation
        do {
            aggregation = try row.query.fetchAggregation()
        } catch {
            #expect(error.code == .unsupported, "\(row.name): \(error)")
            #expect(Self.refused.contains(row.name), "\(row.name) is refused: \(error)")
            return
        }
        #expect(!Self.refused.contains(row.name), "\(row.name) renders")
        let selected = try row.query.condition.filter(AggregateRecord.samples).map(\.id)
        let dictionaries = try FetchAggregationInterpreter.fetch(
            aggregation,
            over: Self.records.filter {
                guard case .integer(let id) = $0["id"] else { return false }
                return selected.contains(Int(id))
            })
        #expect(try aggregation.rows(from: dictionaries) == row.expected, "\(row.name)")
    }

    @Test func format() throws {
        let aggregation = try AggregateQuery<AggregateRecord>(
            .count, .maximum(\.team), where: \.shiny == false, groupedBy: [\.kind],
            having: .comparing(.average(\.weight), .notEqual, 1).negated
        ).fetchAggregation()
        #expect(aggregation.groupAttributes == ["kind"])
        #expect(
            aggregation.properties.map(\.expressionFormat)
                == ["count:(SELF)", "max:(team)", "average:(weight)"])
        #expect(aggregation.properties.map(\.resultType) == ["integer64", "attribute", "double"])
        #expect(
            aggregation.havingPredicate?.format
                == "NOT (($aggregate2 != nil AND $aggregate2 != %@))")
        #expect(aggregation.havingPredicate?.arguments == [.integer(1)])
        #expect(aggregation.predicate.format == "%K == %@")
    }

    /// The rows Core Data cannot answer with the one meaning: sums and averages of integers,
    /// a condition on the groups of a query without groups, and groups by elements.
    static let refused: Set<String> = [
        "an empty set: counts are 0, the others nil",
        "only nil values: nil",
        "sum, average, minimum and maximum of integers skip nil",
        "an average of integers is a Double",
        "a sum past Int64 overflows",
        "an exact sum whose running total overflows does not",
        "an overflowing sum of a group returned overflows",
        "groups: nil first, then text by Unicode scalars",
        "a comparison with a nil aggregate is false, even !=",
        "a negated comparison with a nil aggregate is true",
        "having or, on an average and a text minimum",
        "having compares a sum exactly, past Int64, without overflowing",
        "having drops the one row of an ungrouped query",
        "groups by elements: a repeated element counts once, an empty array nowhere",
        "groups by an attribute and the elements of integers",
        "records whose arrays are empty make no group",
        "two element keys group by each pair once",
        "having on groups by elements",
    ]
}
