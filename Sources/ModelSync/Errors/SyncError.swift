/// An error of sync: what went wrong, where, and whether trying again can help.
///
/// Every error has a ``code`` to switch on (with a `default`: later versions may add codes)
/// and a ``description`` that reads as a sentence. Errors cross transports: the HTTP
/// transport sends the code and message as a JSON body with the code's ``Code/httpStatus``,
/// and the client rebuilds the same error.
///
/// ```swift
/// do {
///     try await replica.sync()
/// } catch let error as SyncError where error.code == .unauthorized {
///     print("Sign in again: \(error)")
/// }
/// ```
public struct SyncError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// What went wrong.
    public let code: Code
    /// What went wrong, where, in a sentence or two.
    public let message: String

    /// An error.
    ///
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A sentence that says what and where.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message, with the code.
    public var description: String { "\(message) (\(code))" }

    /// Whether trying the same request again later may succeed.
    ///
    /// It may when the transport failed or the server was unavailable or busy. A request the
    /// server refused stays refused.
    public var isTransient: Bool {
        code == .transportFailed || code == .unavailable
    }
}
