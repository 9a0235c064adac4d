import Foundation

/// A response a ``PokeAPICache`` keeps: the body, the validator, and how fresh it is.
///
/// Its file is a line naming the format, a line of JSON with everything but the body, then the
/// body. The JSON holds the body's length and an FNV-1a checksum, so a file cut short or
/// altered is told from a whole one and read as a miss.
struct CachedResponse: Sendable, Equatable {
    /// The request's URL.
    var url: URL
    /// The body, as the service sent it.
    var body: Data
    /// The `ETag` to revalidate with, as the service sent it (weak or strong), or `nil`.
    var etag: String?
    /// When the response (or the 304 that last revalidated it) arrived, on the cache's clock.
    var receivedAt: Date
    /// Its age, in seconds, when it arrived: from its `Age`, or from its `Date` when that is
    /// further back.
    var initialAge: TimeInterval
    /// How long it stays fresh, in seconds, counted from its age of zero: its `max-age`.
    var lifetime: TimeInterval
    /// Whether it must be revalidated before every use (`Cache-Control: no-cache`).
    var alwaysRevalidates: Bool

    /// Creates a response to keep.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - body: The body.
    ///   - etag: The `ETag`, or `nil`.
    ///   - receivedAt: When it arrived.
    ///   - initialAge: Its age when it arrived, in seconds.
    ///   - lifetime: How long it stays fresh, in seconds.
    ///   - alwaysRevalidates: Whether it must be revalidated before every use.
    init(
        url: URL, body: Data, etag: String?, receivedAt: Date, initialAge: TimeInterval,
        lifetime: TimeInterval, alwaysRevalidates: Bool
    ) {
        self.url = url
        self.body = body
        self.etag = etag
        self.receivedAt = receivedAt
        self.initialAge = initialAge
        self.lifetime = lifetime
        self.alwaysRevalidates = alwaysRevalidates
    }

    /// Its age at a time: its age when it arrived, plus the time since (never less than zero,
    /// should the clock go back).
    ///
    /// - Parameter now: The time.
    /// - Returns: The age, in seconds.
    func age(at now: Date) -> TimeInterval {
        initialAge + max(0, now.timeIntervalSince(receivedAt))
    }

    /// Whether it may be used without a request at a time.
    ///
    /// - Parameter now: The time.
    /// - Returns: `true` while its age is below its lifetime and nothing asks to revalidate it.
    func isFresh(at now: Date) -> Bool {
        !alwaysRevalidates && age(at: now) < lifetime
    }

    // MARK: - The file

    /// The first line of every file, naming the format and its version.
    static let formatLine = Data("PokeAPICache 1\n".utf8)

    /// Everything but the body, as the file's second line keeps it.
    private struct Header: Codable {
        var url: String
        var etag: String?
        var receivedAt: Double
        var initialAge: Double
        var lifetime: Double
        var alwaysRevalidates: Bool
        var bodyLength: Int
        var bodyChecksum: String
    }

    /// The file's contents: the format line, the header line, the body.
    ///
    /// - Returns: The bytes to write.
    /// - Throws: `EncodingError` when the header cannot be encoded (a non-finite time).
    func fileContents() throws -> Data {
        let header = Header(
            url: url.absoluteString, etag: etag,
            receivedAt: receivedAt.timeIntervalSince1970, initialAge: initialAge,
            lifetime: lifetime, alwaysRevalidates: alwaysRevalidates, bodyLength: body.count,
            bodyChecksum: Self.hex(Self.fnv1a(body)))
        var contents = Self.formatLine
        contents += try JSONEncoder().encode(header)
        contents.append(UInt8(ascii: "\n"))
        contents += body
        return contents
    }

    /// Reads a file, checking that it is whole and that it keeps `url`'s response; fails for a
    /// file of another format or URL, cut short, or altered.
    ///
    /// - Parameters:
    ///   - file: The file's contents.
    ///   - url: The URL whose response is wanted.
    init?(file: Data, url: URL) {
        guard file.starts(with: Self.formatLine) else { return nil }
        let rest = file.dropFirst(Self.formatLine.count)
        guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONDecoder().decode(Header.self, from: rest[..<newline]),
            header.url == url.absoluteString
        else { return nil }
        let body = Data(rest[rest.index(after: newline)...])
        guard body.count == header.bodyLength, Self.hex(Self.fnv1a(body)) == header.bodyChecksum,
            header.receivedAt.isFinite, header.initialAge.isFinite, header.lifetime.isFinite
        else { return nil }
        self.init(
            url: url, body: body, etag: header.etag,
            receivedAt: Date(timeIntervalSince1970: header.receivedAt),
            initialAge: header.initialAge, lifetime: header.lifetime,
            alwaysRevalidates: header.alwaysRevalidates)
    }

    /// The 64-bit FNV-1a hash of some bytes: a checksum that catches a torn or altered file,
    /// and a file name for a URL.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: The hash.
    static func fnv1a(_ bytes: Data) -> UInt64 {
        bytes.withUnsafeBytes { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            return hash
        }
    }

    /// A hash as 16 lower-case hexadecimal digits.
    ///
    /// - Parameter hash: The hash.
    /// - Returns: Its digits, zero-padded.
    static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
