import Foundation
import PokedexKit
import Testing

@Suite("PokemonTypeDetails and TypeChart")
struct TypeChartTests {
    /// The 18 attacking types by name, as the raw files name them.
    static let attackingTypes = PokemonType.known

    /// Every defender of one type, and of two different types, among the 18.
    static let defenders: [[PokemonType]] = {
        let types = PokemonType.known
        var defenders = types.map { [$0] }
        for (index, first) in types.enumerated() {
            for second in types[(index + 1)...] { defenders.append([first, second]) }
        }
        return defenders
    }()

    /// The chart made from the repository's 21 types.
    static func chart() throws -> TypeChart {
        TypeChart(try RepositoryData.decodeAll(PokemonTypeDetails.self, .type))
    }

    /// What a move of each type deals to each type, read from the attacking type's raw
    /// `damage_relations.*_to` lists: the other side of the relations the chart reads.
    static func rawFactors() throws -> [String: [String: Double]] {
        var factors: [String: [String: Double]] = [:]
        for id in try RepositoryData.ids(.type) {
            let raw = try RepositoryData.object(.type, id)
            let name = try #require(raw["name"] as? String)
            let relations = try #require(Raw.object(raw["damage_relations"]))
            var row: [String: Double] = [:]
            for (key, factor) in [
                ("double_damage_to", 2.0), ("half_damage_to", 0.5), ("no_damage_to", 0.0),
            ] {
                for target in Raw.list(relations[key]) {
                    row[try #require(Raw.name(target))] = factor
                }
            }
            factors[name] = row
        }
        return factors
    }

    @Test("every type decodes, matches its raw JSON and round-trips")
    func everyTypeMatchesItsJSON() throws {
        let ids = try RepositoryData.ids(.type)
        #expect(ids == Array(1...19) + [10001, 10002])
        for id in ids {
            let type = try JSONDecoder().decode(
                PokemonTypeDetails.self, from: RepositoryData.data(.type, id))
            let raw = try RepositoryData.object(.type, id)
            #expect(type.id == id)
            #expect(type.name.rawValue == raw["name"] as? String)
            #expect(type.names == Raw.localized(raw["names"], textKey: "name"))
            #expect(type.generation == Raw.id(raw["generation"]))
            #expect(type.moveDamageClass == Raw.name(raw["move_damage_class"]))
            let relations = try #require(Raw.object(raw["damage_relations"]))
            func names(_ key: String) -> [String?] { Raw.list(relations[key]).map { Raw.name($0) } }
            let model = type.damageRelations
            #expect(model.doubleDamageFrom.map(\.rawValue) == names("double_damage_from"))
            #expect(model.halfDamageFrom.map(\.rawValue) == names("half_damage_from"))
            #expect(model.noDamageFrom.map(\.rawValue) == names("no_damage_from"))
            #expect(model.doubleDamageTo.map(\.rawValue) == names("double_damage_to"))
            #expect(model.halfDamageTo.map(\.rawValue) == names("half_damage_to"))
            #expect(model.noDamageTo.map(\.rawValue) == names("no_damage_to"))
            #expect(try roundTripped(type) == type)
        }
    }

    @Test("the untrimmed fire type decodes and round-trips")
    func untrimmedFire() throws {
        let fire = try JSONDecoder().decode(
            PokemonTypeDetails.self, from: Fixtures.full(.type, 10))
        #expect(fire.name == .fire)
        #expect(fire.localizedName("fr") == "Feu")
        #expect(fire.generation == 1)
        #expect(fire.moveDamageClass == "special")
        #expect(fire.damageRelations.doubleDamageFrom == [.ground, .rock, .water])
        #expect(try roundTripped(fire) == fire)
    }

    @Test("every attacking type against every defender of one or two types", arguments: defenders)
    func matchups(defending: [PokemonType]) throws {
        let chart = try Self.chart()
        let factors = try Self.rawFactors()
        for attacking in Self.attackingTypes {
            let expected = defending.reduce(1.0) { product, defender in
                product * (factors[attacking.rawValue]?[defender.rawValue] ?? 1)
            }
            #expect(
                chart.multiplier(of: attacking, against: defending) == expected,
                "\(attacking) against \(defending)")
            #expect(chart.multipliers(against: defending)[attacking] == expected)
            #expect([0, 0.25, 0.5, 1, 2, 4].contains(expected))
        }
    }

    @Test("the matchups use every multiplier: 0, ¼, ½, 1, 2 and 4")
    func everyMultiplierOccurs() throws {
        let chart = try Self.chart()
        let seen = Set(
            Self.defenders.flatMap { defending in
                Self.attackingTypes.map { chart.multiplier(of: $0, against: defending) }
            })
        #expect(seen == [0, 0.25, 0.5, 1, 2, 4])
    }

    @Test("Charizard: rock ×4, water and electric ×2, immune to ground")
    func charizard() throws {
        let multipliers = try Self.chart().multipliers(against: [.fire, .flying])
        #expect(multipliers[.rock] == 4)
        #expect(multipliers[.water] == 2)
        #expect(multipliers[.electric] == 2)
        #expect(multipliers[.ground] == 0)
        #expect(Set(multipliers.filter { $0.value >= 2 }.keys) == [.rock, .water, .electric])
        #expect(Set(multipliers.filter { $0.value == 0.25 }.keys) == [.grass, .bug])
        #expect(multipliers.count == 18)
    }

    @Test("a type listed twice counts once; an unknown defending type is neutral")
    func duplicatesAndUnknownTypes() throws {
        let chart = try Self.chart()
        #expect(chart.multiplier(of: .water, against: [.fire, .fire]) == 2)
        #expect(chart.multiplier(of: .water, against: ["no-such-type"]) == 1)
        #expect(chart.multiplier(of: .water, against: []) == 1)
    }
}
