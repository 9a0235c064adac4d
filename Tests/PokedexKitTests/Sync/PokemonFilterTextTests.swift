import Testing

@testable import PokedexKit

/// The text forms of a filter's parts: sort keys and lists of types.
@Suite("PokemonFilter: text forms of sorts and types")
struct PokemonFilterTextTests {
    @Test("the sort keys are id, name and the text stats, in that order")
    func textKeys() {
        #expect(PokemonSort.textKeys == ["id", "name", "hp", "attack", "defense", "speed"])
        #expect(PokemonFilter.textStats == [.hp, .attack, .defense, .speed])
    }

    @Test("every sort key parses, ascending and with - descending, into its own order")
    func sortKeysParse() throws {
        #expect(try PokemonSort(parsing: "id") == .id(.ascending))
        #expect(try PokemonSort(parsing: "-name") == .name(.descending))
        #expect(try PokemonSort(parsing: "-attack") == .stat(.attack, .descending))
        #expect(try PokemonSort(parsing: "speed") == .stat(.speed, .ascending))
        var orders: Set<PokemonSort> = []
        for key in PokemonSort.textKeys {
            orders.insert(try PokemonSort(parsing: key))
            orders.insert(try PokemonSort(parsing: "-" + key))
        }
        #expect(orders.count == 2 * PokemonSort.textKeys.count)
    }

    @Test(
        "a text that is no sort key is refused, listing the keys",
        arguments: ["weight", "", "-", "--attack", "Attack", "special-attack", " id"])
    func badSortKeys(text: String) throws {
        let error = try #require(throws: PokemonFilter.TextError.self) {
            try PokemonSort(parsing: text)
        }
        #expect(error.code == .unknownSortKey)
        #expect(error.refused == text)
        #expect(error.accepted == "id, name, hp, attack, defense or speed (add - to descend)")
        #expect(
            error.description
                == "expects id, name, hp, attack, defense or speed (add - to descend), not '\(text)'"
        )
    }

    @Test("lists of types ignore case and spaces, keep their order, and skip empty items")
    func typeLists() throws {
        #expect(try PokemonType.list(parsing: "fire") == [.fire])
        #expect(try PokemonType.list(parsing: "Water, FLYING") == [.water, .flying])
        #expect(try PokemonType.list(parsing: "grass,,poison") == [.grass, .poison])
    }

    @Test(
        "a list naming an unknown type, or none, is refused, naming it and listing the types",
        arguments: [
            ("plasma", "plasma", PokemonFilter.TextError.Code.unknownType),
            ("fire,Plasma", "plasma", .unknownType), ("fire, ", "", .unknownType),
            ("stellar", "stellar", .unknownType), ("", "", .emptyTypeList),
            (",", ",", .emptyTypeList),
        ])
    func badTypeLists(text: String, refused: String, code: PokemonFilter.TextError.Code) throws {
        let error = try #require(throws: PokemonFilter.TextError.self) {
            try PokemonType.list(parsing: text)
        }
        #expect(error.code == code)
        #expect(error.refused == refused)
        let known = PokemonType.known.map(\.rawValue)
        #expect(error.accepted.hasPrefix("one or more of normal, fighting, flying, "))
        #expect(error.accepted.hasSuffix("dark or fairy, separated by commas"))
        #expect(known.allSatisfy { error.accepted.contains($0) })
        #expect(error.description == "expects \(error.accepted), not '\(refused)'")
    }

    // MARK: The error's codes

    /// One error of each code, made by its factory; a new code does not compile until it has one.
    static func sample(_ kind: PokemonFilter.TextError.Code.Kind) -> PokemonFilter.TextError {
        switch kind {
        case .unknownSortKey: .unknownSortKey("weight")
        case .unknownType: .unknownType("plasma")
        case .emptyTypeList: .emptyTypeList(",")
        }
    }

    @Test("each factory makes its own code, and every code reads differently")
    func codesAreDistinct() {
        let kinds = PokemonFilter.TextError.Code.Kind.allCases
        let errors = kinds.map(Self.sample)
        #expect(errors.map(\.code) == kinds.map(PokemonFilter.TextError.Code.init))
        #expect(errors.map(\.code.description) == kinds.map(\.rawValue))
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(Set(errors.map(\.description)).count == kinds.count)
        #expect(errors.map(\.refused) == ["weight", "plasma", ","])
    }

    @Test("a code is a pattern for a thrown error")
    func codesMatchInCatchClauses() {
        do {
            _ = try PokemonType.list(parsing: "water,plasma")
            Issue.record("plasma is a type")
        } catch PokemonFilter.TextError.Code.unknownType {
            // The error expected.
        } catch {
            Issue.record("unexpected error: \(error)")
        }
        #expect(
            !(PokemonFilter.TextError.Code.unknownSortKey
                ~= PokemonFilter.TextError.unknownType("x")))
    }

    @Test("one type parses ignoring case and spaces; anything else is unknownType, listing one")
    func oneType() throws {
        #expect(try PokemonType(parsing: " Rock") == .rock)
        #expect(try PokemonType(parsing: "FAIRY") == .fairy)
        for refused in ["rok", "fire,water", "", "shadow"] {
            do {
                _ = try PokemonType(parsing: refused)
                Issue.record("'\(refused)' parsed")
            } catch {
                #expect(error.code == .unknownType)
                #expect(error.refused == refused)
                #expect(error.description.hasPrefix("expects one of normal, fighting, "))
                #expect(error.description.hasSuffix("dark or fairy, not '\(refused)'"))
            }
        }
    }
}
