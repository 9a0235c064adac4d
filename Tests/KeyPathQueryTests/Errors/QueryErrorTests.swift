import Testing

@testable import KeyPathQuery

@Suite("QueryError codes")
struct QueryErrorTests {
    /// One error of each code, made by its factory; a new code does not compile until it has one.
    static func sample(_ kind: QueryError.Code.Kind) -> QueryError {
        switch kind {
        case .unmappedKeyPath: .unmappedKeyPath(#"\Record.secret"#, model: "Record")
        case .invalidMapping:
            .invalidMapping(model: "Record", unmappedProperties: ["secret"], duplicateNames: [])
        case .unknownAttribute: .unknownAttribute("secret", model: "Record")
        case .invalidValue: .invalidValue(.string("one"), attribute: "id", expected: "Int")
        case .unsupported: .unsupported(operation: "CONTAINS[d]", target: .sql, reason: "no")
        case .invalidRegularExpression: .invalidRegularExpression(pattern: "(", reason: "no")
        case .invalidPagination: .invalidPagination(limit: -1, offset: 0)
        case .conditionTooDeep: .conditionTooDeep(depth: 600, limit: 512)
        case .aggregateOverflow: .aggregateOverflow(#"sum(\Record.attack)"#)
        case .invalidSearch: .invalidSearch("!!", reason: "no words", position: 0)
        }
    }

    /// The names of the detail properties that are set.
    static func filled(_ error: QueryError) -> Set<String> {
        let properties: [(String, Any?)] = [
            ("keyPath", error.keyPath), ("model", error.model),
            (
                "unmappedProperties",
                error.unmappedProperties.isEmpty ? nil : error.unmappedProperties
            ),
            ("duplicateNames", error.duplicateNames.isEmpty ? nil : error.duplicateNames),
            ("attribute", error.attribute), ("value", error.value),
            ("expectedType", error.expectedType), ("operation", error.operation),
            ("target", error.target), ("reason", error.reason), ("pattern", error.pattern),
            ("limit", error.limit), ("offset", error.offset), ("depth", error.depth),
            ("depthLimit", error.depthLimit), ("searchText", error.searchText),
            ("position", error.position),
        ]
        return Set(properties.compactMap { name, value in value == nil ? nil : name })
    }

    @Test("each factory makes its own code, and every code reads differently")
    func codesAreDistinct() {
        let kinds = QueryError.Code.Kind.allCases
        let errors = kinds.map(Self.sample)
        #expect(errors.map(\.code) == kinds.map(QueryError.Code.init))
        #expect(errors.map(\.code.description) == kinds.map(\.rawValue))
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(Set(errors.map(\.description)).count == kinds.count)
        #expect(Set(errors).count == kinds.count)
    }

    @Test("each factory fills its properties and no other")
    func factoriesFillTheirProperties() {
        let unmapped = QueryError.unmappedKeyPath(#"\Record.secret"#, model: "Record")
        #expect(Self.filled(unmapped) == ["keyPath", "model"])
        #expect(unmapped.keyPath == #"\Record.secret"# && unmapped.model == "Record")

        let mapping = QueryError.invalidMapping(
            model: "Record", unmappedProperties: ["a"], duplicateNames: ["b", "c"])
        #expect(Self.filled(mapping) == ["model", "unmappedProperties", "duplicateNames"])
        #expect(mapping.model == "Record" && mapping.unmappedProperties == ["a"])
        #expect(mapping.duplicateNames == ["b", "c"])

        let unknown = QueryError.unknownAttribute("secret", model: "Record")
        #expect(Self.filled(unknown) == ["attribute", "model"])
        #expect(unknown.attribute == "secret" && unknown.model == "Record")

        let value = QueryError.invalidValue(.string("one"), attribute: "id", expected: "Int")
        #expect(Self.filled(value) == ["value", "attribute", "expectedType"])
        #expect(value.value == .string("one") && value.attribute == "id")
        #expect(value.expectedType == "Int")

        let unsupported = QueryError.unsupported(
            operation: "CONTAINS[d]", target: .predicateFormat, reason: "why")
        #expect(Self.filled(unsupported) == ["operation", "target", "reason"])
        #expect(unsupported.operation == "CONTAINS[d]" && unsupported.target == .predicateFormat)
        #expect(unsupported.reason == "why")

        let regex = QueryError.invalidRegularExpression(pattern: "(", reason: "unclosed")
        #expect(Self.filled(regex) == ["pattern", "reason"])
        #expect(regex.pattern == "(" && regex.reason == "unclosed")

        let page = QueryError.invalidPagination(limit: 10, offset: -3)
        #expect(Self.filled(page) == ["limit", "offset"])
        #expect(page.limit == 10 && page.offset == -3)
        #expect(Self.filled(.invalidPagination(limit: nil, offset: -3)) == ["offset"])

        let deep = QueryError.conditionTooDeep(depth: 600, limit: 512)
        #expect(Self.filled(deep) == ["depth", "depthLimit"])
        #expect(deep.depth == 600 && deep.depthLimit == 512)

        let search = QueryError.invalidSearch("a b c", reason: "too many", position: 4)
        #expect(Self.filled(search) == ["searchText", "reason", "position"])
        #expect(search.searchText == "a b c" && search.reason == "too many")
        #expect(search.position == 4)
    }

    @Test("a code is a pattern for a thrown error")
    func codesMatchInCatchClauses() {
        func matched(_ error: any Error) -> String {
            do {
                throw error
            } catch QueryError.Code.unsupported {
                return "unsupported"
            } catch {
                return "other"
            }
        }
        #expect(matched(Self.sample(.unsupported)) == "unsupported")
        #expect(matched(Self.sample(.invalidPagination)) == "other")
        #expect(matched(CancellationError()) == "other")
    }
}
