import Foundation

/// The HTTP-date forms of RFC 9110, section 5.6.7, as the `Date`, `Retry-After` and `Expires`
/// headers carry them.
enum HTTPDate {
    /// The date an HTTP-date names: IMF-fixdate (`"Wed, 21 Oct 2026 07:28:00 GMT"`), or one of
    /// the two obsolete forms HTTP still accepts (RFC 850 and asctime).
    ///
    /// - Parameter value: The header's value.
    /// - Returns: The date, or `nil` when the value is none of the three forms.
    static func parse(_ value: String) -> Date? {
        // asctime pads a one-digit day with a space ("Nov  6"); one space is what formats read.
        let spaced = value.split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: spaced) {
                return date
            }
        }
        return nil
    }

    /// IMF-fixdate, then the obsolete RFC 850 and asctime forms.
    private static let formats = [
        "EEE',' dd MMM yyyy HH':'mm':'ss 'GMT'",
        "EEEE',' dd'-'MMM'-'yy HH':'mm':'ss 'GMT'",
        "EEE MMM d HH':'mm':'ss yyyy",
    ]
}
