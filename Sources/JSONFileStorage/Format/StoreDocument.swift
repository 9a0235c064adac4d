import Foundation
import ModelStorage

/// The store document: one human-readable JSON object holding every record, in a versioned
/// envelope, one record per line.
///
/// ```
/// {"format":1,"schemaVersion":1,"generation":7,"version":1204,"records":[
/// {"id":1,"name":"bulbasaur",…},
/// {"id":4,"name":"charmander",…}
/// ],
/// "writeVersions":[12,1204]}
/// ```
///
/// `format` is the layout's version (this code writes and reads 1); `schemaVersion` the
/// model's `StorableModel/schemaVersion` its records were written at; `generation` counts
/// the documents written, and pairs the document with its journal; `version` counts the
/// store's commits; `writeVersions`, on a line of its own after the records, each record's
/// write version (the store's version after the commit that last inserted or updated it),
/// in the records' order, none above `version`.
///
/// `writeVersions` is optional, so the format stays 1: a document written before write
/// versions were kept has none, and its records read as written at the document's
/// `version` — a read made before that version then conflicts with any of them, and no
/// read made since the store opened does. Code that predates the key ignores it.
enum StoreDocument {
    /// The layout this code writes, and the newest it reads.
    static let formatVersion = 1

    /// What a document holds.
    struct Contents<Model: StorableModel> {
        var records: [Model]
        /// Each record's write version, or `nil` when the document does not have them.
        var writeVersions: [UInt64]? = nil
        var generation: UInt64
        var version: UInt64
        /// The schema version the file was written at, when records were migrated from it.
        var migratedFrom: Int?
    }

    // MARK: Writing

    /// Encodes a document holding some records.
    ///
    /// - Parameters:
    ///   - records: The records, in order.
    ///   - count: Their number, to reserve room.
    ///   - writeVersions: Each record's write version, in order; empty to write none (the
    ///     records then read back as written at `version`).
    ///   - generation: The document's generation.
    ///   - version: The store's version.
    ///   - encoder: The records' encoder.
    /// - Returns: The document's bytes.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    static func encode<Model: StorableModel>(
        _ records: some Sequence<Model>, count: Int, writeVersions: [UInt64] = [],
        generation: UInt64, version: UInt64, encoder: JSONEncoder
    ) throws(StoreError) -> Data {
        var data = header(for: Model.self, generation: generation, version: version)
        data.reserveCapacity(data.count + count * 256)
        var isFirst = true
        for record in records {
            if !isFirst { data.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            isFirst = false
            data.append(try encode(record, with: encoder))
        }
        return finish(data, isEmpty: isFirst, writeVersions: writeVersions)
    }

    /// Encodes the document a commit leaves: the records before it, each replaced in place
    /// or dropped as the commit says, then the records it adds — reusing the records the
    /// commit already encoded, as a table applying the commit orders them.
    ///
    /// - Parameters:
    ///   - base: The records before the commit.
    ///   - changes: The commit's changes, one per record.
    ///   - encoded: The encoded records of the commit's upserts, in order.
    ///   - generation: The document's generation, for its header.
    ///   - version: The store's version after the commit, for the header, and the write
    ///     version of the records the commit writes.
    ///   - encoder: The encoder for the other records.
    /// - Returns: The document's bytes.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record that does not encode.
    static func encode<Model: StorableModel>(
        _ base: RecordTable<Model>, after changes: [RecordChange<Model>], encoded: [Data],
        generation: UInt64, version: UInt64, encoder: JSONEncoder
    ) throws(StoreError) -> Data {
        var data = header(for: Model.self, generation: generation, version: version)
        data.reserveCapacity(
            data.count + encoded.reduce(0) { $0 + $1.count + 2 } + base.count * 256)
        var isFirst = true
        func append(_ record: Data) {
            if !isFirst { data.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            isFirst = false
            data.append(record)
        }
        var written = [Bool](repeating: false, count: encoded.count)
        var writeVersions: [UInt64] = []
        writeVersions.reserveCapacity(base.count + encoded.count)
        if base.count > 0 {
            var upserts: [Model.ID: Int] = [:]
            var deletes: Set<Model.ID> = []
            var index = 0
            for change in changes {
                switch change {
                case .upsert(let model):
                    upserts[model.id] = index
                    index += 1
                case .delete(let id):
                    deletes.insert(id)
                }
            }
            for (record, writeVersion) in zip(base.records, base.recordWriteVersions) {
                let id = record.id
                if let index = upserts[id] {
                    append(encoded[index])
                    written[index] = true
                    writeVersions.append(version)
                } else if !deletes.contains(id) {
                    append(try encode(record, with: encoder))
                    writeVersions.append(writeVersion)
                }
            }
        }
        for (index, record) in encoded.enumerated() where !written[index] {
            append(record)
            writeVersions.append(version)
        }
        return finish(data, isEmpty: isFirst, writeVersions: writeVersions)
    }

    private static func header<Model: StorableModel>(
        for _: Model.Type, generation: UInt64, version: UInt64
    ) -> Data {
        Data(
            ("{\"format\":\(formatVersion),\"schemaVersion\":\(Model.schemaVersion),"
                + "\"generation\":\(generation),\"version\":\(version),\"records\":[\n").utf8)
    }

    private static func finish(_ data: Data, isEmpty: Bool, writeVersions: [UInt64]) -> Data {
        var data = data
        if !isEmpty { data.append(0x0A) }
        guard !writeVersions.isEmpty else {
            data.append(contentsOf: Array("]}\n".utf8))
            return data
        }
        data.append(contentsOf: Array("],\n\"\(CodingKeysName.writeVersions)\":[".utf8))
        data.reserveCapacity(data.count + writeVersions.count * 8 + 4)
        for (index, version) in writeVersions.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(contentsOf: Array(String(version).utf8))
        }
        data.append(contentsOf: Array("]}\n".utf8))
        return data
    }

    private static func encode<Model: StorableModel>(
        _ record: Model, with encoder: JSONEncoder
    ) throws(StoreError) -> Data {
        do {
            return try encoder.encode(record)
        } catch {
            throw .encodingFailed(
                id: String(describing: record.id), reason: RecordCoding.reason(error))
        }
    }

    // MARK: Reading

    private enum VersionMismatch: Error {
        case format(Int)
        case schema(Int)
    }

    /// Write versions that do not fit the document's records.
    private struct BadWriteVersions: Error {
        let problem: String
    }

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
            guard format == StoreDocument.formatVersion else {
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

    /// What is wrong with a document's write versions, or `nil` when they fit: one per
    /// record, none above the document's version.
    private static func problem(
        writeVersions: [UInt64]?, recordCount: Int, version: UInt64
    ) -> String? {
        guard let writeVersions else { return nil }
        guard writeVersions.count == recordCount else {
            return "\(writeVersions.count) write versions for \(recordCount) records"
        }
        guard let index = writeVersions.firstIndex(where: { $0 > version }) else { return nil }
        return "the write version \(writeVersions[index]) of record \(index) is above the "
            + "document's version \(version)"
    }

    /// Decodes a document, migrating its records when it was written at an older schema
    /// version.
    ///
    /// - Throws: `StoreError/corruptFile(path:problem:location:)`,
    ///   `StoreError/unsupportedVersion(path:kind:found:supported:)` or
    ///   `StoreError/migrationFailed(path:sourceVersion:location:reason:)`.
    static func decode<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String
    ) throws(StoreError) -> Contents<Model> {
        guard !data.isEmpty else {
            throw .corruptFile(path: path, problem: "the file is empty", location: .wholeFile)
        }
        do {
            let envelope = try RecordCoding.makeDecoder().decode(Envelope<Model>.self, from: data)
            return Contents(
                records: envelope.records, writeVersions: envelope.writeVersions,
                generation: envelope.generation, version: envelope.version)
        } catch let error as BadWriteVersions {
            throw .corruptFile(
                path: path, problem: error.problem,
                location: Location(codingPath: CodingKeysName.writeVersions))
        } catch VersionMismatch.format(let found) {
            guard found > formatVersion else {
                throw .corruptFile(
                    path: path, problem: "unknown format version \(found)",
                    location: Location(codingPath: "format"))
            }
            throw .unsupportedVersion(
                path: path, kind: .format, found: found, supported: formatVersion)
        } catch VersionMismatch.schema(let found) {
            guard found <= Model.schemaVersion else {
                throw .unsupportedVersion(
                    path: path, kind: .schema, found: found, supported: Model.schemaVersion)
            }
            return try migrate(data, from: found, as: Model.self, path: path)
        } catch {
            throw problem(error, in: data, path: path)
        }
    }

    private typealias Location = StoreError.Location

    /// The error for a document that does not decode, located as precisely as possible.
    private static func problem(_ error: any Error, in data: Data, path: String) -> StoreError {
        let codingPath = RecordCoding.codingPath(of: error) ?? []
        if codingPath.isEmpty, let syntax = syntaxError(in: data, path: path) { return syntax }
        let reason = RecordCoding.reason(error)
        if codingPath.count >= 2, codingPath[0].stringValue == CodingKeysName.records,
            let index = codingPath[1].intValue
        {
            return .corruptFile(
                path: path, problem: "a record does not decode: \(reason)",
                location: recordLocation(index, in: data, codingPath: codingPath))
        }
        return .corruptFile(
            path: path, problem: "not a store document: \(reason)",
            location: Location(codingPath: RecordCoding.describe(codingPath)))
    }

    private enum CodingKeysName {
        static let records = "records"
        static let writeVersions = "writeVersions"
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
                path: path,
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
        var parser = JSONParser(bytes)
        do {
            try parser.expect(UInt8(ascii: "{"), "'{'")
            repeat {
                parser.skipWhitespace()
                let key = try parser.parseString()
                try parser.expect(UInt8(ascii: ":"), "':'")
                if key == CodingKeysName.records {
                    try parser.expect(UInt8(ascii: "["), "'['")
                    var current = 0
                    repeat {
                        parser.skipWhitespace()
                        if current == index { return parser.offset }
                        _ = try parser.parseValue()
                        current += 1
                    } while parser.consume(UInt8(ascii: ","))
                    return nil
                }
                _ = try parser.parseValue()
            } while parser.consume(UInt8(ascii: ","))
        } catch {
            return nil
        }
        return nil
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
                ?? .corruptFile(path: path, problem: "not valid JSON", location: .wholeFile)
        }
        guard let generation = document["generation"]?.integerValue,
            let version = document["version"]?.integerValue,
            let records = document["records"]?.arrayValue
        else {
            throw .corruptFile(
                path: path, problem: "not a store document: missing generation, version or records",
                location: .wholeFile)
        }
        var writeVersions: [UInt64]?
        if let versions = document[CodingKeysName.writeVersions], versions != .null {
            let numbers = versions.arrayValue?.compactMap { $0.integerValue }
            guard let numbers, numbers.count == versions.arrayValue?.count,
                numbers.allSatisfy({ $0 >= 0 })
            else {
                throw .corruptFile(
                    path: path, problem: "the write versions are not a list of whole numbers",
                    location: Location(codingPath: CodingKeysName.writeVersions))
            }
            writeVersions = numbers.map { UInt64($0) }
            if let problem = problem(
                writeVersions: writeVersions, recordCount: records.count,
                version: UInt64(max(0, version)))
            {
                throw .corruptFile(
                    path: path, problem: problem,
                    location: Location(codingPath: CodingKeysName.writeVersions))
            }
        }
        var migrated: [Model] = []
        migrated.reserveCapacity(records.count)
        let encoder = RecordCoding.makeEncoder()
        let decoder = RecordCoding.makeDecoder()
        for (index, var record) in records.enumerated() {
            do {
                try Model.migrate(&record, fromSchemaVersion: sourceVersion)
                migrated.append(try decoder.decode(Model.self, from: try encoder.encode(record)))
            } catch let failure as SchemaMigration.Failure {
                throw .migrationFailed(
                    path: path, sourceVersion: sourceVersion,
                    location: recordLocation(index, in: data), reason: failure.reason)
            } catch {
                throw .migrationFailed(
                    path: path, sourceVersion: sourceVersion,
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
