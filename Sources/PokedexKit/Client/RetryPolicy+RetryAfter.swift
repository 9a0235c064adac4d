import Foundation

extension RetryPolicy {
    /// The wait a `Retry-After` header asks for: a number of seconds (`"120"`) or an HTTP-date
    /// (`"Wed, 21 Oct 2026 07:28:00 GMT"`, or one of the two obsolete date forms HTTP still
    /// accepts).
    ///
    /// A date in the past asks for no wait; a value that is neither form is ignored.
    ///
    /// - Parameters:
    ///   - value: The header's value.
    ///   - now: The time a date is counted from.
    /// - Returns: The wait, or `nil` when the value is missing or malformed.
    static func retryAfterDelay(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if value.allSatisfy(\.isASCIIDigit) {
            // Anything beyond a day is absurd; clamp so a huge number cannot overflow.
            let seconds = value.count > 6 ? 86_400 : min(Int(value) ?? 86_400, 86_400)
            return .seconds(seconds)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .seconds(max(0, date.timeIntervalSince(now)))
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    fileprivate var isASCIIDigit: Bool {
        ("0"..."9").contains(self)
    }
}
