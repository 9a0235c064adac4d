import Foundation
import ModelStorage

/// The database document: one human-readable JSON object holding every record of every
/// model, a section per model, one record per line.
///
/// ```
/// {"format":2,"generation":7,"version":1204,"models":{
/// "pokemon":{"schemaVersion":1,"records":[
/// {"id":1,"name":"bulbasaur",…},
/// {"id":4,"name":"charmander",…}
/// ],
/// "writeVersions":[12,1204]},
/// "species":{"schemaVersion":1,"records":[
/// {"id":1,"name":"bulbasaur",…}
/// ],
/// "writeVersions":[1203]}
/// }}
/// ```
///
/// `format` is the layout's version (this code writes 2 and reads 1 and 2); `generation`
/// counts the documents written, and pairs the document with its journal; `version` counts
/// the database's commits, of every model. `models` holds a section per model, under the
/// model's `StorableModel/storageName`: `schemaVersion`, the model's schema version its
/// records were written at; `records`; and `writeVersions`, on a line of its own after the
/// records, each record's write version (the database's version after the commit that last
/// inserted or updated it), in the records' order, none above `version`. A section with no
/// records has no `writeVersions`. The section of a model that keeps a change history goes
/// on with its `horizon` and `tombstones` (see `StoreDocument.History`).
///
/// A document of format 1 is the single-model layout (see `decodeSingleModel`): it reads as
/// the section of the database's first model.
enum StoreDocument {
    /// The layout this code writes, and the newest it reads.
    static let formatVersion = 2
    /// The single-model layout, which this code reads but no longer writes.
    static let singleModelFormatVersion = 1

    /// What a document holds of one model.
    struct Contents<Model: StorableModel>: PerModelValue {
        var records: [Model]
        /// Each record's write version, or `nil` when the document does not have them.
        var writeVersions: [UInt64]? = nil
        var generation: UInt64
        var version: UInt64
        /// The schema version the file was written at, when records were migrated from it.
        var migratedFrom: Int?
        /// The model's change history, when the model keeps one and the document has it.
        var history: History<Model>? = nil
    }

    // MARK: Writing

    /// Starts a document: its header, up to the first section.
    static func header(generation: UInt64, version: UInt64) -> Data {
        Data(
            ("{\"format\":\(formatVersion),\"generation\":\(generation),\"version\":\(version),"
                + "\"\(Key.models)\":{\n").utf8)
    }

    /// Ends a document after its last section.
    static func finishDocument(_ data: inout Data) {
        data.append(contentsOf: Array("\n}}\n".utf8))
    }

    /// Separates two sections.
    static func separateSections(_ data: inout Data) {
        data.append(contentsOf: [UInt8(ascii: ","), 0x0A])
    }

    /// Appends a section kept as it was read, under its name.
    static func appendKept(_ name: String, _ section: Data, to data: inout Data) {
        data.append(sectionName(name))
        data.append(section)
    }

    /// A section's key and colon: `"pokemon":`.
    private static func sectionName(_ name: String) -> Data {
        var key = (try? JSONEncoder().encode(name)) ?? Data("\"\(name)\"".utf8)
        key.append(UInt8(ascii: ":"))
        return key
    }

    private static func sectionHeader<Model: StorableModel>(for _: Model.Type) -> Data {
        var data = sectionName(Model.storageName)
        data.append(
            contentsOf: Array(
                "{\"schemaVersion\":\(Model.schemaVersion),\"\(Key.records)\":[\n".utf8))
        return data
    }

    /// Appends the section of a model holding some records.
    ///
    /// - Parameters:
    ///   - records: The records, in order.
    ///   - count: Their number, to reserve room.
    ///   - writeVersions: Each record's write version, in order; empty to write none (the
    ///     records then read back as written at the document's version).
    ///   - history: The model's change history, when it keeps one.
    ///   - encoded: Records already encoded, by id, to reuse.
    ///   - encoder: The records' encoder.
    ///   - data: The document so far.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record or an id that does not
    ///   encode.
    static func appendSection<Model: StorableModel>(
        _ records: some Sequence<Model>, count: Int, writeVersions: [UInt64] = [],
        history: History<Model>? = nil, encoded: [Model.ID: Data] = [:],
        encoder: RecordEncoder, to data: inout Data
    ) throws(StoreError) {
        data.append(sectionHeader(for: Model.self))
        data.reserveCapacity(data.count + count * 256)
        var isFirst = true
        for record in records {
            if !isFirst { data.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            isFirst = false
            if !encoded.isEmpty, let bytes = encoded[record.id] {
                data.append(bytes)
            } else {
                data.append(try encode(record, with: encoder))
            }
        }
        finishRecords(&data, isEmpty: isFirst, writeVersions: writeVersions)
        try appendHistory(history, to: &data, encoder: encoder)
        data.append(UInt8(ascii: "}"))
    }

    /// Appends the section a commit leaves of a model: the records before it, each replaced
    /// in place or dropped as the commit says, then the records it adds — reusing the records
    /// the commit already encoded, as a table applying the commit orders them.
    ///
    /// - Parameters:
    ///   - base: The records before the commit.
    ///   - changes: The commit's changes, one per record.
    ///   - encoded: The encoded records of the commit's upserts, in order.
    ///   - version: The database's version after the commit: the write version of the
    ///     records the commit writes.
    ///   - history: The model's change history after the commit, when it keeps one.
    ///   - encoder: The encoder for the other records.
    ///   - data: The document so far.
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for a record or an id that does not
    ///   encode.
    static func appendSection<Model: StorableModel>(
        _ base: RecordTable<Model>, after changes: [RecordChange<Model>], encoded: [Data],
        version: UInt64, history: History<Model>?, encoder: RecordEncoder, to data: inout Data
    ) throws(StoreError) {
        guard !changes.isEmpty else {
            return try appendSection(
                base.records, count: base.count, writeVersions: base.recordWriteVersions,
                history: history, encoder: encoder, to: &data)
        }
        data.append(sectionHeader(for: Model.self))
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
        finishRecords(&data, isEmpty: isFirst, writeVersions: writeVersions)
        try appendHistory(history, to: &data, encoder: encoder)
        data.append(UInt8(ascii: "}"))
    }

    /// Closes a list of records and appends the write versions, if there are any, on a line
    /// of their own.
    static func finishRecords(_ data: inout Data, isEmpty: Bool, writeVersions: [UInt64]) {
        if !isEmpty { data.append(0x0A) }
        guard !writeVersions.isEmpty else {
            data.append(UInt8(ascii: "]"))
            return
        }
        data.append(contentsOf: Array("],\n\"\(Key.writeVersions)\":[".utf8))
        data.reserveCapacity(data.count + writeVersions.count * 8 + 4)
        for (index, version) in writeVersions.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(contentsOf: Array(String(version).utf8))
        }
        data.append(UInt8(ascii: "]"))
    }

    static func encode<Model: StorableModel>(
        _ record: Model, with encoder: RecordEncoder
    ) throws(StoreError) -> Data {
        do {
            return try encoder.encode(record)
        } catch {
            throw .encodingFailed(
                id: String(describing: record.id), reason: RecordCoding.reason(error))
        }
    }

    /// The document's keys.
    enum Key {
        static let models = "models"
        static let records = "records"
        static let writeVersions = "writeVersions"
        static let schemaVersion = "schemaVersion"
        static let horizon = "horizon"
        static let tombstones = "tombstones"
    }

    // MARK: Checking

    /// What is wrong with a section's write versions, or `nil` when they fit: one per
    /// record, none above the document's version.
    static func problem(
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
}
