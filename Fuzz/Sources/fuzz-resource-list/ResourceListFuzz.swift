import Foundation
import FuzzSupport
import PokedexKit

/// Decodes a PokeAPI list page (`NamedResourceList`) from any bytes.
///
/// Properties: decoding throws nothing but a `DecodingError`; every resource's id reads
/// without trapping; what decodes encodes, and reads back equal.
@main
enum ResourceListFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    /// Pages cut from the real list resource (1351 entries), as the static data set serves
    /// them (host-less links) and as the live service does (absolute links), first, middle
    /// and last.
    static func seeds() throws -> [String: Data] {
        let list = try JSONDecoder().decode(
            NamedResourceList.self, from: try FuzzFixtures.data("list/pokemon.json"))
        var seeds: [String: Data] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for (limit, offset) in [(1, 0), (5, 0), (20, 40), (100, 1_000), (3, 1_348), (7, 1_351)] {
            for host in ["", "https://pokeapi.co"] {
                func link(_ offset: Int) -> URL? {
                    guard offset >= 0, offset < list.count else { return nil }
                    return URL(string: "\(host)/api/v2/pokemon?offset=\(offset)&limit=\(limit)")
                }
                let results = Array(list.results.dropFirst(offset).prefix(limit))
                let page = NamedResourceList(
                    count: list.count, next: link(offset + limit),
                    previous: offset == 0 ? nil : link(max(0, offset - limit)), results: results)
                let name = "page-\(limit)-\(offset)\(host.isEmpty ? "" : "-absolute").json"
                seeds[name] = try encoder.encode(page)
            }
        }
        return seeds
    }

    static func run(_ input: Data) {
        let list: NamedResourceList
        do {
            list = try JSONDecoder().decode(NamedResourceList.self, from: input)
        } catch is DecodingError {
            return
        } catch {
            fatalError("decoding threw something other than a DecodingError: \(error)")
        }
        _ = list.results.map(\.id)
        do {
            let again = try JSONDecoder().decode(
                NamedResourceList.self, from: try JSONEncoder().encode(list))
            require(again == list, "re-encoded \(list) reads back as \(again)")
        } catch {
            fatalError("a decoded list does not round-trip: \(error)\n\(list)")
        }
    }
}
