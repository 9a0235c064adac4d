import KeyPathQuery
import ModelStorage
import ModelStorageTesting

/// Committed records that a ``FaultyStore``'s transactions read, as a database backend's
/// `CommittedRecords` would answer them, with a mistake such a backend could make.
struct TamperedRecords: CommittedRecords {
    typealias Model = ConformanceRecord

    /// The mistake, if any.
    enum Tampering: Sendable {
        /// Answers exactly as the records in memory would.
        case none
        /// Selects and counts the records the transaction has written too (their committed
        /// values), as a backend that forgets the excluded ids would.
        case ignoresExcludedIDs
        /// Leaves the last record out of every filtered selection of two or more.
        case dropsLastRecord
        /// Counts one record too many whenever a condition (not `.true`) matches two or more.
        case overcounts
    }

    private let records: [ConformanceRecord]
    private let positions: [Int: Int]
    private let tampering: Tampering
    private let writeVersions: [Int: UInt64]
    private let answersByID: [Int: ConformanceRecord]

    /// The records in store order, with a mistake or none.
    ///
    /// - Parameters:
    ///   - records: The committed records, in store order.
    ///   - tampering: The mistake in selections and counts, if any.
    ///   - writeVersions: The records' write versions; a record without one has none.
    ///   - answersByID: What a lookup by id answers instead of the record, for the ids it
    ///     holds (a stale value, for a mistake), when the record exists.
    init(
        _ records: [ConformanceRecord], _ tampering: Tampering,
        writeVersions: [Int: UInt64] = [:],
        answeringByID answersByID: [Int: ConformanceRecord] = [:]
    ) {
        self.records = records
        positions = Dictionary(
            records.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { $1 })
        self.tampering = tampering
        self.writeVersions = writeVersions
        self.answersByID = answersByID
    }

    var count: Int { records.count }

    func record(withID id: Int) -> ConformanceRecord? {
        positions[id].map { answersByID[id] ?? records[$0] }
    }

    func writeVersion(ofID id: Int) -> UInt64? {
        writeVersions[id]
    }

    func position(ofID id: Int) -> Int? {
        positions[id]
    }

    func records(
        selectedBy query: RecordQuery<ConformanceRecord>, excluding ids: Set<Int>
    ) throws -> [(position: Int, record: ConformanceRecord)] {
        var selected: [ConformanceRecord]
        do {
            selected = try query.apply(to: kept(excluding: ids))
        } catch {
            throw StoreError.invalidQuery(error)
        }
        if tampering == .dropsLastRecord && !query.condition.isAlwaysTrue && selected.count > 1 {
            selected.removeLast()
        }
        return selected.map { (position: positions[$0.id] ?? 0, record: $0) }
    }

    func count(where condition: Condition<ConformanceRecord>, excluding ids: Set<Int>) throws
        -> Int
    {
        let count: Int
        do {
            count = try condition.filter(kept(excluding: ids)).count
        } catch {
            throw StoreError.invalidQuery(error)
        }
        let overcounts = tampering == .overcounts && !condition.isAlwaysTrue && count > 1
        return overcounts ? count + 1 : count
    }

    /// The records a read may select from: those the transaction has not written, unless the
    /// mistake is to forget them.
    private func kept(excluding ids: Set<Int>) -> [ConformanceRecord] {
        guard !ids.isEmpty && tampering != .ignoresExcludedIDs else { return records }
        return records.filter { !ids.contains($0.id) }
    }
}
