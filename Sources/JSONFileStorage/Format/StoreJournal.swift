import Foundation
import ModelStorage

/// The journal: an append-only JSON-lines file beside the document, one line per commit of
/// the database, replayed over the document when the database opens.
///
/// ```
/// {"journal":2,"generation":7,"schemaVersions":{"pokemon":1,"species":1}}
/// {"version":1205,"changes":[{"model":"pokemon","delete":[],"put":[{"id":25,…}]}]}
/// {"version":1206,"changes":[{"model":"species","delete":[4],"put":[]},{"model":"pokemon","delete":[4],"deletedAt":1717171717.25,"put":[]}]}
/// {"version":1206,"changes":[{"model":"pokemon","horizon":1150}]}
/// ```
///
/// The first line is a header: the journal's own format version, the generation of the
/// document it continues, and the schema version of each model's records in it, by section
/// name. A journal of an older generation was already folded into the document and is
/// ignored. Each later line is one commit of the database — every record it wrote and every
/// id it deleted, of every model, each part naming its model — so a commit is replayed whole
/// or not at all, whichever models it touched. A line is complete only with its final line
/// feed: a final line without one is the torn write of a commit that was never
/// acknowledged.
///
/// For a model that keeps a change history (`StorableModel/changeHistory`), a part that
/// deletes records says when, in seconds since 1970 (`deletedAt`): the time their
/// tombstones keep. A pruning of the history is a line of its own, at the database's version
/// then, whose parts name only each pruned model's new `horizon`: replayed, it drops the
/// model's tombstones at or below it. A reader of the parts without either key reads such a
/// line as a commit that changed nothing.
///
/// A journal of format 1 is the single-model layout (see `decodeSingleModel`): its commits
/// are the first model's.
enum StoreJournal {
    /// The layout this code writes, and the newest it reads.
    static let formatVersion = 2
    /// The single-model layout, which this code reads but no longer writes.
    static let singleModelFormatVersion = 1

    /// A final line without its line feed.
    struct TornTail: Hashable, Sendable {
        /// The line's number, from 1.
        let line: Int
        /// Its byte offset.
        let offset: Int
        /// Its length in bytes.
        let byteCount: Int
    }

    /// One commit of the database, as replayed.
    struct Commit: Sendable {
        let version: UInt64
        /// Each model's changes, its ``ModelChanges``.
        var changes = PerModelValues()
    }

    /// One model's changes in a commit, in order.
    struct ModelChanges<Model: StorableModel>: PerModelValue {
        var changes: [RecordChange<Model>]
        /// When the commit deleted its records, when the line says.
        var deletedAt: Date? = nil
        /// The horizon a pruning of the model's history reached, on a pruning's line.
        var horizon: UInt64? = nil
    }

    /// What a journal holds.
    struct Contents: Sendable {
        /// The commits to replay; empty when the journal is stale.
        var commits: [Commit] = []
        /// Whether the journal continues the document (its header names the document's
        /// generation, and every model of the database at its current schema version), so
        /// new lines can follow it.
        var isCurrent = false
        /// The length of every complete line.
        var validLength = 0
        /// The length of the complete commit lines, the header excluded.
        var entryBytes = 0
        /// A torn final line, when there is one.
        var tornTail: TornTail?
        /// The schema version each model's commits were migrated from, when it was older.
        var migratedFrom: [ObjectIdentifier: Int] = [:]
        /// The models the commits touch that the database was not opened with.
        var unknownModels: Set<String> = []
    }

    // MARK: Writing

    /// The header line, for models' section names and schema versions.
    static func header(schemaVersions: [(name: String, version: Int)], generation: UInt64)
        -> Data
    {
        var line = Data("{\"journal\":\(formatVersion),\"generation\":\(generation),".utf8)
        line.append(contentsOf: Array("\"schemaVersions\":{".utf8))
        for (index, model) in schemaVersions.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            line.append(quoted(model.name))
            line.append(contentsOf: Array(":\(model.version)".utf8))
        }
        line.append(contentsOf: Array("}}\n".utf8))
        return line
    }

    /// One commit's line, from its models' parts.
    static func entry(version: UInt64, parts: [Data]) -> Data {
        var line = Data("{\"version\":\(version),\"changes\":[".utf8)
        appendList(parts, to: &line)
        line.append(contentsOf: Array("]}\n".utf8))
        return line
    }

    /// One model's part of a commit's line, from records already encoded.
    ///
    /// - Parameters:
    ///   - name: The model's section name, as a JSON string (``quoted(_:)``).
    ///   - ids: The ids the commit deleted.
    ///   - deletedAt: When, for a model that keeps a change history; `nil` to say nothing.
    ///   - records: The encoded records the commit put.
    ///   - encoder: The encoder for the ids, when there are any.
    /// - Returns: The part's JSON object.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` when the deleted ids do not encode.
    static func part<ID: Encodable>(
        model name: Data, deleting ids: [ID], deletedAt: Date? = nil, putting records: [Data],
        encoder: RecordEncoder
    ) throws(StoreError) -> Data {
        var part = Data("{\"model\":".utf8)
        part.append(name)
        part.append(contentsOf: Array(",\"delete\":".utf8))
        if ids.isEmpty {
            part.append(contentsOf: Array("[]".utf8))
        } else {
            do {
                part.append(try encoder.encode(ids))
            } catch {
                throw .encodingFailed(
                    id: ids.map { String(describing: $0) }.joined(separator: ", "),
                    reason: RecordCoding.reason(error))
            }
        }
        if let deletedAt, !ids.isEmpty {
            part.append(
                contentsOf: Array(",\"deletedAt\":\(StoreDocument.timeText(deletedAt))".utf8))
        }
        part.append(contentsOf: Array(",\"put\":[".utf8))
        appendList(records, to: &part)
        part.append(contentsOf: Array("]}".utf8))
        return part
    }

    /// One model's part of a pruning's line: the horizon its history reached.
    ///
    /// - Parameters:
    ///   - name: The model's section name, as a JSON string (``quoted(_:)``).
    ///   - horizon: The horizon.
    /// - Returns: The part's JSON object.
    static func part(model name: Data, horizon: UInt64) -> Data {
        var part = Data("{\"model\":".utf8)
        part.append(name)
        part.append(contentsOf: Array(",\"horizon\":\(horizon)}".utf8))
        return part
    }

    /// Appends JSON values separated by commas.
    private static func appendList(_ values: [Data], to data: inout Data) {
        data.reserveCapacity(data.count + values.reduce(4) { $0 + $1.count + 1 })
        for (index, value) in values.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(value)
        }
    }

    /// A name as a JSON string.
    static func quoted(_ name: String) -> Data {
        (try? JSONEncoder().encode(name)) ?? Data("\"\(name)\"".utf8)
    }

    // MARK: Reading

    /// The complete lines of a journal, without their line feeds, and its torn final line.
    static func split(_ bytes: [UInt8]) -> (lines: [Range<Int>], tornTail: TornTail?) {
        var lines: [Range<Int>] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append(start..<offset)
            start = offset + 1
        }
        guard start < bytes.count else { return (lines, nil) }
        return (
            lines, TornTail(line: lines.count + 1, offset: start, byteCount: bytes.count - start)
        )
    }
}
