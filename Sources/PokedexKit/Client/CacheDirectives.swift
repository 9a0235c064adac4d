import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `Cache-Control` directives a private cache of responses heeds (RFC 9111, section 5.2.2).
struct CacheDirectives: Equatable, Sendable {
    /// `max-age`, in seconds; 0 when the directive is malformed, as RFC 9111 asks.
    var maxAge: TimeInterval?
    /// `no-store`: keep nothing of the response.
    var noStore = false
    /// `no-cache`: revalidate before every use.
    var noCache = false

    /// The directives of a response's `Cache-Control`, none when it has none.
    ///
    /// - Parameter response: The response's head.
    init(_ response: HTTPURLResponse) {
        self.init(cacheControl: response.value(forHTTPHeaderField: "Cache-Control"))
    }

    /// The directives of a `Cache-Control` value, such as `public, max-age=86400`; names are
    /// read case-insensitively, and unknown ones are skipped.
    ///
    /// - Parameter value: The header's value, or `nil`.
    init(cacheControl value: String?) {
        for directive in (value ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            switch name {
            case "max-age" where maxAge == nil:
                let argument = parts.count == 2 ? String(parts[1]) : ""
                let unquoted = argument.trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                maxAge = Self.seconds(unquoted) ?? 0
            case "no-store": noStore = true
            case "no-cache": noCache = true
            default: break
            }
        }
    }

    /// How long a response stays fresh: its `max-age`, or else the time from its `Date` (or
    /// now) to its `Expires` (none left for an `Expires` that is not a date, such as `0`).
    ///
    /// - Parameters:
    ///   - response: The response's head.
    ///   - now: When it arrived, for a response without a `Date`.
    /// - Returns: The lifetime in seconds, or `nil` when the response gives none.
    func lifetime(of response: HTTPURLResponse, receivedAt now: Date) -> TimeInterval? {
        if let maxAge { return maxAge }
        guard let expires = response.value(forHTTPHeaderField: "Expires") else { return nil }
        guard let end = HTTPDate.parse(expires) else { return 0 }
        let start = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse) ?? now
        return max(0, end.timeIntervalSince(start))
    }

    /// A delta-seconds value (RFC 9111, section 1.2.2): digits only, capped at 2³¹ seconds
    /// as the RFC allows.
    ///
    /// - Parameter text: The value.
    /// - Returns: The seconds, or `nil` when the value is not digits.
    static func seconds(_ text: String) -> TimeInterval? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        return min(TimeInterval(text) ?? 2_147_483_648, 2_147_483_648)
    }
}
