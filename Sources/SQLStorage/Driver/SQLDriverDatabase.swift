import KeyPathQuery
import ModelStorage

/// An SQL backend's database built on its driver: the reads every backend runs the same
/// way, on the state each database keeps.
///
/// The reads here are the whole of a database's reads but for where its connections come
/// from: a model's table read on the next reader (``readTable(_:orEmpty:_:)``), a read of
/// every model at one moment (``snapshotRead(answering:_:)``), and a read-only database's
/// look for the tables it has not found yet (``lacksTable(of:)``). `SQLiteModelDatabase` and
/// `PostgresModelDatabase` conform, and answer `SQLStoreDatabase`'s and `ModelDatabase`'s
/// reads with them.
///
/// ## Implementation requirements
///
/// - ``reader()`` hands out the database's readers in turn, never the writer.
/// - ``awaitingTables`` starts with the models whose tables a read-only database did not
///   find when it opened, and is changed only by ``lacksTable(of:)``.
/// - ``otherCommitsFollower`` starts `nil`.
@_spi(BackendInternals)
public protocol SQLDriverDatabase: SQLStoreDatabase, Actor
where Connection == Driver.Connection {
    /// The backend's driver.
    associatedtype Driver: SQLDriver

    /// Counts how the database's connections answer queries.
    var evaluations: QueryEvaluationCounter { get }

    /// The models of a read-only database whose table it last found missing: their stores
    /// read as empty, and look again before each read.
    var awaitingTables: AwaitedTables { get set }

    /// The number of snapshot reads taken, which tells each one's reads apart.
    var snapshotsTaken: UInt64 { get set }

    /// The next of the database's readers, in turn.
    func reader() -> any ConnectionOwner<Connection>

    /// How the database hears of other connections' commits.
    associatedtype OtherCommits: OtherCommitSource

    /// The source of notices of other connections' commits, which the database follows while
    /// it has a live query.
    var otherCommits: OtherCommits { get }

    /// The task that follows ``otherCommits`` while the database has a live query, or `nil`;
    /// set only by ``followOtherCommits(from:)`` and ``stopFollowingOtherCommits()``.
    var otherCommitsFollower: Task<Void, Never>? { get set }
}
