import Foundation
import Testing

/// Real PokeAPI responses copied into this test target (see Fixtures/README.md for their source
/// and license).
enum Fixtures {
    /// The fixture folder inside the test bundle.
    static var directory: URL {
        get throws {
            try #require(
                Bundle.module.url(forResource: "Fixtures", withExtension: nil),
                "the Fixtures folder is missing from the test bundle"
            )
        }
    }

    /// Ids 1–151, trimmed.
    static let generationOneIDs = Array(1...151)

    /// The 41 hard cases from later generations and alternate forms, trimmed.
    static let edgeCaseIDs = [
        152, 176, 201, 213, 242, 250, 252, 292, 303, 386, 387, 413, 474, 493, 494, 650, 669,
        718, 722, 772, 785, 810, 899, 906, 1025, 10001, 10008, 10033, 10100, 10158, 10159,
        10190, 10195, 10228, 10264, 10271, 10277, 10278, 10301, 10307, 10326,
    ]

    /// Every trimmed entry.
    static let trimmedIDs = generationOneIDs + edgeCaseIDs

    /// The untrimmed entries (mew, 151, is 1.3 MB).
    static let fullIDs = [1, 25, 132, 151, 10001, 10158]

    /// The bytes of a trimmed entry.
    static func trimmed(_ id: Int) throws -> Data {
        let folder = id <= 151 ? "trimmed" : "trimmed/edge"
        return try Data(contentsOf: directory.appending(path: "\(folder)/\(id).json"))
    }

    /// The bytes of an untrimmed entry.
    static func full(_ id: Int) throws -> Data {
        try Data(contentsOf: directory.appending(path: "full/\(id).json"))
    }

    /// The list resource (every Pokémon on one page).
    static func list() throws -> Data {
        try Data(contentsOf: directory.appending(path: "list/pokemon.json"))
    }

    /// A trimmed entry as a mutable JSON object, for building malformed variants of real data.
    static func trimmedObject(_ id: Int) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: trimmed(id))
        return try #require(object as? [String: Any])
    }

    /// Facts computed over all 1351 entries of the data set.
    struct Facts: Decodable {
        var frontDefaultNull: [Int]
        var frontShinyNull: [Int]
        var baseExperienceNull: [Int]
        var abilitiesEmpty: [Int]

        enum CodingKeys: String, CodingKey {
            case frontDefaultNull = "front_default_null"
            case frontShinyNull = "front_shiny_null"
            case baseExperienceNull = "base_experience_null"
            case abilitiesEmpty = "abilities_empty"
        }
    }

    static func facts() throws -> Facts {
        let data = try Data(contentsOf: directory.appending(path: "facts.json"))
        return try JSONDecoder().decode(Facts.self, from: data)
    }
}

extension Data {
    /// Serializes a JSON object built in a test.
    init(jsonObject: Any) throws {
        self = try JSONSerialization.data(withJSONObject: jsonObject)
    }
}
