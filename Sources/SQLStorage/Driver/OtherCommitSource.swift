/// How a driver hears of the commits that other connections make to its database: SQLite
/// polls `PRAGMA data_version`, and PostgreSQL `LISTEN`s on the schema's channel.
///
/// A database follows its source while it has a live query
/// (`SQLDriverDatabase.followOtherCommits(from:)`), and re-runs its live queries after each
/// notice.
///
/// ## Implementation requirements
///
/// - ``follow(from:notice:)`` runs until the calling task is cancelled, or until `notice`
///   returns `false`. Before it returns, it lets go of every connection it opened, so that a
///   database that closes has closed all of them.
/// - It never reports one of its own database's commits. It may report another commit more
///   than once, or report one it cannot name, with `nil`.
@_spi(BackendInternals)
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
}
