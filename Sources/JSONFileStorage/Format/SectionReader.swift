import Foundation
import ModelStorage
import RecordCoding

/// How the files read one model's records: its section of a document, its journal parts.
///
/// The document and journal decoders find each model's reader by the name
/// of its section (`StorableModel/storageName`) in their `userInfo`, so that every model's
/// records decode in the one pass over the file.
protocol SectionReading: Sendable {
    /// Decodes the model's section of a document, and keeps it in `sections` as the
    /// model's `StoreDocument.Contents`.
    ///
    /// - Parameters:
    ///   - decoder: The decoder of the section's object.
    ///   - generation: The document's generation.
    ///   - version: The document's version, which no write version may exceed.
    ///   - sections: The document's sections read so far.
    /// - Throws: `SectionProblem`, or the decoder's error.
    func readSection(
        from decoder: any Decoder, generation: UInt64, version: UInt64,
        into sections: inout PerModelValues
    ) throws

    /// Decodes the model's part of a journal line, its records migrated from
    /// `schemaVersion` when that is older, and keeps it in `changes` as the model's
    /// `StoreJournal.ModelChanges`.
    ///
    /// - Throws: `SectionProblem`, or the decoder's error.
    func readChanges(
        from decoder: any Decoder, schemaVersion: Int, into changes: inout PerModelValues
    ) throws
}

/// The readers of a database's models, by section name, and the journal header's schema
/// versions; a decoder's `userInfo` carries them under ``key``.
struct SectionReaders: Sendable {
    /// The `userInfo` key. (Its initializer is failable, though it fails for no name.)
    private static let key = CodingUserInfoKey(rawValue: "JSONFileStorage.SectionReaders")

    let byName: [String: any SectionReading]
    /// The schema version of each model's records in the journal being read, by name.
    var journalSchemaVersions: [String: Int] = [:]

    init(_ models: [any StorableModel.Type]) {
        var byName: [String: any SectionReading] = [:]
        for model in models { byName[model.storageName] = Self.reader(of: model) }
        self.byName = byName
    }

    private static func reader<Model: StorableModel>(of _: Model.Type) -> any SectionReading {
        SectionReader<Model>()
    }

    /// Gives a decoder the readers.
    func install(in decoder: JSONDecoder) {
        if let key = Self.key { decoder.userInfo[key] = self }
    }

    /// Gives a decoder the readers.
    func install(in decoder: inout RecordJSONDecoder) {
        if let key = Self.key { decoder.userInfo[key] = self }
    }

    /// The readers a decoder carries.
    static func of(_ decoder: any Decoder) throws -> SectionReaders {
        guard let key, let readers = decoder.userInfo[key] as? SectionReaders else {
            throw SectionProblem.noReaders
        }
        return readers
    }
}

/// What is wrong with a section or a journal part, beyond what the decoder reports.
enum SectionProblem: Error {
    /// The decoder was made without ``SectionReaders``.
    case noReaders
    /// A document's format, or a journal's, is not the one expected.
    case format(Int)
    /// Records written at a schema version newer than the model's.
    case schemaTooNew(section: String, found: Int, supported: Int)
    /// Write versions that do not fit the section's records.
    case writeVersions(section: String, problem: String)
    /// A history horizon (`index` `nil`) or a tombstone that does not fit the document.
    case history(section: String, index: Int?, problem: String)
    /// A record whose migration failed, or that does not decode once migrated.
    case migration(
        section: String, sourceVersion: Int, index: Int, reason: String, codingPath: String?)
    /// A journal part naming a model its header does not list.
    case unlistedModel(String)
}

/// One model's ``SectionReading``.
struct SectionReader<Model: StorableModel>: SectionReading {
    private enum Keys: String, CodingKey {
        case schemaVersion, records, writeVersions, horizon, tombstones, delete, deletedAt, put
    }

    func readSection(
        from decoder: any Decoder, generation: UInt64, version: UInt64,
        into sections: inout PerModelValues
    ) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        let records = try Self.records(in: container, forKey: .records, from: schemaVersion)
        let writeVersions = try container.decodeIfPresent([UInt64].self, forKey: .writeVersions)
        if let problem = StoreDocument.problem(
            writeVersions: writeVersions, recordCount: records.count, version: version)
        {
            throw SectionProblem.writeVersions(section: Model.storageName, problem: problem)
        }
        sections[StoreDocument.Contents<Model>.self] = StoreDocument.Contents(
            records: records, writeVersions: writeVersions, generation: generation,
            version: version,
            migratedFrom: schemaVersion == Model.schemaVersion ? nil : schemaVersion,
            history: try Self.history(in: container, version: version))
    }

    /// The section's change history, for a model that keeps one; `nil` for a section without
    /// one (written before histories were kept, or while the model kept none).
    private static func history(
        in container: KeyedDecodingContainer<Keys>, version: UInt64
    ) throws -> StoreDocument.History<Model>? {
        guard Model.changeHistory != nil,
            container.contains(.horizon) || container.contains(.tombstones)
        else { return nil }
        return try StoreDocument.history(
            of: Model.self, horizon: container.decode(UInt64.self, forKey: .horizon),
            entries: container.decodeIfPresent(
                [StoreDocument.TombstoneEntry<Model.ID>].self, forKey: .tombstones) ?? [],
            version: version)
    }

    func readChanges(
        from decoder: any Decoder, schemaVersion: Int, into changes: inout PerModelValues
    ) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let deleted = try container.decodeIfPresent([Model.ID].self, forKey: .delete) ?? []
        var part = StoreJournal.ModelChanges<Model>(changes: deleted.map { .delete($0) })
        if container.contains(.put) {
            part.changes += try Self.records(in: container, forKey: .put, from: schemaVersion)
                .map { .upsert($0) }
        }
        if Model.changeHistory != nil {
            part.deletedAt = try container.decodeIfPresent(Double.self, forKey: .deletedAt)
                .flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
            part.horizon = try container.decodeIfPresent(UInt64.self, forKey: .horizon)
        }
        changes[StoreJournal.ModelChanges<Model>.self] = part
    }

    /// The records under a key, migrated when they were written at an older schema version.
    private static func records(
        in container: KeyedDecodingContainer<Keys>, forKey key: Keys, from schemaVersion: Int
    ) throws -> [Model] {
        guard schemaVersion != Model.schemaVersion else {
            return try container.decode([Model].self, forKey: key)
        }
        guard schemaVersion < Model.schemaVersion else {
            throw SectionProblem.schemaTooNew(
                section: Model.storageName, found: schemaVersion, supported: Model.schemaVersion)
        }
        let raw = try container.decode([JSONValue].self, forKey: key)
        var migrated: [Model] = []
        migrated.reserveCapacity(raw.count)
        let encoder = RecordEncoder()
        let decoder = RecordCoding.makeDecoder()
        for (index, var record) in raw.enumerated() {
            func failure(_ reason: String, _ codingPath: String? = nil) -> SectionProblem {
                .migration(
                    section: Model.storageName, sourceVersion: schemaVersion, index: index,
                    reason: reason, codingPath: codingPath)
            }
            do {
                try Model.migrate(&record, fromSchemaVersion: schemaVersion)
            } catch {
                throw failure(error.reason)
            }
            do {
                migrated.append(try decoder.decode(Model.self, from: try encoder.encode(record)))
            } catch {
                throw failure(
                    "the migrated record does not decode: \(RecordCoding.reason(error))",
                    RecordCoding.codingPath(of: error).map(RecordCoding.describe))
            }
        }
        return migrated
    }
}
