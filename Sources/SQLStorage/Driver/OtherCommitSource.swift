/// How a driver hears of the commits that other connections make to its database: SQLite
/// polls `PRAGMA data_version`, and PostgreSQL `LISTEN`s on the schema's channel.
///
/// A database follows its source while it has a live query
/// (``SQLModelDatabase``), and re-runs its live queries after each
/// notice.
///
/// ## Implementation requirements
///
/// - ``follow(from:notice:)`` runs until the calling task is cancelled, or until `notice`
///   returns `false`. Before it returns, it lets go of every connection it opened, so that a
///   database that closes has closed all of them.
/// - It never reports one of its own database's commits. It may report another commit more
///   than once, or report one it cannot name, with `nil`.
public protocol OtherCommitSource: Sendable {
    /// Follows other connections' commits from a version on, until the calling task is
    /// cancelled or `notice` returns `false`.
    ///
    /// - Parameters:
    ///   - version: The database's version when the newest live query read its first result.
    ///   - notice: Called after other connections commit, with the database's version after
    ///     their commits, or `nil` when the source knows only that some may have been made
    ///     (it has just begun to listen). It returns `false` when the database no longer
    ///     follows.
    func follow(from version: UInt64, notice: @escaping @Sendable (UInt64?) async -> Bool) async

    /// Notes one of the database's own group commits, from the version it started at to the
    /// version it reached, for a source that would otherwise report it (SQLite's sees every
    /// connection's commits alike).
    ///
    /// - Parameters:
    ///   - start: The database's version before the commit.
    ///   - end: The version the commit reached.
    func noteOwnCommit(from start: UInt64, to end: UInt64)
}

extension OtherCommitSource {
    /// Does nothing: the source tells its database's own commits from others' itself
    /// (PostgreSQL's leaves out the notifications that carry its database's tag).
    public func noteOwnCommit(from start: UInt64, to end: UInt64) {}
}
