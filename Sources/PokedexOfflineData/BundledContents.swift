import Foundation
import PokedexKit
import RecordCoding

/// The bundle's files, each read and decoded once, on first use, by whichever thread asks
/// first; every later call shares the decoded values (copies of value types).
enum BundledContents {
    /// One family's entries by id, with the order of its file and each entry's name.
    ///
    /// A table is made from entries already decoded, or from a file of one entry a line,
    /// whose lines it indexes by id and name without decoding them: an entry is then decoded
    /// when it is asked for, so that serving one ability does not decode the 373.
    struct Table<Entry: Decodable & Sendable>: Sendable {
        /// Where the entries are: decoded, or each on its line of a file.
        private enum Storage: Sendable {
            case decoded([Entry])
            case lines(Data, [Range<Int>])
        }

        private let storage: Storage
        /// The ids, in order.
        let ids: [Int]
        /// The position of each id.
        private let positions: [Int: Int]
        /// The id of each name.
        let idsByName: [String: Int]
        /// The name of each id.
        let namesByID: [Int: String]

        init(_ entries: [Entry], id: (Entry) -> Int, name: (Entry) -> String) {
            storage = .decoded(entries)
            ids = entries.map(id)
            positions = Dictionary(
                entries.enumerated().map { (id($0.element), $0.offset) },
                uniquingKeysWith: { first, _ in first })
            namesByID = Dictionary(
                entries.map { (id($0), name($0)) }, uniquingKeysWith: { first, _ in first })
            idsByName = Dictionary(
                entries.map { (name($0), id($0)) }, uniquingKeysWith: { first, _ in first })
        }

        /// A table over a JSON array written one entry a line, each line beginning
        /// `{"id":N,` and, for a family with names, `{"id":N,"name":"…",`; an entry without a
        /// name is named by its id.
        ///
        /// - Throws: `DecodingError` when a line between the brackets does not begin so.
        init(lines data: Data) throws {
            var ranges: [Range<Int>] = []
            var ids: [Int] = []
            var names: [String] = []
            let bytes = [UInt8](data)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                var line = start..<end
                while let last = line.last, bytes[last] == UInt8(ascii: ",") || bytes[last] == 13 {
                    line = line.lowerBound..<last
                }
                start = end + 1
                guard let first = line.first, bytes[first] == UInt8(ascii: "{") else { continue }
                guard let (id, name) = Self.idAndName(bytes[line]) else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: [],
                            debugDescription: "line \(ranges.count + 2) does not begin with "
                                + "{\"id\":N"))
                }
                ranges.append(line)
                ids.append(id)
                names.append(name ?? String(id))
            }
            storage = .lines(data, ranges)
            self.ids = ids
            positions = Dictionary(
                ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            namesByID = Dictionary(zip(ids, names), uniquingKeysWith: { first, _ in first })
            idsByName = Dictionary(zip(names, ids), uniquingKeysWith: { first, _ in first })
        }

        /// The id and, when the line names one, the name at the start of a line.
        private static func idAndName(_ line: ArraySlice<UInt8>) -> (Int, String?)? {
            let idPrefix = Array(#"{"id":"#.utf8)
            guard line.starts(with: idPrefix) else { return nil }
            var index = line.startIndex + idPrefix.count
            var id = 0
            while index < line.endIndex, let digit = Self.digit(line[index]) {
                guard id < Int.max / 10 - 9 else { return nil }
                id = id * 10 + digit
                index += 1
            }
            guard index > line.startIndex + idPrefix.count else { return nil }
            let namePrefix = Array(#","name":""#.utf8)
            guard line[index...].starts(with: namePrefix) else { return (id, nil) }
            let nameStart = index + namePrefix.count
            guard let nameEnd = line[nameStart...].firstIndex(of: UInt8(ascii: "\"")) else {
                return nil
            }
            return (id, String(decoding: line[nameStart..<nameEnd], as: UTF8.self))
        }

        private static func digit(_ byte: UInt8) -> Int? {
            (48...57).contains(byte) ? Int(byte) - 48 : nil
        }

        /// The entries in id order, each decoded.
        ///
        /// - Throws: `DecodingError` when the file is damaged.
        func entries() throws -> [Entry] {
            switch storage {
            case .decoded(let entries): return entries
            case .lines(let data, _):
                return try RecordJSONDecoder().decode([Entry].self, from: data)
            }
        }

        /// The entry with an id, decoded, or `nil`.
        ///
        /// - Throws: `DecodingError` when its line is damaged.
        func entry(id: Int) throws -> Entry? {
            guard let position = positions[id] else { return nil }
            switch storage {
            case .decoded(let entries):
                return entries[position]
            case .lines(let data, let ranges):
                return try RecordJSONDecoder().decode(Entry.self, from: data[ranges[position]])
            }
        }
    }

    /// The bytes of a file of the bundle.
    ///
    /// - Throws: ``BundledDataError/missingResource(_:)`` when the file is missing.
    static func data(_ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(
                forResource: name, withExtension: "json", subdirectory: "Resources")
        else {
            throw BundledDataError.missingResource("Resources/\(name).json")
        }
        return try Data(contentsOf: url)
    }

    static let pokemon = Result { () throws -> Table<FetchedPokemon> in
        let file = try RecordJSONDecoder().decode(CompactPokemonFile.self, from: data("pokemon"))
        return Table(file.pokemon, id: \.id, name: \.name)
    }

    static let species = Result { () throws -> Table<PokemonSpecies> in
        let file = try RecordJSONDecoder().decode(
            CompactSpeciesFile.self, from: data("pokemon-species"))
        return Table(file.species, id: \.id, name: \.name)
    }

    static let moves = Result { () throws -> Table<Move> in
        let file = try RecordJSONDecoder().decode(CompactMoveFile.self, from: data("move"))
        return Table(file.moves, id: \.id, name: \.name)
    }

    // The families written one entry a line, decoded an entry at a time.

    static let learnsets = Result { () throws -> Table<CompactLearnset> in
        try Table(lines: data("learnset"))
    }

    static let evolutionChains = Result { () throws -> Table<EvolutionChain> in
        try Table(lines: data("evolution-chain"))
    }

    static let types = Result { () throws -> Table<PokemonTypeDetails> in
        try Table(lines: data("type"))
    }

    static let abilities = Result { () throws -> Table<PokemonAbility> in
        try Table(lines: data("ability"))
    }

    // Their whole lists, decoded once, when asked for.

    static let allEvolutionChains = Result { try evolutionChains.get().entries() }
    static let allTypes = Result { try types.get().entries() }
    static let allAbilities = Result { try abilities.get().entries() }
}
