import Foundation
import Testing

@testable import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("PokeAPIError codes")
struct PokeAPIErrorCodeTests {
    static let url = URL(fileURLWithPath: "/api/v2/pokemon/25/")
    static let context = PokeAPIError.Context(
        resource: .pokemonID(25), url: url, attempts: 2, bodyExcerpt: "{}")
    static let file = URL(fileURLWithPath: "/tmp/cache/0123456789abcdef.response")
    static let decodingError = DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "not JSON"))

    /// One error of each code, made by its factory; a new code does not compile until it has one.
    static func sample(_ kind: PokeAPIError.Code.Kind) -> PokeAPIError {
        switch kind {
        case .invalidName: .invalidName("a/b")
        case .invalidID: .invalidID(0)
        case .invalidPage: .invalidPage(limit: 0, offset: 0)
        case .unexpectedStatus: .unexpectedStatus(503, context)
        case .transportFailed: .transportFailed(URLError(.timedOut), context)
        case .undecodableBody: .undecodableBody(decodingError, context)
        case .paginationLoop: .paginationLoop(url)
        case .unnamedList: .unnamedList(.evolutionChain)
        case .invalidLink: .invalidLink(url, family: .species)
        case .responseTooLarge: .responseTooLarge(limit: 1_024, context)
        case .cacheFailed: .cacheFailed(CocoaError(.fileWriteNoPermission), file: file, context)
        }
    }

    /// The names of the detail properties that are set.
    static func filled(_ error: PokeAPIError) -> Set<String> {
        let properties: [(String, Any?)] = [
            ("context", error.context), ("url", error.url), ("statusCode", error.statusCode),
            ("bodyExcerpt", error.bodyExcerpt), ("rejectedName", error.rejectedName),
            ("rejectedID", error.rejectedID), ("limit", error.limit), ("offset", error.offset),
            ("underlyingError", error.underlyingError), ("decodingError", error.decodingError),
            ("sizeLimit", error.sizeLimit), ("cacheFile", error.cacheFile),
            ("family", error.family),
        ]
        return Set(properties.compactMap { name, value in value == nil ? nil : name })
    }

    @Test("each factory makes its own code, and every code reads differently")
    func codesAreDistinct() {
        let kinds = PokeAPIError.Code.Kind.allCases
        let errors = kinds.map(Self.sample)
        #expect(errors.map(\.code) == kinds.map(PokeAPIError.Code.init))
        #expect(errors.map(\.code.description) == kinds.map(\.rawValue))
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(Set(errors.map(\.description)).count == kinds.count)
    }

    @Test("each factory fills its properties and no other")
    func factoriesFillTheirProperties() {
        let request: Set = ["context", "url", "bodyExcerpt"]

        let name = PokeAPIError.invalidName("a/b")
        #expect(Self.filled(name) == ["rejectedName"])
        #expect(name.rejectedName == "a/b")

        let id = PokeAPIError.invalidID(-1)
        #expect(Self.filled(id) == ["rejectedID"])
        #expect(id.rejectedID == -1)

        let page = PokeAPIError.invalidPage(limit: 0, offset: -2)
        #expect(Self.filled(page) == ["limit", "offset"])
        #expect(page.limit == 0 && page.offset == -2)

        let status = PokeAPIError.unexpectedStatus(503, Self.context)
        #expect(Self.filled(status) == request.union(["statusCode"]))
        #expect(status.statusCode == 503 && status.context == Self.context)
        #expect(status.url == Self.url && status.bodyExcerpt == "{}")

        let transport = PokeAPIError.transportFailed(URLError(.timedOut), Self.context)
        #expect(Self.filled(transport) == request.union(["underlyingError"]))
        #expect((transport.underlyingError as? URLError)?.code == .timedOut)
        #expect(transport.context == Self.context)

        let body = PokeAPIError.undecodableBody(Self.decodingError, Self.context)
        #expect(Self.filled(body) == request.union(["decodingError"]))
        guard case .dataCorrupted(let decoding)? = body.decodingError else {
            Issue.record("expected the decoding error, got \(String(describing: body))")
            return
        }
        #expect(decoding.debugDescription == "not JSON")
        #expect(body.context == Self.context)

        let loop = PokeAPIError.paginationLoop(Self.url)
        #expect(Self.filled(loop) == ["url"])
        #expect(loop.url == Self.url)

        let unnamed = PokeAPIError.unnamedList(.evolutionChain)
        #expect(Self.filled(unnamed) == ["family"])
        #expect(unnamed.family == .evolutionChain)
        #expect(
            unnamed.description
                == "The evolution-chain list names no resource, only links: read its ids with "
                + "ids(of: .evolutionChain); no request was made.")

        let link = PokeAPIError.invalidLink(Self.url, family: .species)
        #expect(Self.filled(link) == ["url", "family"])
        #expect(link.url == Self.url && link.family == .species)

        let large = PokeAPIError.responseTooLarge(limit: 1_024, Self.context)
        #expect(Self.filled(large) == request.union(["sizeLimit"]))
        #expect(large.sizeLimit == 1_024 && large.context == Self.context)

        let cache = PokeAPIError.cacheFailed(
            CocoaError(.fileWriteNoPermission), file: Self.file, Self.context)
        #expect(Self.filled(cache) == request.union(["underlyingError", "cacheFile"]))
        #expect(cache.cacheFile == Self.file && cache.context == Self.context)
        #expect((cache.underlyingError as? CocoaError)?.code == .fileWriteNoPermission)
    }

    @Test("a code is a pattern for a thrown error")
    func codesMatchInCatchClauses() {
        func matched(_ error: any Error) -> String {
            do {
                throw error
            } catch PokeAPIError.Code.transportFailed {
                return "transportFailed"
            } catch {
                return "other"
            }
        }
        #expect(matched(Self.sample(.transportFailed)) == "transportFailed")
        #expect(matched(Self.sample(.unexpectedStatus)) == "other")
        #expect(matched(URLError(.timedOut)) == "other")
    }
}
