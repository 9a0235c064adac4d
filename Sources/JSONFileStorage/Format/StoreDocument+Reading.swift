import Foundation
import ModelStorage
import RecordCoding

extension StoreDocument {
    /// A document as a database reads it, whatever its format.
    struct Read: Sendable {
        var generation: UInt64 = 0
        var version: UInt64 = 0
        /// The sections of the database's models, each its model's `Contents`; a model
        /// without a section has none.
        var sections = PerModelValues()
        /// The sections of models the database was not opened with, by name, as their
        /// bytes: written back unchanged.
        var kept: [(name: String, bytes: Data)] = []
        /// The document's format.
        var format = StoreDocument.formatVersion
    }

    /// Decodes a document of any format for a database of some models, migrating each
    /// section whose records were written at an older schema version.
    ///
    /// A document of format 1 reads as the section of the first model.
    ///
    /// - Throws: `StoreError/corruptFile(at:problem:location:)`,
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)`.
    static func decode(
        _ data: Data, models: [any StorableModel.Type], path: String
    ) throws(StoreError) -> Read {
        guard !data.isEmpty else {
            throw .corruptFile(at: .file(path), problem: "the file is empty", location: .wholeFile)
        }
        guard let first = models.first else { return Read() }
        guard format(of: data) == formatVersion else {
            return try singleModel(data, as: first, path: path)
        }
        var decoder = RecordJSONDecoder()
        SectionReaders(models).install(in: &decoder)
        var read = Read()
        do {
            let envelope = try decoder.decode(Envelope.self, from: data)
            read.generation = envelope.generation
            read.version = envelope.version
            read.sections = envelope.sections
            if !envelope.unknown.isEmpty {
                read.kept = keptSections(envelope.unknown, in: data)
            }
            return read
        } catch let problem as SectionProblem {
            throw error(problem, in: data, path: path)
        } catch {
            throw self.problem(error, in: data, path: path)
        }
    }

    /// Reads a document of format 1 as the section of one model.
    private static func singleModel<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String
    ) throws(StoreError) -> Read {
        let contents = try decodeSingleModel(data, as: Model.self, path: path)
        var sections = PerModelValues()
        sections[Contents<Model>.self] = contents
        return Read(
            generation: contents.generation, version: contents.version, sections: sections,
            format: singleModelFormatVersion)
    }

    /// The document's `format`, read without decoding the rest; `nil` when the bytes do not
    /// get that far as JSON, or have no `format`.
    static func format(of data: Data) -> Int? {
        // The format comes first in every document this code writes: look there first.
        if data.count > 256, let format = format(of: [UInt8](data.prefix(256))) {
            return format
        }
        return format(of: [UInt8](data))
    }

    private static func format(of bytes: [UInt8]) -> Int? {
        var parser = JSONParser(bytes)
        var format: Int?
        _ = try? parser.enterObject(atKeys: []) { parser, key in
            let value = try parser.parseValue()
            guard key == "format" else { return false }
            format = value.integerValue
            return true
        }
        return format
    }

    /// The document's envelope: its header, and each section through its model's reader.
    private struct Envelope: Decodable {
        let generation: UInt64
        let version: UInt64
        var sections = PerModelValues()
        var unknown: [String] = []

        private enum Keys: String, CodingKey {
            case format, generation, version, models
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let format = try container.decode(Int.self, forKey: .format)
            guard format == StoreDocument.formatVersion else { throw SectionProblem.format(format) }
            generation = try container.decode(UInt64.self, forKey: .generation)
            version = try container.decode(UInt64.self, forKey: .version)
            let readers = try SectionReaders.of(decoder)
            let models = try container.nestedContainer(keyedBy: NameKey.self, forKey: .models)
            for key in models.allKeys {
                guard let reader = readers.byName[key.stringValue] else {
                    unknown.append(key.stringValue)
                    continue
                }
                try reader.readSection(
                    from: models.superDecoder(forKey: key), generation: generation,
                    version: version, into: &sections)
            }
            unknown.sort()
        }
    }

    /// The bytes of some sections, by name, in the order of the names.
    private static func keptSections(_ names: [String], in data: Data) -> [(
        name: String, bytes: Data
    )] {
        let bytes = [UInt8](data)
        var found: [String: Range<Int>] = [:]
        var parser = JSONParser(bytes)
        _ = try? parser.enterObject(atKeys: [Key.models]) { parser, name in
            let start = parser.offset
            _ = try parser.parseValue()
            found[name] = start..<parser.offset
            return false
        }
        return names.compactMap { name in
            found[name].map { (name, Data(bytes[$0])) }
        }
    }

    // MARK: Errors

    private typealias Location = StoreError.Location

    /// The error for a document of a format this code does not read.
    static func formatError(_ found: Int, path: String) -> StoreError {
        guard found > formatVersion else {
            return .corruptFile(
                at: .file(path), problem: "unknown format version \(found)",
                location: Location(codingPath: "format"))
        }
        return .unsupportedVersion(
            at: .file(path), kind: .format, found: found, supported: formatVersion)
    }

    /// The error for a section that does not read.
    private static func error(_ problem: SectionProblem, in data: Data, path: String)
        -> StoreError
    {
        switch problem {
        case .format(let found):
            return formatError(found, path: path)
        case .schemaTooNew(_, let found, let supported):
            return .unsupportedVersion(
                at: .file(path), kind: .schema, found: found, supported: supported)
        case .writeVersions(let section, let problem):
            return .corruptFile(
                at: .file(path), problem: problem,
                location: Location(
                    codingPath: "\(Key.models).\(section).\(Key.writeVersions)"))
        case .history(let section, let index, let problem):
            var location = Location(codingPath: "\(Key.models).\(section).\(Key.horizon)")
            if let index {
                location = recordLocation(index, ofSection: section, in: data, list: Key.tombstones)
                location.codingPath = "\(Key.models).\(section).\(Key.tombstones)[\(index)]"
            }
            return .corruptFile(
                at: .file(path), problem: "the history of \(section) is corrupt: \(problem)",
                location: location)
        case .migration(let section, let sourceVersion, let index, let reason, let codingPath):
            var location = recordLocation(index, ofSection: section, in: data)
            location.codingPath = codingPath
            return .migrationFailed(
                at: .file(path), sourceVersion: sourceVersion, location: location, reason: reason)
        case .noReaders, .unlistedModel:
            return .corruptFile(
                at: .file(path), problem: "not a store document", location: .wholeFile)
        }
    }

    /// The error for a document that does not decode, located as precisely as possible.
    private static func problem(_ error: any Error, in data: Data, path: String) -> StoreError {
        let codingPath = RecordCoding.codingPath(of: error) ?? []
        if codingPath.isEmpty, let syntax = syntaxError(in: data, path: path) { return syntax }
        let reason = RecordCoding.reason(error)
        if codingPath.count >= 4, codingPath[0].stringValue == Key.models,
            let list = [Key.records, Key.tombstones].first(where: {
                $0 == codingPath[2].stringValue
            }),
            let index = codingPath[3].intValue
        {
            let section = codingPath[1].stringValue
            var location = recordLocation(index, ofSection: section, in: data, list: list)
            location.codingPath = RecordCoding.describe(codingPath)
            let what = list == Key.records ? "a record" : "a tombstone"
            return .corruptFile(
                at: .file(path), problem: "\(what) of \(section) does not decode: \(reason)",
                location: location)
        }
        return .corruptFile(
            at: .file(path), problem: "not a store document: \(reason)",
            location: Location(codingPath: RecordCoding.describe(codingPath)))
    }

    /// The location of a record of a section, or of another entry of one of its lists (a
    /// tombstone): its index, line and byte offset.
    static func recordLocation(
        _ index: Int, ofSection section: String, in data: Data, list: String = Key.records
    ) -> StoreError.Location {
        var location = Location(recordIndex: index)
        let bytes = [UInt8](data)
        if let offset = offset(ofRecord: index, atKeys: [Key.models, section, list], in: bytes) {
            location.line = TextPosition(offset: offset, in: bytes).line
            location.byteOffset = offset
        }
        return location
    }

    /// The byte offset where a record begins in the list at some keys.
    static func offset(ofRecord index: Int, atKeys keys: [String], in bytes: [UInt8]) -> Int? {
        var parser = JSONParser(bytes)
        guard (try? parser.enterObject(atKeys: keys) { _, _ in false }) == true else {
            return nil
        }
        var current = 0
        do {
            repeat {
                parser.skipWhitespace()
                if current == index { return parser.offset }
                _ = try parser.parseValue()
                current += 1
            } while parser.consume(UInt8(ascii: ","))
        } catch {}
        return nil
    }
}

/// A section's name, as a key of a document's `models`.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONParser {
    /// Walks into nested objects along some keys.
    ///
    /// At the last key, it stops inside its value
    /// when that is an array and returns `true`; when it is an object, it calls `member`
    /// with the parser at each member's value (which `member` must read) until `member`
    /// returns `true`.
    ///
    /// - Returns: Whether it found the last key (and, for an object, `member` stopped).
    mutating func enterObject(
        atKeys keys: [String], member: (inout JSONParser, String) throws -> Bool
    ) throws -> Bool {
        var depth = 0
        skipWhitespace()
        try expect(UInt8(ascii: "{"), "'{'")
        while depth < keys.count {
            var entered = false
            repeat {
                skipWhitespace()
                if peek == UInt8(ascii: "}") { return false }
                let key = try parseString()
                try expect(UInt8(ascii: ":"), "':'")
                if key == keys[depth] {
                    entered = true
                    break
                }
                _ = try parseValue()
            } while consume(UInt8(ascii: ","))
            guard entered else { return false }
            depth += 1
            skipWhitespace()
            if depth == keys.count, consume(UInt8(ascii: "[")) { return true }
            try expect(UInt8(ascii: "{"), "'{'")
        }
        repeat {
            skipWhitespace()
            if peek == UInt8(ascii: "}") { return false }
            let key = try parseString()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            if try member(&self, key) { return true }
        } while consume(UInt8(ascii: ","))
        return false
    }
}
