import Dispatch
import FileSystemSupport
import InternalSupport
import ModelStorage

/// A writable database's files, as its actor holds them: the ``StoreWriter`` behind a mutex, and
/// a way to run its blocking work off the actor and the cooperative thread pool, so that
/// reads and new writes go on while a commit waits for the disk.
///
/// The database runs one piece of work at a time (it awaits each commit before it starts the
/// next, and closes after the last), so the order of the writes is the store's and the mutex
/// is never waited for: it makes the writer's state safe to reach from whichever thread runs
/// the next piece of work.
final class StoreFiles: Sendable {
    private let writer: Mutex<StoreWriter>

    /// Takes over a database's files.
    ///
    /// - Parameters:
    ///   - paths: The database's files.
    ///   - models: The database's models.
    ///   - fileSystem: The file-system calls to make.
    ///   - compactionThreshold: The journal size that triggers a compaction.
    ///   - sortsKeys: Whether records are written with their keys sorted.
    ///   - lock: The descriptor of the lock file, locked; closed when the files go.
    init(
        paths: StorePaths, models: [any StorableModel.Type], fileSystem: FileSystem,
        compactionThreshold: Int, sortsKeys: Bool, lock: Int32
    ) {
        writer = Mutex(
            StoreWriter(
                paths: paths, models: models, fileSystem: fileSystem,
                compactionThreshold: compactionThreshold, sortsKeys: sortsKeys, lock: lock))
    }

    /// Runs blocking work on the writer, off the cooperative thread pool.
    func perform<Result: Sendable>(
        _ work: @escaping @Sendable (inout StoreWriter) throws(StoreError) -> Result
    ) async throws(StoreError) -> Result {
        try await Self.runBlocking { () throws(StoreError) -> Result in
            try self.writer.withLock { (writer) throws(StoreError) -> Result in try work(&writer) }
        }
    }

    /// Runs blocking work off the cooperative thread pool, for a store without files of its
    /// own (a read-only one) or before it has them.
    static func runBlocking<Result: Sendable>(
        _ work: @escaping @Sendable () throws(StoreError) -> Result
    ) async throws(StoreError) -> Result {
        let outcome: Swift.Result<Result, StoreError> = await withCheckedContinuation {
            continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Swift.Result { () throws(StoreError) -> Result in try work() })
            }
        }
        return try outcome.get()
    }
}
