import Foundation
import Testing

@testable import KeyPathQuery

/// What the parser refuses, with what and where; and that no input makes it trap.
@Suite("Text search: parsing")
struct SearchParserTests {
    /// The error parsing `text` throws, or `nil`.
    static func error(parsing text: String) -> QueryError? {
        do {
            _ = try TextSearch(text)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "no letter or digit once folded: refused at character 0",
        arguments: [
            "", "   ", "!!! ...", "🔥🔥", "\"\"", "\u{301}\u{308}", "\u{AD}\u{200D}", "\0\t\n",
        ])
    func nothingToSearch(_ text: String) throws {
        let error = try #require(Self.error(parsing: text))
        #expect(error.code == .invalidSearch)
        #expect(error.position == 0)
        #expect(error.searchText == text)
        #expect(error.reason?.contains("no letter or digit") == true)
    }

    @Test("longer than the limit: refused at the first character past it")
    func tooLong() throws {
        #expect(throws: Never.self) { try TextSearch(String(repeating: "a", count: 1_024)) }
        let ascii = try #require(Self.error(parsing: String(repeating: "a", count: 1_025)))
        #expect(ascii.code == .invalidSearch && ascii.position == 1_024)
        // Two bytes a character: the 513th character ends past 1,024 bytes.
        let accented = try #require(Self.error(parsing: String(repeating: "é", count: 600)))
        #expect(accented.position == 512)
        // One character of many bytes, at the start.
        let huge = "a" + String(repeating: "\u{301}", count: 2_000)
        #expect(Self.error(parsing: huge)?.position == 0)
        #expect(ascii.description.contains("longer than 1024 bytes"))
        #expect(ascii.description.count < 200)
    }

    @Test("more words than the limit: refused where the first word too many begins")
    func tooManyWords() throws {
        let letters = "abcdefghijklmnopq".map(String.init)
        let sixteen = letters.prefix(16).joined(separator: " ")
        #expect(try TextSearch(sixteen).words.count == 16)
        let seventeen = try #require(Self.error(parsing: letters.joined(separator: " ")))
        #expect(seventeen.code == .invalidSearch)
        #expect(seventeen.position == 32)
        #expect(seventeen.description.contains("at character 32"))
        // Words are counted as written.
        let repeated = String(repeating: "fire, ", count: 17)
        #expect(Self.error(parsing: repeated)?.position == 96)
        // A run of ideographs is one word.
        #expect(try TextSearch(String(repeating: "火", count: 100)).words.count == 1)
    }

    @Test(
        "hostile input parses or is refused, never traps",
        arguments: [
            "\0fire\0", "fire\u{0}\u{301}", "\u{FFFD}\u{FFFF}", "\r\n\r\n a", "%K %@ ' OR 1 --",
            "\u{202E}evil", "ᄀ\u{1161}\u{11A8}", "ㄱㅏ", String(repeating: "\u{E0100}", count: 300),
            String(repeating: "ﷺ", count: 50), String(repeating: "a ", count: 511),
        ])
    func hostile(_ text: String) {
        do {
            let search = try TextSearch(text)
            #expect(!search.words.isEmpty && !search.tokens.isEmpty)
        } catch {
            #expect(error.code == .invalidSearch)
            #expect((0...text.count).contains(error.position ?? -1))
        }
    }

    @Test("invalid UTF-8 decodes to replacement characters, which separate words")
    func invalidUTF8() throws {
        let text = String(decoding: [0x66, 0x69, 0xFF, 0x72, 0x65] as [UInt8], as: UTF8.self)
        #expect(try TextSearch(text).words == ["fi", "re"])
    }
}
