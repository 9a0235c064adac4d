import Foundation
import ModelStorage

/// The journal: an append-only JSON-lines file beside the document, one line per commit,
/// replayed over the document when the store opens.
///
/// ```
/// {"journal":1,"schemaVersion":1,"generation":7}
/// {"version":1205,"delete":[],"put":[{"id":25,"name":"pikachu",…,"favorite":true}]}
/// {"version":1206,"delete":[4],"put":[]}
/// ```
///
/// The first line is a header: the journal's own format version, the schema version of its
/// records, and the generation of the document it continues. A journal of an older
/// generation was already folded into the document and is ignored. Each later line is one
/// commit — every record it wrote and every id it deleted — so a commit is replayed whole or
/// not at all. A line is complete only with its final line feed: a final line without one is
/// the torn write of a commit that was never acknowledged.
enum StoreJournal {
    /// The layout this code writes, and the newest it reads.
    static let formatVersion = 1

    /// One commit, as replayed.
    struct Entry<Model: StorableModel>: Sendable {
        let version: UInt64
        let changes: [RecordChange<Model>]
    }

    /// A final line without its line feed.
    struct TornTail: Hashable, Sendable {
        /// The line's number, from 1.
        let line: Int
        /// Its byte offset.
        let offset: Int
        /// Its length in bytes.
        let byteCount: Int
    }

    /// What a journal holds.
    struct Contents<Model: StorableModel>: Sendable {
        /// The entries to replay; empty when the journal is stale.
        var entries: [Entry<Model>] = []
        /// Whether the journal continues the document (its header names the document's
        /// generation at the current schema version), so new lines can follow it.
        var isCurrent = false
        /// The length of every complete line.
        var validLength = 0
        /// The length of the complete entry lines, the header excluded.
        var entryBytes = 0
        /// A torn final line, when there is one.
        var tornTail: TornTail?
        /// The schema version entries were migrated from, when it was older.
        var migratedFrom: Int?
    }

    // MARK: Writing

    /// The header line.
    static func header(schemaVersion: Int, generation: UInt64) -> Data {
        Data(
            ("{\"journal\":\(formatVersion),\"schemaVersion\":\(schemaVersion),"
                + "\"generation\":\(generation)}\n").utf8)
    }

    /// One commit's line, from records already encoded.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` when the deleted ids do not encode.
    static func entry<ID: Encodable>(version: UInt64, deleting ids: [ID], putting records: [Data])
        throws(StoreError) -> Data
    {
        var line = Data("{\"version\":\(version),\"delete\":".utf8)
        do {
            line.append(try RecordCoding.makeEncoder().encode(ids))
        } catch {
            throw .encodingFailed(
                id: ids.map { String(describing: $0) }.joined(separator: ", "),
                reason: RecordCoding.reason(error))
        }
        line.append(contentsOf: Array(",\"put\":[".utf8))
        line.reserveCapacity(line.count + records.reduce(4) { $0 + $1.count + 1 })
        for (index, record) in records.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line.append(record)
        }
        line.append(contentsOf: Array("]}\n".utf8))
        return line
    }

    // MARK: Reading

    private struct Header: Decodable {
        let journal: Int
        let schemaVersion: Int
        let generation: UInt64
    }

    private struct EntryLine<Model: StorableModel>: Decodable {
        let version: UInt64
        let delete: [Model.ID]?
        let put: [Model]?
    }

    private typealias Location = StoreError.Location

    /// Reads a journal continuing a document of some generation.
    ///
    /// - Throws: `StoreError/corruptFile(path:problem:location:)` for a line that does not
    ///   read (other than a torn final line), a header of a later generation than the
    ///   document's; `StoreError/unsupportedVersion(path:kind:found:supported:)`;
    ///   `StoreError/migrationFailed(path:sourceVersion:location:reason:)`.
    static func decode<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String, documentGeneration: UInt64
    ) throws(StoreError) -> Contents<Model> {
        let bytes = [UInt8](data)
        var contents = Contents<Model>()
        var lines: [Range<Int>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<offset)
            start = offset + 1
        }
        contents.validLength = start
        if start < bytes.count {
            contents.tornTail = TornTail(
                line: lines.count + 1, offset: start, byteCount: bytes.count - start)
        }
        guard let first = lines.first else { return contents }
        let header: Header = try decodeLine(bytes, first, number: 1, path: path)
        guard header.journal == formatVersion else {
            guard header.journal > formatVersion else {
                throw .corruptFile(
                    path: path, problem: "unknown journal format \(header.journal)",
                    location: Location(line: 1, byteOffset: 0, codingPath: "journal"))
            }
            throw .unsupportedVersion(
                path: path, kind: .format, found: header.journal, supported: formatVersion)
        }
        guard header.generation >= documentGeneration else { return contents }  // stale
        guard header.generation == documentGeneration else {
            throw .corruptFile(
                path: path,
                problem: "the journal continues document generation \(header.generation), but "
                    + "the document is at generation \(documentGeneration) (was the document "
                    + "replaced by an older copy?)",
                location: Location(line: 1, byteOffset: 0, codingPath: "generation"))
        }
        guard header.schemaVersion <= Model.schemaVersion else {
            throw .unsupportedVersion(
                path: path, kind: .schema, found: header.schemaVersion,
                supported: Model.schemaVersion)
        }
        contents.isCurrent = header.schemaVersion == Model.schemaVersion
        contents.migratedFrom = contents.isCurrent ? nil : header.schemaVersion
        for (index, range) in lines.enumerated().dropFirst() {
            let line: EntryLine<Model> =
                contents.isCurrent
                ? try decodeLine(bytes, range, number: index + 1, path: path)
                : try migrateLine(
                    bytes, range, number: index + 1, from: header.schemaVersion, path: path)
            var changes: [RecordChange<Model>] = (line.delete ?? []).map { .delete($0) }
            changes += (line.put ?? []).map { .upsert($0) }
            contents.entries.append(Entry(version: line.version, changes: changes))
            contents.entryBytes += range.count + 1
        }
        return contents
    }

    private static func decodeLine<Value: Decodable>(
        _ bytes: [UInt8], _ range: Range<Int>, number: Int, path: String
    ) throws(StoreError) -> Value {
        do {
            return try RecordCoding.makeDecoder().decode(Value.self, from: Data(bytes[range]))
        } catch {
            throw problem(error, bytes, range, number: number, path: path)
        }
    }

    private static func problem(
        _ error: any Error, _ bytes: [UInt8], _ range: Range<Int>, number: Int, path: String
    ) -> StoreError {
        let codingPath = RecordCoding.codingPath(of: error) ?? []
        if codingPath.isEmpty {
            do {
                _ = try JSONParser.parse(bytes[range])
            } catch {
                let column = TextPosition(offset: error.offset, in: bytes[range]).column
                return .corruptFile(
                    path: path, problem: "line \(number) is not valid JSON: \(error.message)",
                    location: Location(
                        line: number, column: column, byteOffset: range.lowerBound + error.offset))
            }
        }
        return .corruptFile(
            path: path,
            problem: "line \(number) does not decode: \(RecordCoding.reason(error))",
            location: Location(
                line: number, byteOffset: range.lowerBound,
                codingPath: codingPath.isEmpty ? nil : RecordCoding.describe(codingPath)))
    }

    private static func migrateLine<Model: StorableModel>(
        _ bytes: [UInt8], _ range: Range<Int>, number: Int, from sourceVersion: Int,
        path: String
    ) throws(StoreError) -> EntryLine<Model> {
        var json: JSONValue
        do {
            json = try JSONParser.parse(bytes[range])
        } catch {
            throw problem(error, bytes, range, number: number, path: path)
        }
        if var records = json["put"]?.arrayValue {
            for index in records.indices {
                do {
                    try Model.migrate(&records[index], fromSchemaVersion: sourceVersion)
                } catch {
                    throw .migrationFailed(
                        path: path, sourceVersion: sourceVersion,
                        location: Location(
                            line: number, byteOffset: range.lowerBound, recordIndex: index),
                        reason: error.reason)
                }
            }
            json["put"] = .array(records)
        }
        do {
            let data = try RecordCoding.makeEncoder().encode(json)
            return try RecordCoding.makeDecoder().decode(EntryLine<Model>.self, from: data)
        } catch {
            throw .migrationFailed(
                path: path, sourceVersion: sourceVersion,
                location: Location(
                    line: number, byteOffset: range.lowerBound,
                    codingPath: RecordCoding.codingPath(of: error).map(RecordCoding.describe)),
                reason: "a migrated record does not decode: \(RecordCoding.reason(error))")
        }
    }
}
