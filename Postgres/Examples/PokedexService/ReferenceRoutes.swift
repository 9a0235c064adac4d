import Foundation
import Hummingbird
import PokedexKit
import PokedexOfflineData

/// The service's routes over the bundled reference data, which no request changes.
///
/// - `GET /species/{id or name}`: a species, by its number or its PokeAPI name in any case
///   (`6`, `charizard`, `Mr-Mime`), in PokeAPI's shape;
/// - `GET /types/{type}[,{type}]/matchups`: the damage a defender of one or two types takes
///   from each attacking type, grouped by multiplier (``TypeMatchups``, what
///   `pokedex types --json` prints).
///
/// A malformed `{types}` is a 400 naming what it accepts; a species or type that does not
/// exist is a 404.
struct ReferenceRoutes: Sendable {
    /// Every species, by its id.
    let speciesByID: [Int: PokemonSpecies]
    /// Each species' id, by its PokeAPI name.
    let speciesIDsByName: [String: Int]
    /// The type chart the matchups are read from.
    let chart: TypeChart

    /// The routes over the bundled species and types.
    ///
    /// - Throws: `BundledDataError` when the bundle cannot be read.
    static func bundled() throws -> ReferenceRoutes {
        let species = try BundledPokeAPI.allSpecies()
        return ReferenceRoutes(
            speciesByID: Dictionary(species.map { ($0.id, $0) }, uniquingKeysWith: { $1 }),
            speciesIDsByName: Dictionary(
                species.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first }),
            chart: TypeChart(try BundledPokeAPI.allTypes()))
    }

    /// Adds the routes to a router, after ``PokemonRoutes``, whose middleware sends their
    /// errors as JSON too.
    func add(to router: Router<some RequestContext>) {
        router.get("species/:species") { _, context in
            JSONBody(try species(Self.segment("species", of: context.parameters)))
        }
        router.get("types/:types/matchups") { _, context in
            JSONBody(try matchups(Self.segment("types", of: context.parameters)))
        }
    }

    /// A path parameter, percent-decoded (`water,%20ground` is `water, ground`).
    static func segment(_ name: String, of parameters: Parameters) -> String {
        let raw = parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }

    /// The species a path names by number or by name, or a 404.
    func species(_ text: String) throws(APIError) -> PokemonSpecies {
        if let id = Int(text) {
            guard let found = speciesByID[id] else {
                let numbers = speciesByID.keys
                throw APIError(
                    .notFound,
                    "no species has id \(id); species are numbered \(numbers.min() ?? 0) to "
                        + "\(numbers.max() ?? 0)", parameter: "species")
            }
            return found
        }
        guard let id = speciesIDsByName[text.lowercased()], let found = speciesByID[id] else {
            throw APIError(
                .notFound, "no species is named '\(text)' (PokeAPI's name, such as mr-mime)",
                parameter: "species")
        }
        return found
    }

    /// The matchups of the one or two types a path names, a 400 when it is malformed, or a
    /// 404 for a type that does not exist.
    func matchups(_ text: String) throws(APIError) -> TypeMatchups {
        let accepted = "one or two type names separated by a comma, such as fire,flying"
        let names = text.lowercased().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty), names.count <= 2, Set(names).count == names.count
        else {
            throw APIError.badValue("types", text, accepted: accepted)
        }
        var types: [PokemonType] = []
        for name in names {
            guard let type = try? PokemonType(parsing: name) else {
                throw APIError(
                    .notFound,
                    "no type '\(name)'; the types are "
                        + PokemonType.known.map(\.rawValue).joined(separator: ", "),
                    parameter: "types")
            }
            types.append(type)
        }
        return TypeMatchups(defending: types, chart: chart)
    }
}
