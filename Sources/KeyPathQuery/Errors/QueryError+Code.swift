extension QueryError {
    /// What went wrong, as a value to compare or switch on.
    ///
    /// Codes are static members, so a later version can add one without breaking a client:
    /// a `switch` over codes has a `default`. A code matches a ``QueryError`` in a `catch` or a
    /// `case`:
    ///
    /// ```swift
    /// do {
    ///     clauses = try query.sqlClauses()
    /// } catch QueryError.Code.unsupported {
    ///     clauses = nil   // Filter in memory instead.
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Which code this is.
        let kind: Kind

        /// Makes the code of this kind.
        init(_ kind: Kind) {
            self.kind = kind
        }

        /// The codes there are; one per static member.
        enum Kind: String, CaseIterable, Sendable {
            case unmappedKeyPath, invalidMapping, unknownAttribute, invalidValue, unsupported
            case invalidRegularExpression, invalidPagination, conditionTooDeep, aggregateOverflow
            case invalidSearch
        }

        /// The code's name, such as `unsupported`.
        public var description: String { kind.rawValue }

        /// A key path has no attribute name in its model's ``Queryable/queryAttributes``:
        /// ``QueryError/unmappedKeyPath(_:model:)``.
        public static let unmappedKeyPath = Code(.unmappedKeyPath)

        /// A model's mapping leaves stored properties out or uses an attribute name twice:
        /// ``QueryError/invalidMapping(model:unmappedProperties:duplicateNames:)``.
        public static let invalidMapping = Code(.invalidMapping)

        /// An encoded condition names an attribute its model does not have:
        /// ``QueryError/unknownAttribute(_:model:)``.
        public static let unknownAttribute = Code(.unknownAttribute)

        /// A value does not fit the attribute it is compared with:
        /// ``QueryError/invalidValue(_:attribute:expected:)``.
        public static let invalidValue = Code(.invalidValue)

        /// A target cannot express an operation with this meaning:
        /// ``QueryError/unsupported(operation:target:reason:)``.
        public static let unsupported = Code(.unsupported)

        /// A regular expression does not compile:
        /// ``QueryError/invalidRegularExpression(pattern:reason:)``.
        public static let invalidRegularExpression = Code(.invalidRegularExpression)

        /// A query's limit or offset is negative:
        /// ``QueryError/invalidPagination(limit:offset:)``.
        public static let invalidPagination = Code(.invalidPagination)

        /// A condition is nested deeper than ``Condition/maximumDepth``:
        /// ``QueryError/conditionTooDeep(depth:limit:)``.
        public static let conditionTooDeep = Code(.conditionTooDeep)

        /// A sum of integers does not fit in `Int64`:
        /// ``QueryError/aggregateOverflow(_:)``.
        public static let aggregateOverflow = Code(.aggregateOverflow)

        /// A text search cannot be parsed from what was typed:
        /// ``QueryError/invalidSearch(_:reason:position:)``.
        public static let invalidSearch = Code(.invalidSearch)

        /// Whether `error` is a ``QueryError`` with this code, so that a code can be a
        /// pattern: `catch QueryError.Code.unsupported { … }`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: `true` when `error` is a ``QueryError`` whose ``QueryError/code`` is `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? QueryError)?.code == code
        }
    }
}
