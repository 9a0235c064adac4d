import Foundation
import TestSupport
import Testing

@testable import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``PokeAPICache`` keeps on disk: a file that cannot be trusted is a miss, and a file
/// that cannot be written is an error that names it, with nothing half-written left behind.
@Suite("PokeAPICache files")
struct PokeAPICacheFileTests {
    /// Ways a kept file can be damaged, each to be read as a miss.
    enum Damage: String, CaseIterable, Sendable {
        case empty, cutInTheHeader, cutInTheBody, bodyByteFlipped, longerBody, notACacheFile
        case anotherURL, bodyNoLongerDecodes

        /// Damages the file that keeps pikachu's response.
        func apply(to file: URL, cache: PokeAPICache) throws {
            let contents = try Data(contentsOf: file)
            let damaged: Data
            switch self {
            case .empty: damaged = Data()
            case .cutInTheHeader: damaged = contents.prefix(40)
            case .cutInTheBody: damaged = contents.dropLast(100)
            case .bodyByteFlipped:
                // Still JSON, and still a Pokémon: only the checksum tells.
                var bytes = contents
                let name = try #require(bytes.lastRange(of: Data("\"pikachu\"".utf8)))
                bytes[name.upperBound - 2] = UInt8(ascii: "v")
                damaged = bytes
            case .longerBody: damaged = contents + Data(" ".utf8)
            case .notACacheFile: damaged = try Fixtures.trimmed(25)
            case .anotherURL:
                // A whole file, but of another URL, under pikachu's name.
                let other = try #require(URL(string: "http://pokeapi.test/api/v2/pokemon/26/"))
                var response = try #require(CachedResponse(file: contents, url: try Self.url))
                response.url = other
                response.body = try Fixtures.trimmed(26)
                damaged = try response.fileContents()
            case .bodyNoLongerDecodes:
                // A whole file whose body is JSON of another shape, as a version with other
                // models may have kept.
                var response = try #require(CachedResponse(file: contents, url: try Self.url))
                response.body = Data("{\"id\": 25}".utf8)
                damaged = try response.fileContents()
            }
            try damaged.write(to: file)
        }

        static var url: URL {
            get throws { try #require(URL(string: "http://pokeapi.test/api/v2/pokemon/25/")) }
        }
    }

    @Test(
        "a damaged file is a miss: fetched again unconditionally, and replaced",
        arguments: Damage.allCases)
    func damagedFileIsAMiss(damage: Damage) async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let cache = PokeAPICache.testing(in: directory, clock: clock)
            let transport = PokeAPICacheTests.service()
            let client = try PokeAPICacheTests.client(transport, directory: directory, clock: clock)
            _ = try await client.pokemon(id: 25)
            let file = cache.fileURL(for: try Damage.url)
            #expect(try cache.responseFiles() == [file])
            // Stale, so that a damaged file that were still read would be revalidated.
            clock.advance(by: 60)

            try damage.apply(to: file, cache: cache)
            #expect(try await client.pokemon(id: 25) == (try Fixtures.pokemon(25)))
            #expect(await transport.log.ifNoneMatches == [nil, nil])
            // Replaced by a whole file: fresh again, no request.
            _ = try await client.pokemon(id: 25)
            #expect(await transport.log.urls.count == 2)
            #expect(cache.response(for: try Damage.url)?.body == (try Fixtures.trimmed(25)))
        }
    }

    @Test("a file is written whole and read back as it was kept")
    func roundTrip() async throws {
        try await withTemporaryDirectory { directory in
            let cache = PokeAPICache.testing(
                in: directory.appending(path: "a/b"), clock: TestClock())
            let response = CachedResponse(
                url: try Damage.url, body: try Fixtures.trimmed(25), etag: "W/\"x\"",
                receivedAt: Date(timeIntervalSince1970: 1_800_000_000.5), initialAge: 3,
                lifetime: 86_400, alwaysRevalidates: true)
            try cache.keep(response)
            #expect(cache.response(for: try Damage.url) == response)
            // Nothing but the file: the temporary file was renamed into place.
            let names = try FileManager.default.contentsOfDirectory(
                atPath: cache.directory.path(percentEncoded: false))
            #expect(names == [cache.fileURL(for: try Damage.url).lastPathComponent])
        }
    }

    @Test("a directory that cannot be made fails the call with cacheFailed, naming the file")
    func directoryCannotBeMade() async throws {
        try await withTemporaryDirectory { directory in
            let blocker = directory.appending(path: "not-a-directory")
            try Data("a file".utf8).write(to: blocker)
            let clock = TestClock()
            let transport = PokeAPICacheTests.service()
            let client = try PokeAPICacheTests.client(transport, directory: blocker, clock: clock)
            let error = try await #require(throws: PokeAPIError.self) {
                try await client.pokemon(id: 25)
            }
            #expect(error.code == .cacheFailed)
            #expect(
                error.cacheFile?.deletingLastPathComponent().lastPathComponent == "not-a-directory")
            #expect(error.context?.url == (try Damage.url))
            #expect(error.underlyingError != nil)
            #expect(error.description.contains("could not be kept in the cache file"))
        }
    }

    @Test("a file that cannot be replaced fails the call, and leaves no temporary file")
    func fileCannotBeReplaced() async throws {
        try await withTemporaryDirectory { directory in
            let clock = TestClock()
            let cache = PokeAPICache.testing(in: directory, clock: clock)
            // A non-empty directory where the file goes: rename(2) cannot replace it.
            let file = cache.fileURL(for: try Damage.url)
            try FileManager.default.createDirectory(
                at: file.appending(path: "in-the-way"), withIntermediateDirectories: true)
            let client = try PokeAPICacheTests.client(
                PokeAPICacheTests.service(), directory: directory, clock: clock)
            let error = try await #require(throws: PokeAPIError.self) {
                try await client.pokemon(id: 25)
            }
            #expect(error.code == .cacheFailed)
            #expect(error.cacheFile == file)
            let names = try FileManager.default.contentsOfDirectory(
                atPath: directory.path(percentEncoded: false))
            #expect(names == [file.lastPathComponent])
        }
    }

    @Test(
        "Cache-Control directives are read as RFC 9111 says",
        arguments: [
            ("max-age=60", 60.0, false, false),
            ("public, max-age=86400, s-maxage=86400", 86_400, false, false),
            ("Max-Age = \"30\"", 30, false, false),
            ("max-age=-1", 0, false, false),
            ("max-age=soon", 0, false, false),
            ("max-age=99999999999", 2_147_483_648, false, false),
            ("max-age=10, max-age=20", 10, false, false),
            ("no-cache", nil, false, true),
            ("private, no-store", nil, true, false),
            ("", nil, false, false),
        ] as [(String, Double?, Bool, Bool)])
    func directives(value: String, maxAge: Double?, noStore: Bool, noCache: Bool) {
        let directives = CacheDirectives(cacheControl: value)
        #expect(directives.maxAge == maxAge)
        #expect(directives.noStore == noStore)
        #expect(directives.noCache == noCache)
    }
}
