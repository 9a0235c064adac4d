import Foundation
import ModelStorage

/// The change history of a model that keeps one (`StorableModel/changeHistory`), as its
/// section of a document keeps it: the horizon, then a tombstone per deleted record, one a
/// line, after the records and their write versions.
///
/// ```
/// "pokemon":{"schemaVersion":1,"records":[
/// {"id":1,"name":"bulbasaur",…}
/// ],
/// "writeVersions":[12],
/// "horizon":1100,"tombstones":[
/// {"id":4,"version":1150,"deletedAt":1717171717.25},
/// {"id":7,"version":1203,"deletedAt":1717175000.5}
/// ]}
/// ```
///
/// `horizon` is the version before which the history's tombstones may have been dropped,
/// none above the document's `version`; `tombstones` holds each deleted record's id, the
/// version of the commit that deleted it (none above the document's) and when, in seconds
/// since 1970, in the order of the deletions (by version, then as each commit made them,
/// which is the order the feed gives them in). A section of a model without a history has neither; a
/// section without them (written before they were kept) starts the history at the
/// document's version.
extension StoreDocument {
    /// A model's history as a document keeps it.
    struct History<Model: StorableModel>: Sendable {
        /// The version before which tombstones may have been dropped.
        var horizon: UInt64
        /// The tombstone of each deleted record, in the order of the deletions.
        var tombstones: [(id: Model.ID, tombstone: ChangeLog<Model>.Tombstone)]

        init(
            horizon: UInt64,
            tombstones: [(id: Model.ID, tombstone: ChangeLog<Model>.Tombstone)] = []
        ) {
            self.horizon = horizon
            self.tombstones = tombstones
        }

        /// The history a change log holds.
        init(_ log: ChangeLog<Model>) {
            self.init(horizon: log.horizon, tombstones: log.tombstonesInOrder)
        }

        /// The history after some commits over a table, as ``ChangeLog`` notes them: a record
        /// written loses its tombstone, a record deleted that was there gets one.
        ///
        /// - Parameters:
        ///   - commits: Each commit's version, changes (one per record) and deletion time.
        ///   - table: The records before the first commit.
        /// - Returns: The history after the commits.
        func applying(
            _ commits: [(version: UInt64, changes: [RecordChange<Model>], deletedAt: Date)],
            over table: RecordTable<Model>
        ) -> History {
            var latest: [Model.ID: ChangeLog<Model>.Tombstone] = [:]
            for (id, tombstone) in tombstones { latest[id] = tombstone }
            var ordered = tombstones
            var present: [Model.ID: Bool] = [:]
            for commit in commits {
                for change in commit.changes {
                    switch change {
                    case .upsert(let model):
                        latest[model.id] = nil
                        present[model.id] = true
                    case .delete(let id):
                        if present[id] ?? table.contains(id) {
                            let tombstone = ChangeLog<Model>.Tombstone(
                                version: commit.version, deletedAt: commit.deletedAt)
                            latest[id] = tombstone
                            ordered.append((id, tombstone))
                        }
                        present[id] = false
                    }
                }
            }
            return History(
                horizon: horizon, tombstones: ordered.filter { latest[$0.id] == $0.tombstone })
        }
    }

    /// One tombstone of a section, as it reads.
    struct TombstoneEntry<ID: Decodable & Sendable>: Decodable, Sendable {
        let id: ID
        let version: UInt64
        let deletedAt: Double
    }

    // MARK: Writing

    /// A time as a document and a journal write it: seconds since 1970, as a JSON number.
    static func timeText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        return seconds.isFinite ? String(seconds) : "0"
    }

    /// Appends a section's history after its records, when the model keeps one: its
    /// horizon, then its tombstones, one a line, in their order.
    ///
    /// - Throws: `StoreError/encodingFailed(id:reason:)` for an id that does not encode.
    static func appendHistory<Model: StorableModel>(
        _ history: History<Model>?, to data: inout Data, encoder: RecordEncoder
    ) throws(StoreError) {
        guard let history else { return }
        data.append(
            contentsOf: Array(
                ",\n\"\(Key.horizon)\":\(history.horizon),\"\(Key.tombstones)\":[".utf8))
        for (index, (id, tombstone)) in history.tombstones.enumerated() {
            data.append(contentsOf: Array((index > 0 ? ",\n{\"id\":" : "\n{\"id\":").utf8))
            do {
                data.append(try encoder.encode(id))
            } catch {
                throw .encodingFailed(
                    id: String(describing: id), reason: RecordCoding.reason(error))
            }
            data.append(
                contentsOf: Array(
                    (",\"version\":\(tombstone.version),"
                        + "\"deletedAt\":\(timeText(tombstone.deletedAt))}").utf8))
        }
        data.append(contentsOf: Array((history.tombstones.isEmpty ? "]" : "\n]").utf8))
    }

    // MARK: Reading

    /// A section's history from its horizon and tombstones as they read.
    ///
    /// - Parameters:
    ///   - model: The section's model.
    ///   - horizon: The section's horizon.
    ///   - entries: Its tombstones.
    ///   - version: The document's version, which neither may exceed.
    /// - Returns: The history, its tombstones in their order.
    /// - Throws: `SectionProblem.history` for a horizon or a tombstone that does not fit.
    static func history<Model: StorableModel>(
        of model: Model.Type, horizon: UInt64, entries: [TombstoneEntry<Model.ID>], version: UInt64
    ) throws(SectionProblem) -> History<Model> {
        func problem(_ text: String, at index: Int?) -> SectionProblem {
            .history(section: Model.storageName, index: index, problem: text)
        }
        guard horizon <= version else {
            throw problem(
                "the horizon \(horizon) is above the document's version \(version)", at: nil)
        }
        var history = History<Model>(horizon: horizon)
        history.tombstones.reserveCapacity(entries.count)
        var ids: Set<Model.ID> = []
        for (index, entry) in entries.enumerated() {
            guard entry.version <= version else {
                throw problem(
                    "the tombstone's version \(entry.version) is above the document's version "
                        + "\(version)", at: index)
            }
            guard entry.deletedAt.isFinite else {
                throw problem("the tombstone's deletion time is not a number", at: index)
            }
            let tombstone = ChangeLog<Model>.Tombstone(
                version: entry.version, deletedAt: Date(timeIntervalSince1970: entry.deletedAt))
            guard ids.insert(entry.id).inserted else {
                throw problem("the id \(entry.id) has two tombstones", at: index)
            }
            history.tombstones.append((entry.id, tombstone))
        }
        return history
    }
}
