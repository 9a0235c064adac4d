import FileSystemSupport
import ModelStorage

/// How a ``JSONFileStore`` opens: for writing or only reading, how long to wait for another
/// writer, and when to fold the journal into the document.
///
/// The options of every backend are one `StoreOptions` (ModelStorage), here with the JSON
/// file backend's ``JSONFileExtras``: `mode`, `lockTimeout` and `createsDirectories` are
/// those every file backend has; `compactionThreshold`, `sortsKeys` and `maximumFileSize`
/// are this backend's own, read and written alike.
///
/// ```swift
/// let store = try await JSONFileStore<Pokemon>.open(
///     at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(5)))
/// let viewer = try await JSONFileStore<Pokemon>.open(at: url, options: .readOnly)
/// ```
///
/// `mode` `StoreAccessMode.readWrite` holds the store's lock from opening to closing;
/// `StoreAccessMode.readOnly` takes no lock and reads alongside a writer, seeing the files
/// as they were when it opened. `lockTimeout` is zero (do not wait) by default. Reopening a
/// store this process has just closed can also meet the lock for a moment: a child process
/// the app starts at that instant shares the lock file's descriptor between its `fork` and
/// `exec` (the descriptor is close-on-exec, so it goes at `exec`). A short timeout, such as
/// a second, rides that out. The directories `createsDirectories` makes are durable before
/// ``JSONFileStore/open(at:options:)`` returns, and the first save syncs the store's
/// directory itself, so a power loss soon after the first acknowledged save cannot take
/// them away, and the store with them.
public typealias JSONFileStoreOptions = StoreOptions<JSONFileExtras>

/// The JSON file backend's own options, beside the `mode`, `lockTimeout` and
/// `createsDirectories` of every file backend: ``JSONFileStoreOptions`` is a `StoreOptions`
/// with these extras.
public struct JSONFileExtras: LockWaitingExtras, FileStoreExtras {
    /// The journal size in bytes past which commits are folded into a rewritten document.
    ///
    /// The journal is compacted once it outgrows both this and half the document. 1 MiB by
    /// default.
    public var compactionThreshold: Int = 1 << 20

    /// Whether records are written with their keys sorted, so that the same records always
    /// produce the same bytes (stable diffs, byte-for-byte comparisons); `false` by default.
    ///
    /// Unsorted, every record is written with its keys in the order its `encode(to:)` writes
    /// them, through `RecordJSONEncoder` (ModelStorage), at about a third of the cost of
    /// `JSONEncoder`. Sorted, every record goes through `JSONEncoder` with `.sortedKeys`.
    /// Saves, compactions and migrations write alike, so one file holds one order.
    public var sortsKeys = false

    /// The largest store file, in bytes, that the store reads or writes: 256 MiB
    /// (``defaultMaximumFileSize``) by default.
    ///
    /// A store keeps every record in memory, and opening one takes about 6 times its
    /// document's size at its peak (a million small records: 68 MiB of JSON, about 400 MiB,
    /// opened in about 3 seconds). The limit bounds that: a larger document or journal is
    /// refused with `StoreError/fileTooLarge(at:size:limit:)` before a byte of it is
    /// read, and a save that would write one fails the same way, changing nothing.
    public var maximumFileSize: Int = JSONFileExtras.defaultMaximumFileSize

    /// The default ``maximumFileSize``: 256 MiB.
    public static let defaultMaximumFileSize = 256 << 20

    /// The default `lockTimeout`: zero, do not wait for another writer.
    public static var defaultLockTimeout: Duration { .zero }

    /// Injected file-system failures, for tests.
    var faults: (@Sendable (FileSystem.Call, String) -> Int32?)?

    /// The extras at their defaults.
    public init() {}
}

extension StoreOptions where Extras == JSONFileExtras {
    /// Creates the options of a JSON file store.
    ///
    /// - Parameters:
    ///   - mode: Whether the store may write; `StoreAccessMode/readWrite` by default.
    ///   - lockTimeout: How long to wait for another writer; zero by default.
    ///   - compactionThreshold: The journal size that triggers a compaction; 1 MiB by
    ///     default.
    ///   - sortsKeys: Whether records are written with their keys sorted; `false` by default.
    ///   - maximumFileSize: The largest store file read or written, in bytes; 256 MiB by
    ///     default.
    ///   - createsDirectories: Whether opening for writing makes missing directories; `false`
    ///     by default.
    public init(
        mode: StoreAccessMode = .readWrite, lockTimeout: Duration = .zero,
        compactionThreshold: Int = 1 << 20, sortsKeys: Bool = false,
        maximumFileSize: Int = JSONFileExtras.defaultMaximumFileSize,
        createsDirectories: Bool = false
    ) {
        self.init(mode: mode, extras: JSONFileExtras())
        self.lockTimeout = lockTimeout
        self.compactionThreshold = compactionThreshold
        self.sortsKeys = sortsKeys
        self.maximumFileSize = maximumFileSize
        self.createsDirectories = createsDirectories
    }
}
