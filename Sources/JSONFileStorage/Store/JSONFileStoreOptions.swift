import ModelStorage

/// How a ``JSONFileStore`` opens: for writing or only reading, how long to wait for another
/// writer, and when to fold the journal into the document.
///
/// ```swift
/// let store = try await JSONFileStore<Pokemon>.open(
///     at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(5)))
/// let viewer = try await JSONFileStore<Pokemon>.open(at: url, options: .readOnly)
/// ```
public struct JSONFileStoreOptions: Sendable {
    /// Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///
    /// `StoreAccessMode/readWrite` holds the store's lock from opening to closing;
    /// `StoreAccessMode/readOnly` takes no lock and reads alongside a writer, seeing the
    /// files as they were when it opened.
    public var mode: StoreAccessMode

    /// How long opening for writing waits for another writer to release the lock before it
    /// throws `StoreError/locked(at:pid:message:)`; zero (do not wait) by default.
    ///
    /// Reopening a store this process has just closed can also meet the lock for a moment:
    /// a child process the app starts at that instant shares the lock file's descriptor
    /// between its `fork` and `exec` (the descriptor is close-on-exec, so it goes at `exec`).
    /// A short timeout, such as a second, rides that out.
    public var lockTimeout: Duration

    /// The journal size in bytes past which commits are folded into a rewritten document.
    ///
    /// The journal is compacted once it outgrows both this and half the document. 1 MiB by
    /// default.
    public var compactionThreshold: Int

    /// Whether records are written with their keys sorted, so that the same records always
    /// produce the same bytes (stable diffs, byte-for-byte comparisons); `false` by default.
    ///
    /// Unsorted, every record is written with its keys in the order its `encode(to:)` writes
    /// them, through `RecordJSONEncoder` (ModelStorage), at about a third of the cost of
    /// `JSONEncoder`. Sorted, every record goes through `JSONEncoder` with `.sortedKeys`.
    /// Saves, compactions and migrations write alike, so one file holds one order.
    public var sortsKeys: Bool

    /// The largest store file, in bytes, that the store reads or writes: 256 MiB by default.
    ///
    /// A store keeps every record in memory, and opening one takes about 6 times its
    /// document's size at its peak (a million small records: 68 MiB of JSON, about 400 MiB,
    /// opened in about 3 seconds). The limit bounds that: a larger document or journal is
    /// refused with `StoreError/fileTooLarge(at:size:limit:)` before a byte of it is
    /// read, and a save that would write one fails the same way, changing nothing.
    public var maximumFileSize: Int

    /// Whether opening for writing makes the document's directory when it is missing, and
    /// every missing directory above it; `false` (the directory must exist) by default.
    ///
    /// Every directory it makes is durable before ``JSONFileStore/open(at:options:)``
    /// returns: they are made one level at a time, each followed by a sync of the directory
    /// it was made in, and the first save syncs the store's directory itself. So a power loss
    /// soon after the first acknowledged save cannot take the new directories away, and the
    /// store with them. A directory that cannot be made fails the open with
    /// `StoreError/io(at:operation:code:message:)` naming it, and the directories made
    /// before it are removed. Opening read-only never makes a directory.
    public var createsDirectories: Bool

    /// The default ``maximumFileSize``: 256 MiB.
    public static let defaultMaximumFileSize = 256 << 20

    /// Injected file-system failures, for tests.
    var faults: (@Sendable (FileSystem.Call, String) -> Int32?)?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write.
    ///   - lockTimeout: How long to wait for another writer.
    ///   - compactionThreshold: The journal size that triggers a compaction.
    ///   - sortsKeys: Whether records are written with their keys sorted.
    ///   - maximumFileSize: The largest store file read or written, in bytes.
    ///   - createsDirectories: Whether opening for writing makes missing directories.
    public init(
        mode: StoreAccessMode = .readWrite, lockTimeout: Duration = .zero,
        compactionThreshold: Int = 1 << 20, sortsKeys: Bool = false,
        maximumFileSize: Int = JSONFileStoreOptions.defaultMaximumFileSize,
        createsDirectories: Bool = false
    ) {
        self.mode = mode
        self.lockTimeout = lockTimeout
        self.compactionThreshold = compactionThreshold
        self.sortsKeys = sortsKeys
        self.maximumFileSize = maximumFileSize
        self.createsDirectories = createsDirectories
    }

    /// Read and write, without waiting for another writer.
    public static var readWrite: JSONFileStoreOptions { JSONFileStoreOptions() }

    /// Read only, alongside any writer.
    public static var readOnly: JSONFileStoreOptions { JSONFileStoreOptions(mode: .readOnly) }
}
