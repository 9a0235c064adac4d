import Foundation
import PokedexKit
import Testing

@Suite("TypeMatchups")
struct TypeMatchupsTests {
    @Test("groups every attacking type once, under its factor from the chart, for every defender")
    func groupsByTheChartsFactor() throws {
        let chart = try TypeChartTests.chart()
        for defending in TypeChartTests.defenders {
            let matchups = TypeMatchups(defending: defending, chart: chart)
            let grouped = matchups.groups.flatMap(\.attacking)
            #expect(grouped.count == PokemonType.known.count, "\(defending)")
            #expect(Set(grouped) == Set(PokemonType.known), "\(defending)")
            // From most damage to least, each group non-empty and in the types' order.
            #expect(
                matchups.groups.map(\.multiplier)
                    == TypeMatchups.multipliers.filter { factor in
                        matchups.groups.contains { $0.multiplier == factor }
                    }, "\(defending)")
            for group in matchups.groups {
                #expect(!group.attacking.isEmpty)
                #expect(group.attacking == PokemonType.known.filter(group.attacking.contains))
            }
            for attacking in PokemonType.known {
                #expect(
                    matchups.multiplier(of: attacking)
                        == chart.multiplier(of: attacking, against: defending),
                    "\(attacking) against \(defending)")
            }
        }
    }

    @Test("Charizard's matchups, and their JSON")
    func charizard() throws {
        let matchups = TypeMatchups(defending: [.fire, .flying], chart: try TypeChartTests.chart())
        #expect(matchups.groups.first == TypeMatchups.Group(multiplier: 4, attacking: [.rock]))
        #expect(matchups.multiplier(of: .water) == 2)
        #expect(matchups.multiplier(of: .ground) == 0)
        #expect(matchups.multiplier(of: PokemonType(rawValue: "shadow")) == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(matchups), as: UTF8.self)
        #expect(
            json.hasPrefix(
                #"{"defending":["fire","flying"],"groups":[{"attacking":["rock"],"multiplier":4}"#))
        #expect(try JSONDecoder().decode(TypeMatchups.self, from: Data(json.utf8)) == matchups)
    }
}
