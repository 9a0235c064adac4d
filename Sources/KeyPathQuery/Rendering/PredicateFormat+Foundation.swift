import Foundation

extension PredicateFormat {
    /// The arguments as the Foundation objects `NSPredicate(format:argumentArray:)` takes.
    ///
    /// Attribute names and strings become `NSString`; Booleans and numbers `NSNumber`; dates
    /// `NSDate`; UUIDs `NSUUID`; URLs `NSURL`; bytes `NSData`; lists `NSArray`; and
    /// ``QueryValue/null`` `NSNull` (the format writes `nil` for `== nil`, so it only appears
    /// inside a list you build yourself).
    ///
    /// ```swift
    /// let predicate = NSPredicate(format: rendered.format, argumentArray: rendered.foundationArguments)
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of arguments and list elements.
    public var foundationArguments: [Any] {
        arguments.map(\.foundationObject)
    }
}

extension QueryValue {
    /// The value as a Foundation object, for `NSPredicate`.
    var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .integer(let value): NSNumber(value: value)
        case .unsignedInteger(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .string(let value): NSString(string: value)
        case .date(let value):
            NSDate(timeIntervalSinceReferenceDate: value.timeIntervalSinceReferenceDate)
        case .uuid(let value): value as NSUUID
        case .url(let value): value as NSURL
        case .data(let value): NSData(data: value)
        case .list(let values): NSArray(array: values.map(\.foundationObject))
        }
    }
}

#if canImport(ObjectiveC)
    extension PredicateFormat {
        /// Builds the `NSPredicate`, for Core Data and `NSArray` filtering.
        ///
        /// ```swift
        /// let request = NSFetchRequest<PokemonEntity>(entityName: "Pokemon")
        /// request.predicate = try condition.predicateFormat().makePredicate()
        /// ```
        ///
        /// The format always parses: every value is an argument, and rendering has already
        /// refused what `NSPredicate` would raise on (an invalid regular expression).
        ///
        /// - Returns: The predicate, `NSPredicate(format:argumentArray:)` of ``format`` and
        ///   ``foundationArguments``.
        public func makePredicate() -> NSPredicate {
            NSPredicate(format: format, argumentArray: foundationArguments)
        }
    }
#endif
