/// A condition rendered for `NSPredicate`: a format string and the arguments its `%K` and `%@`
/// specifiers stand for.
///
/// Attribute names are passed for `%K` and values for `%@`; neither is ever written into the
/// format itself, so no value — not even `O'Brien "%@"` — can change the predicate's shape:
///
/// ```swift
/// let condition: Condition<Pokemon> = \.attack >= 80 && .hasPrefix(\.name, "char")
/// let rendered = try condition.predicateFormat()
/// rendered.format      // "%K >= %@ AND %K BEGINSWITH %@"
/// rendered.arguments   // [.string("attack"), .integer(80), .string("name"), .string("char")]
/// ```
///
/// On Apple platforms, `makePredicate()` builds the `NSPredicate` itself. Everywhere,
/// ``foundationArguments`` gives the arguments as the Foundation objects that
/// `NSPredicate(format:argumentArray:)` takes.
///
/// The <doc:OperatorsInEveryTarget> article lists the format of every operator.
public struct PredicateFormat: Hashable, Sendable {
    /// The format string, in Apple's predicate format syntax, with `%K` for each attribute
    /// name and `%@` for each value.
    public let format: String

    /// The arguments, in the order of the format's specifiers: ``QueryValue/string(_:)`` with
    /// the attribute name for each `%K`, the value for each `%@` (a ``QueryValue/list(_:)``
    /// for `IN` and `BETWEEN`).
    public let arguments: [QueryValue]

    /// Creates a rendered predicate from its parts.
    ///
    /// - Parameters:
    ///   - format: The format string.
    ///   - arguments: The arguments, in the order of the format's specifiers.
    public init(format: String, arguments: [QueryValue]) {
        self.format = format
        self.arguments = arguments
    }
}
