import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage

/// The rows of a large write, made on a second thread while the writer stores the ones
/// before them.
///
/// Making a row (the record's JSON and its columns) costs more than storing it in SQLite, and
/// the writer's thread would otherwise do both in turn. For a write of many records, a helper
/// thread and the writer take the next chunk of records to encode from a shared counter; the
/// writer stores each chunk in order as soon as it is made, and encodes one itself whenever
/// the next one it needs is not ready yet. The helper stays at most ``window`` chunks ahead of
/// the writer, so that a write of a million records never holds more than a few thousand
/// rows.
///
/// Each chunk's outcome keeps where its first failure is, so that the writer stores the
/// records before it and then fails with exactly the error, and at exactly the record, that
/// encoding the rows in turn would give.
final class RowPipeline<Model: StorableModel>: @unchecked Sendable {
    /// A chunk's rows, one per change (`nil` for a deletion), up to its first failure.
    struct Chunk {
        var rows: [[SQLBinding]?] = []
        /// The failure of the change at `rows.count`, if one failed.
        var failure: StoreError?
    }

    /// The number of records below which a write makes its rows on the writer alone: a
    /// thread costs more than it saves there.
    static var threshold: Int { 2 * chunkSize }
    /// The records in a chunk.
    static var chunkSize: Int { 64 }
    /// How many chunks ahead of the writer the helper may be.
    static var window: Int { 32 }

    private let changes: [RecordChange<Model>]
    private let layout: TableLayout<Model>
    private let version: UInt64
    private let chunkCount: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var chunks: [Chunk?]
    private var nextToClaim = 0
    private var nextToStore = 0
    private var isCancelled = false

    /// Starts making the rows of a write's changes, at a version, on a helper thread.
    ///
    /// - Returns: The pipeline, or `nil` when the write is too small or the machine has one
    ///   core, where the writer makes each row as it stores it.
    static func start(
        _ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64
    ) -> RowPipeline? {
        guard changes.count >= threshold, ActiveProcessors.count > 1
        else { return nil }
        let pipeline = RowPipeline(changes, layout: layout, version: version)
        let helper = Thread { pipeline.help() }
        helper.name = "SQLiteStore rows"
        helper.start()
        return pipeline
    }

    private init(_ changes: [RecordChange<Model>], layout: TableLayout<Model>, version: UInt64) {
        self.changes = changes
        self.layout = layout
        self.version = version
        chunkCount = (changes.count + Self.chunkSize - 1) / Self.chunkSize
        chunks = Array(repeating: nil, count: chunkCount)
    }

    /// The range of changes in a chunk.
    func range(ofChunk index: Int) -> Range<Int> {
        index * Self.chunkSize..<min(changes.count, (index + 1) * Self.chunkSize)
    }

    /// The number of chunks.
    var count: Int { chunkCount }

    /// The writer's next chunk, in order: made by the helper, or by the writer now.
    ///
    /// While the chunk is being made by the helper, the writer makes a later one instead of
    /// waiting, within the window.
    func next() -> Chunk {
        condition.lock()
        defer { condition.unlock() }
        let wanted = nextToStore
        while chunks[wanted] == nil {
            if let claimed = claim(aheadOf: wanted) {
                condition.unlock()
                let chunk = make(claimed)
                condition.lock()
                chunks[claimed] = chunk
                condition.broadcast()
            } else {
                condition.wait()
            }
        }
        let chunk = chunks[wanted] ?? Chunk()
        chunks[wanted] = nil
        nextToStore += 1
        condition.broadcast()
        return chunk
    }

    /// Stops the helper after the chunk it is making: the writer has what it needs, or has
    /// failed.
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The helper thread: makes chunks until none is left or the writer cancels.
    private func help() {
        condition.lock()
        defer { condition.unlock() }
        while !isCancelled, nextToClaim < chunkCount {
            guard let claimed = claim(aheadOf: nextToStore) else {
                condition.wait()
                continue
            }
            condition.unlock()
            let chunk = make(claimed)
            condition.lock()
            chunks[claimed] = chunk
            condition.broadcast()
        }
    }

    /// Claims the next chunk to make when it is within the window; the lock is held.
    private func claim(aheadOf stored: Int) -> Int? {
        guard nextToClaim < chunkCount, nextToClaim < stored + Self.window else { return nil }
        defer { nextToClaim += 1 }
        return nextToClaim
    }

    /// Makes a chunk's rows with an encoder of the calling thread's own.
    private func make(_ index: Int) -> Chunk {
        let encoder = SQLRecordEncoder()
        var chunk = Chunk()
        chunk.rows.reserveCapacity(Self.chunkSize)
        for position in range(ofChunk: index) {
            guard case .upsert(let record) = changes[position] else {
                chunk.rows.append(nil)
                continue
            }
            do throws(StoreError) {
                chunk.rows.append(try layout.row(of: record, version: version, encoder: encoder))
            } catch {
                chunk.failure = error
                break
            }
        }
        return chunk
    }
}
