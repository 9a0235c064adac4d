/// How a ``Replica`` reaches the database it keeps in step with: pull, push, and notices of
/// new changes.
///
/// Two transports come with the library: ``InProcessTransport``, over a ``SyncServer`` in the
/// same process, and ``HTTPSyncTransport``, over HTTP to a service that runs a
/// ``SyncServer``. A transport of your own (a message queue, a test double that drops and
/// reorders messages) conforms with three methods.
///
/// A transport may fail any call, lose an answer, or deliver one twice: the replica sends the
/// same ``PushRequest`` again until it has an answer, and the server applies it once.
/// Failures that may pass should be thrown as ``SyncError`` with
/// ``SyncError/Code/transportFailed`` or ``SyncError/Code/unavailable``.
public protocol SyncTransport: Sendable {
    /// Reads a page of one model's changes since a cursor.
    ///
    /// - Parameter request: The model, scope, cursor and page size.
    /// - Returns: The page.
    /// - Throws: ``SyncError``: ``SyncError/Code/cursorExpired`` when the replica must start
    ///   again, another code when the request is refused or cannot be sent.
    func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse

    /// Sends offline writes to apply once.
    ///
    /// - Parameter request: The push, with its id.
    /// - Returns: What became of each entry.
    /// - Throws: ``SyncError`` when the push was refused or its answer was lost; a push
    ///   whose answer was lost may have been applied, and is sent again with the same id.
    func push(_ request: PushRequest) async throws(SyncError) -> PushResponse

    /// Notices of changes to the user's records, for as long as the stream is consumed.
    ///
    /// - Returns: A stream of notices; it ends, or throws, when the connection ends.
    /// - Throws: ``SyncError`` when the stream cannot be opened.
    func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error>
}
