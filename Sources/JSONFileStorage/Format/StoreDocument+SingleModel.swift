import Foundation
import ModelStorage
import RecordCoding

/// The single-model layout (format 1), which this code reads but no longer writes: one
/// model's records in a versioned envelope, one record per line.
///
/// ```
/// {"format":1,"schemaVersion":1,"generation":7,"version":1204,"records":[
/// {"id":1,"name":"bulbasaur",…},
/// {"id":4,"name":"charmander",…}
/// ],
/// "writeVersions":[12,1204]}
/// ```
///
/// `schemaVersion` is the model's `StorableModel/schemaVersion` its records were written at;
/// `generation` counts the documents written, and pairs the document with its journal;
/// `version` counts the store's commits; `writeVersions`, optional, each record's write
/// version, in the records' order. A document without `writeVersions` (written before they
/// were kept) reads as if every record was written at the document's `version`.
extension StoreDocument {
    // MARK: Reading

    private enum VersionMismatch: Error {
        case format(Int)
        case schema(Int)
    }

    /// Write versions that do not fit the document's records.
    private struct BadWriteVersions: Error {
        let problem: String
    }

    private typealias CodingKeysName = Key

    private struct Envelope<Model: StorableModel>: Decodable {
        enum CodingKeys: String, CodingKey {
            case format, schemaVersion, generation, version, records, writeVersions
        }

        let generation: UInt64
        let version: UInt64
        let records: [Model]
        let writeVersions: [UInt64]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let format = try container.decode(Int.self, forKey: .format)
            guard format == StoreDocument.singleModelFormatVersion else {
                throw VersionMismatch.format(format)
            }
            let schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
            guard schemaVersion == Model.schemaVersion else {
                throw VersionMismatch.schema(schemaVersion)
            }
            generation = try container.decode(UInt64.self, forKey: .generation)
            version = try container.decode(UInt64.self, forKey: .version)
            records = try container.decode([Model].self, forKey: .records)
            writeVersions = try container.decodeIfPresent([UInt64].self, forKey: .writeVersions)
            if let problem = StoreDocument.problem(
                writeVersions: writeVersions, recordCount: records.count, version: version)
            {
                throw BadWriteVersions(problem: problem)
            }
        }
    }

    /// Decodes a document of format 1, migrating its records when it was written at an older
    /// schema version.
    ///
    /// - Throws: `StoreError/corruptFile(at:problem:location:)`,
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)`.
    static func decodeSingleModel<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String
    ) throws(StoreError) -> Contents<Model> {
        guard !data.isEmpty else {
            throw .corruptFile(at: .file(path), problem: "the file is empty", location: .wholeFile)
        }
        do {
            let envelope = try RecordCoding.makeDecoder().decode(Envelope<Model>.self, from: data)
            return Contents(
                records: envelope.records, writeVersions: envelope.writeVersions,
                generation: envelope.generation, version: envelope.version)
        } catch let error as BadWriteVersions {
            throw .corruptFile(
                at: .file(path), problem: error.problem,
                location: Location(codingPath: CodingKeysName.writeVersions))
        } catch VersionMismatch.format(let found) {
            throw formatError(found, path: path)
        } catch VersionMismatch.schema(let found) {
            guard found <= Model.schemaVersion else {
                throw .unsupportedVersion(
                    at: .file(path), kind: .schema, found: found, supported: Model.schemaVersion)
            }
            return try migrate(data, from: found, as: Model.self, path: path)
        } catch {
            throw singleModelProblem(error, in: data, path: path)
        }
    }

    private typealias Location = StoreError.Location

    /// The error for a format-1 document that does not decode, located as precisely as possible.
    private static func singleModelProblem(_ error: any Error, in data: Data, path: String)
        -> StoreError
    {
        let codingPath = RecordCoding.codingPath(of: error) ?? []
        if codingPath.isEmpty, let syntax = syntaxError(in: data, path: path) { return syntax }
        let reason = RecordCoding.reason(error)
        if codingPath.count >= 2, codingPath[0].stringValue == CodingKeysName.records,
            let index = codingPath[1].intValue
        {
            return .corruptFile(
                at: .file(path), problem: "a record does not decode: \(reason)",
                location: recordLocation(index, in: data, codingPath: codingPath))
        }
        return .corruptFile(
            at: .file(path), problem: "not a store document: \(reason)",
            location: Location(codingPath: RecordCoding.describe(codingPath)))
    }

    /// The error for bytes that are not JSON, at the first fault; `nil` when they are JSON.
    static func syntaxError(in data: some Collection<UInt8>, path: String, lineOffset: Int = 0)
        -> StoreError?
    {
        do {
            _ = try JSONParser.parse(data)
            return nil
        } catch {
            let position = TextPosition(offset: error.offset, in: data)
            let truncated = error.offset >= data.count
            return .corruptFile(
                at: .file(path),
                problem: truncated
                    ? "the file ends too early (truncated?): \(error.message)"
                    : "not valid JSON: \(error.message)",
                location: Location(
                    line: position.line + lineOffset, column: position.column,
                    byteOffset: error.offset))
        }
    }

    /// The location of a record in a document: its index, line and byte offset.
    static func recordLocation(
        _ index: Int, in data: Data, codingPath: [any CodingKey] = []
    ) -> StoreError.Location {
        var location = Location(
            recordIndex: index,
            codingPath: codingPath.isEmpty ? nil : RecordCoding.describe(codingPath))
        let bytes = [UInt8](data)
        if let offset = recordOffset(index, in: bytes) {
            location.line = TextPosition(offset: offset, in: bytes).line
            location.byteOffset = offset
        }
        return location
    }

    /// The byte offset where the record at an index begins.
    private static func recordOffset(_ index: Int, in bytes: [UInt8]) -> Int? {
        offset(ofRecord: index, atKeys: [CodingKeysName.records], in: bytes)
    }

    // MARK: Migrating

    private static func migrate<Model: StorableModel>(
        _ data: Data, from sourceVersion: Int, as _: Model.Type, path: String
    ) throws(StoreError) -> Contents<Model> {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw syntaxError(in: data, path: path)
                ?? .corruptFile(at: .file(path), problem: "not valid JSON", location: .wholeFile)
        }
        guard let generation = document["generation"]?.integerValue,
            let version = document["version"]?.integerValue,
            let records = document["records"]?.arrayValue
        else {
            throw .corruptFile(
                at: .file(path),
                problem: "not a store document: missing generation, version or records",
                location: .wholeFile)
        }
        var writeVersions: [UInt64]?
        if let versions = document[CodingKeysName.writeVersions], versions != .null {
            let numbers = versions.arrayValue?.compactMap { $0.integerValue }
            guard let numbers, numbers.count == versions.arrayValue?.count,
                numbers.allSatisfy({ $0 >= 0 })
            else {
                throw .corruptFile(
                    at: .file(path), problem: "the write versions are not a list of whole numbers",
                    location: Location(codingPath: CodingKeysName.writeVersions))
            }
            writeVersions = numbers.map { UInt64($0) }
            if let problem = problem(
                writeVersions: writeVersions, recordCount: records.count,
                version: UInt64(max(0, version)))
            {
                throw .corruptFile(
                    at: .file(path), problem: problem,
                    location: Location(codingPath: CodingKeysName.writeVersions))
            }
        }
        var migrated: [Model] = []
        migrated.reserveCapacity(records.count)
        let encoder = RecordEncoder()
        let decoder = RecordCoding.makeDecoder()
        for (index, var record) in records.enumerated() {
            do {
                try Model.migrate(&record, fromSchemaVersion: sourceVersion)
                migrated.append(try decoder.decode(Model.self, from: try encoder.encode(record)))
            } catch let failure as SchemaMigration.Failure {
                throw .migrationFailed(
                    at: .file(path), sourceVersion: sourceVersion,
                    location: recordLocation(index, in: data), reason: failure.reason)
            } catch {
                throw .migrationFailed(
                    at: .file(path), sourceVersion: sourceVersion,
                    location: recordLocation(
                        index, in: data, codingPath: RecordCoding.codingPath(of: error) ?? []),
                    reason: "the migrated record does not decode: \(RecordCoding.reason(error))")
            }
        }
        return Contents(
            records: migrated, writeVersions: writeVersions, generation: UInt64(max(0, generation)),
            version: UInt64(max(0, version)), migratedFrom: sourceVersion)
    }
}
