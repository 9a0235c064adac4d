import Foundation
import Testing

@testable import ModelStorage
@testable import RecordCoding

/// RecordJSONEncoder writes every scalar as `JSONEncoder` does: at the top, in an object and
/// in an array (a value's text must be the same wherever it is).
@Suite("RecordJSONEncoder's scalars")
struct RecordJSONEncoderScalarTests {
    /// A value at the top, as a member and as an element, each compared.
    static func expectSameEverywhere<Value: Encodable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let encoder = RecordJSONEncoder()
        EncoderComparison.expectSame(
            value, encoder: encoder, "\(value)", sourceLocation: sourceLocation)
        EncoderComparison.expectSame(
            ["member": value], encoder: encoder, "\(value)", sourceLocation: sourceLocation)
        EncoderComparison.expectSame(
            [value, value], encoder: encoder, "\(value)", sourceLocation: sourceLocation)
        EncoderComparison.expectSame(
            Optional(value), encoder: encoder, "\(value)", sourceLocation: sourceLocation)
    }

    @Test("integers of every width, at their limits")
    func integers() {
        func limits<Integer: FixedWidthInteger & Encodable>(_: Integer.Type) {
            for value in [Integer.min, Integer.max, 0, 1, Integer.max / 3, Integer.min / 7] {
                Self.expectSameEverywhere(value)
            }
        }
        limits(Int.self)
        limits(Int8.self)
        limits(Int16.self)
        limits(Int32.self)
        limits(Int64.self)
        limits(UInt.self)
        limits(UInt8.self)
        limits(UInt16.self)
        limits(UInt32.self)
        limits(UInt64.self)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            limits(Int128.self)
            limits(UInt128.self)
        }
    }

    @Test("doubles and floats: -0, the extremes, and text that reads back exactly")
    func floats() {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.2 + 0.1, 1.0 / 3, .pi, 1e-5, 1e-7, 1e15, 1e16, 1e17, 1e20,
            1e21, 1e300, -1e-300, 123_456_789_012_345_680, 9_007_199_254_740_992,
            9_007_199_254_740_992.0.nextUp,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .ulpOfOne, 100, 1234.5,
        ]
        for value in doubles {
            Self.expectSameEverywhere(value)
            Self.expectSameEverywhere(Float(value))
        }
        let floats: [Float] = [
            0.1, 16_777_216, Float(16_777_216).nextUp, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        for value in floats { Self.expectSameEverywhere(value) }
        for value in [1.5, -0.0, 3.25] as [CGFloat] { Self.expectSameEverywhere(value) }
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
            for value in [0.1, -0.0, 65504] as [Float16] { Self.expectSameEverywhere(value) }
        #endif
    }

    @Test("a non-finite float throws JSONEncoder's error, naming its coding path")
    func nonFinite() throws {
        for value in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            Self.expectSameEverywhere(value)
            Self.expectSameEverywhere(Float(value))
            EncoderComparison.expectSame(["a": ["b": [1, value]]])
        }
        do {
            _ = try RecordJSONEncoder().encode(["a": ["b": [1, Double.infinity]]])
            Issue.record("an infinite double encoded")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.last?.intValue == 1)
        }
    }

    @Test("strings: escapes as JSONEncoder writes them, NUL as \\u0000, / and non-ASCII raw")
    func strings() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let strings = [
            "", "plain", "quote \" backslash \\ slash / end", controls, "\u{7F}\u{80}\u{9F}",
            "é e\u{301} 😀 \u{2028}\u{2029}\u{FEFF} 日本", "\0", "a\0b", "\r\n\t\u{8}\u{C}",
            String(repeating: "long \" text \n with escapes é ", count: 5000),
            "https://pokeapi.co/api/v2/pokemon/25/",
        ]
        for string in strings { Self.expectSameEverywhere(string) }
        // Strings are read eight bytes at a time: each character that needs an escape (and
        // one that does not) at each place in the words and in the bytes after them.
        let encoder = RecordJSONEncoder()
        for special in ["\"", "\\", "\0", "\u{1F}", "\n", "\u{20}", "é", "/", "\u{7F}"] {
            for length in 1...20 {
                for position in 0..<length {
                    var characters = Array(repeating: "a", count: length)
                    characters[position] = special
                    let string = characters.joined()
                    EncoderComparison.expectSame(string, encoder: encoder, string.debugDescription)
                    EncoderComparison.expectSame(
                        [string: string], encoder: encoder, string.debugDescription)
                }
            }
        }
        let json = try RecordJSONEncoder().encode(["nul": "a\0b", "slash": "/"])
        #expect(!json.utf8.contains(0))
        #expect(json.contains("\\u0000"))
        #expect(json.contains("\"/\""))
    }

    @Test("Booleans, nil and Optionals")
    func literals() {
        Self.expectSameEverywhere(true)
        Self.expectSameEverywhere(false)
        Self.expectSameEverywhere(Int?.none)
        Self.expectSameEverywhere(String?.none)
        Self.expectSameEverywhere(Int??.some(nil))
        Self.expectSameEverywhere([Int?.none, 1])
        Self.expectSameEverywhere(["a", nil] as [String?])
    }

    @Test("Date as seconds since 2001, Data as base64, URL as its absolute string")
    func foundationScalars() throws {
        let dates = [
            Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.0),
            Date(timeIntervalSinceReferenceDate: 123_456.789), .distantPast, .distantFuture,
            Date(timeIntervalSince1970: 1_700_000_000.123_456),
        ]
        for date in dates { Self.expectSameEverywhere(date) }
        let data = [Data(), Data([0]), Data([1, 2]), Data([1, 2, 3]), Data((0...255).map { $0 })]
        for bytes in data { Self.expectSameEverywhere(bytes) }
        let urls = try [
            "https://pokeapi.co/api/v2/pokemon/25/", "file:///tmp/a%20b.json", "mailto:a@b.c",
            "https://example.com/path?q=a/b&x=%22#frag", "relative/path", "https://日本.jp/é",
        ].map { try #require(URL(string: $0)) }
        for url in urls { Self.expectSameEverywhere(url) }
        let base = try #require(URL(string: "https://pokeapi.co/api/v2/"))
        Self.expectSameEverywhere(try #require(URL(string: "pokemon/1", relativeTo: base)))
        Self.expectSameEverywhere(URL(filePath: "/tmp/pokédex", directoryHint: .isDirectory))
        Self.expectSameEverywhere(
            UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))
    }

    @Test("Decimal as a number, NaN as JSONEncoder writes it")
    func decimals() throws {
        let texts = [
            "0", "-0", "1", "3.14159265358979323846264338327950288", "-1e-30", "1e100",
            "123456789012345678901234567890.5", "0.000001",
        ]
        for text in texts {
            Self.expectSameEverywhere(try #require(Decimal(string: text)))
        }
        for value in [Decimal.greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan] {
            Self.expectSameEverywhere(value)
        }
    }
}
