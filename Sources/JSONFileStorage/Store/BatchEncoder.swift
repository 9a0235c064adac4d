import Dispatch
import Foundation
import InternalSupport
import ModelStorage

/// Encodes a batch of records, each to its own JSON, in order — on every core when the batch
/// is large.
///
/// Encoding is most of what saving a large batch costs, and each record encodes on its own,
/// so a batch is cut into runs of at least ``minimumRun`` records that encode side by side,
/// each with its own `RecordEncoder`, which sorts keys as the store's does. A small batch,
/// or a machine with one core, encodes in the calling thread.
enum BatchEncoder {
    /// The fewest records a run encodes: below this, starting a thread costs more than it
    /// saves.
    static let minimumRun = 256

    /// A record that did not encode: its position in the batch and the encoder's error.
    struct Failure: Error {
        let index: Int
        let error: any Error
    }

    /// Encodes every record, in order.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - encoder: The store's encoder, for this thread; each other thread makes one that
    ///     sorts keys as it does.
    /// - Returns: Each record's JSON, in the records' order.
    /// - Throws: ``Failure`` for the first record, in order, that does not encode.
    static func encode<Model: Encodable & Sendable>(
        _ records: [Model], with encoder: RecordEncoder
    ) throws(Failure) -> [Data] {
        // Most saves are a record or a few: decide that before asking for the cores.
        guard records.count >= 2 * minimumRun, ActiveProcessors.count > 1 else {
            return try encode(records[...], from: 0, with: encoder)
        }
        let runs = min(ActiveProcessors.count, records.count / minimumRun)

        let sortsKeys = encoder.sortsKeys
        // Each run sets its own outcome, once, from the thread that encoded it.
        let results = Mutex<[Result<[Data], Failure>?]>(Array(repeating: nil, count: runs))
        let runLength = (records.count + runs - 1) / runs
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            let start = run * runLength
            let end = min(start + runLength, records.count)
            let runEncoder = RecordEncoder(sortingKeys: sortsKeys)
            let outcome = Result { () throws(Failure) -> [Data] in
                try encode(records[start..<end], from: start, with: runEncoder)
            }
            results.withLock { $0[run] = outcome }
        }
        var encoded: [Data] = []
        encoded.reserveCapacity(records.count)
        for outcome in results.withLock({ $0 }) {
            switch outcome {
            case .success(let run): encoded += run
            case .failure(let failure): throw failure
            // Every run sets its outcome before concurrentPerform returns.
            case nil: preconditionFailure("a run of the batch did not finish")
            }
        }
        return encoded
    }

    /// Encodes a run of records in the calling thread.
    private static func encode<Model: Encodable>(
        _ records: ArraySlice<Model>, from start: Int, with encoder: RecordEncoder
    ) throws(Failure) -> [Data] {
        var encoded: [Data] = []
        encoded.reserveCapacity(records.count)
        for (offset, record) in records.enumerated() {
            do {
                encoded.append(try encoder.encode(record))
            } catch {
                throw Failure(index: start + offset, error: error)
            }
        }
        return encoded
    }
}
