/// An error from building, evaluating, rendering or decoding a condition or query.
///
/// Every error has a ``code`` that says what went wrong, the details as properties (the
/// ``model``, the ``keyPath`` or ``attribute``, the ``operation`` and the ``target``, …), and
/// a ``description`` that reads as one sentence:
///
/// ```swift
/// do {
///     let sql = try condition.sqlExpression()
/// } catch let error as QueryError where error.code == .unsupported {
///     print(error)   // SQL cannot express CONTAINS[d]: …
///     print(error.operation ?? "", error.target ?? .sql)
/// }
/// ```
///
/// `QueryError` is a structure, not an enumeration, so that a later version can add a
/// ``Code`` without breaking a client's `switch`: switch on ``code``, with a `default`.
/// Errors are made with the static factories, such as
/// ``unsupported(operation:target:reason:)``, named after their codes.
public struct QueryError: Error, Hashable, Sendable {
    /// The error's code and details, one case per ``Code``.
    let storage: Storage

    /// Makes an error of these details.
    init(_ storage: Storage) {
        self.storage = storage
    }

    /// What went wrong, for a `switch` or a comparison.
    ///
    /// ```swift
    /// switch error.code {
    /// case .unsupported: renderInMemory()
    /// default: throw error
    /// }
    /// ```
    public var code: Code {
        switch storage {
        case .unmappedKeyPath: .unmappedKeyPath
        case .invalidMapping: .invalidMapping
        case .unknownAttribute: .unknownAttribute
        case .invalidValue: .invalidValue
        case .unsupported: .unsupported
        case .invalidRegularExpression: .invalidRegularExpression
        case .invalidPagination: .invalidPagination
        case .conditionTooDeep: .conditionTooDeep
        case .aggregateOverflow: .aggregateOverflow
        case .invalidSearch: .invalidSearch
        }
    }

    /// The details of each code, as the factories of the same names take them.
    enum Storage: Hashable, Sendable {
        case unmappedKeyPath(_ keyPath: String, model: String)
        case invalidMapping(model: String, unmappedProperties: [String], duplicateNames: [String])
        case unknownAttribute(_ name: String, model: String)
        case invalidValue(_ value: QueryValue, attribute: String, expected: String)
        case unsupported(operation: String, target: QueryTarget, reason: String)
        case invalidRegularExpression(pattern: String, reason: String)
        case invalidPagination(limit: Int?, offset: Int)
        case conditionTooDeep(depth: Int, limit: Int)
        case aggregateOverflow(aggregate: String)
        case invalidSearch(_ text: String, reason: String, position: Int)
    }
}
