import Foundation
import InternalSupport
import Testing

@testable import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A clock a test moves by hand, for a cache's freshness: nothing sleeps, and nothing depends
/// on how fast the machine is.
final class TestClock: Sendable {
    /// The current time; guarded by its lock.
    private let time: Mutex<Date>

    /// Creates a clock.
    ///
    /// - Parameter start: Its first time. The default, Fri, 15 Jan 2027 08:00:00 GMT, suits
    ///   a stub transport; a real server's `Date` needs the real time.
    init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        time = Mutex(start)
    }

    /// The current time.
    func now() -> Date {
        time.withLock { $0 }
    }

    /// Moves the clock forward.
    ///
    /// - Parameter seconds: How far.
    func advance(by seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }
}

extension PokeAPICache {
    /// A cache in `directory` whose freshness is measured on `clock`.
    static func testing(in directory: URL, clock: TestClock) -> PokeAPICache {
        PokeAPICache(directory: directory, now: { clock.now() })
    }

    /// The files that keep responses, not counting temporary files.
    func responseFiles() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path(percentEncoded: false))
        else { return [] }
        return try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "response" }
    }
}

extension URLRequest {
    /// The request's `If-None-Match`, or `nil`.
    var ifNoneMatch: String? {
        value(forHTTPHeaderField: "If-None-Match")
    }
}
