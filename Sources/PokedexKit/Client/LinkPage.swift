import Foundation

/// A page of a list read for its ids alone: PokeAPI's list shape, whose results may be links
/// without names (`{"url": "/api/v2/evolution-chain/1/"}`).
struct LinkPage: Sendable {
    /// The link to the next page, or `nil` on the last page.
    var next: URL?
    /// The id each result's link names, in order.
    var ids: [Int]

    private struct Page: Decodable {
        struct Link: Decodable {
            var url: String
        }
        var next: String?
        var results: [Link]
    }

    private enum CodingKeys: String, CodingKey {
        case results, url
    }

    /// Decodes a page whose links must name resources of `family`.
    ///
    /// - Throws: `DecodingError` when the page is not one, or a link is not one to a resource
    ///   of the family (its coding path names the result).
    init(decoding data: Data, family: PokeAPIFamily) throws {
        let page = try JSONDecoder().decode(Page.self, from: data)
        next = try page.next.map { text in
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [], debugDescription: "next is not a URL: \(text)"))
            }
            return url
        }
        ids = try page.results.enumerated().map { index, link in
            guard let id = ResourceLink.id(in: link.url, family: family.rawValue) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [
                            CodingKeys.results, IndexCodingKey(index), CodingKeys.url,
                        ],
                        debugDescription:
                            "\(link.url) is not a link to a resource of \(family.rawValue)"))
            }
            return id
        }
    }
}

/// A coding key for an index in an array.
private struct IndexCodingKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
