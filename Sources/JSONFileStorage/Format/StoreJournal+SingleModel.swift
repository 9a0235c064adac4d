import Foundation
import ModelStorage
import RecordCoding

/// The single-model journal (format 1), which this code reads but no longer writes: a
/// header, then one line per commit of the one model.
///
/// ```
/// {"journal":1,"schemaVersion":1,"generation":7}
/// {"version":1205,"delete":[],"put":[{"id":25,"name":"pikachu",…,"favorite":true}]}
/// {"version":1206,"delete":[4],"put":[]}
/// ```
extension StoreJournal {
    /// One commit, as replayed.
    struct Entry<Model: StorableModel>: Sendable {
        let version: UInt64
        let changes: [RecordChange<Model>]
    }

    /// What a journal of format 1 holds.
    struct SingleModelContents<Model: StorableModel>: Sendable {
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

    // MARK: Reading

    private struct SingleModelHeader: Decodable {
        let journal: Int
        let schemaVersion: Int
        let generation: UInt64
    }

    private struct EntryLine<Model: StorableModel>: Decodable {
        let version: UInt64
        let delete: [Model.ID]?
        let put: [Model]?
    }

    /// Reads a journal of format 1 continuing a document of some generation.
    ///
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for a line that does not
    ///   read (other than a torn final line), a header of a later generation than the
    ///   document's; `StoreError/unsupportedVersion(at:kind:found:supported:)`;
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)`.
    static func decodeSingleModel<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String, documentGeneration: UInt64
    ) throws(StoreError) -> SingleModelContents<Model> {
        let bytes = [UInt8](data)
        var contents = SingleModelContents<Model>()
        let (lines, tornTail) = split(bytes)
        contents.validLength = lines.last.map { $0.upperBound + 1 } ?? 0
        contents.tornTail = tornTail
        guard let first = lines.first else { return contents }
        let header: SingleModelHeader = try decodeLine(bytes, first, number: 1, path: path)
        guard header.journal == singleModelFormatVersion else {
            throw formatError(header.journal, path: path)
        }
        guard try continues(header.generation, documentGeneration, path: path) else {
            return contents  // stale
        }
        guard header.schemaVersion <= Model.schemaVersion else {
            throw .unsupportedVersion(
                at: .file(path), kind: .schema, found: header.schemaVersion,
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

    static func decodeLine<Value: Decodable>(
        _ bytes: [UInt8], _ range: Range<Int>, number: Int, path: String
    ) throws(StoreError) -> Value {
        do {
            return try RecordCoding.makeDecoder().decode(Value.self, from: Data(bytes[range]))
        } catch {
            throw problem(error, bytes, range, number: number, path: path)
        }
    }

    static func problem(
        _ error: any Error, _ bytes: [UInt8], _ range: Range<Int>, number: Int, path: String
    ) -> StoreError {
        let codingPath = RecordCoding.codingPath(of: error) ?? []
        if codingPath.isEmpty {
            do {
                _ = try JSONParser.parse(bytes[range])
            } catch {
                let column = TextPosition(offset: error.offset, in: bytes[range]).column
                return .corruptFile(
                    at: .file(path), problem: "line \(number) is not valid JSON: \(error.message)",
                    location: Location(
                        line: number, column: column, byteOffset: range.lowerBound + error.offset))
            }
        }
        return .corruptFile(
            at: .file(path),
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
                        at: .file(path), sourceVersion: sourceVersion,
                        location: Location(
                            line: number, byteOffset: range.lowerBound, recordIndex: index),
                        reason: error.reason)
                }
            }
            json["put"] = .array(records)
        }
        do {
            let data = try RecordEncoder().encode(json)
            return try RecordCoding.makeDecoder().decode(EntryLine<Model>.self, from: data)
        } catch {
            throw .migrationFailed(
                at: .file(path), sourceVersion: sourceVersion,
                location: Location(
                    line: number, byteOffset: range.lowerBound,
                    codingPath: RecordCoding.codingPath(of: error).map(RecordCoding.describe)),
                reason: "a migrated record does not decode: \(RecordCoding.reason(error))")
        }
    }
}
