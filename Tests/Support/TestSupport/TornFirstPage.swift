import Foundation
import Testing

/// The first page of a new database as a power loss can leave it during its first write:
/// SQLite has written and synced its rollback journal's header (the 512-byte sector, then
/// its 12 bytes of magic number and record count), and the page itself is torn.
public enum TornFirstPage: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case oneByte = "one byte of it"
    case zeros = "a page of zeros"
    case firstSector = "its first sector only"

    /// How the page is torn, as a test's argument reads.
    public var testDescription: String { rawValue }

    /// What the database file holds: a torn page 1 of 4,096 bytes.
    public var bytes: Data {
        switch self {
        case .oneByte: Data("S".utf8)
        case .zeros: Data(count: 4096)
        case .firstSector:
            Data("SQLite format 3\0".utf8) + Data([0x10, 0x00, 0x01, 0x01])
                + Data(count: 512 - 20)
        }
    }

    /// The journal of a database that was empty when the write began, as SQLite's file
    /// format lays out its header: the magic number, no page records, a nonce, an initial
    /// size of 0 pages, 512-byte sectors, 4,096-byte pages; the rest of the sector zeros.
    public static var journal: Data {
        func bigEndian(_ value: UInt32) -> Data {
            withUnsafeBytes(of: value.bigEndian) { Data($0) }
        }
        var header = Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7])
        header += bigEndian(0) + bigEndian(0xCF16_87B3) + bigEndian(0) + bigEndian(512)
        header += bigEndian(4096)
        return header + Data(count: 512 - header.count)
    }

    /// Writes the torn database and its journal at `url`.
    public func write(at url: URL) throws {
        try bytes.write(to: url)
        try Self.journal.write(to: URL(filePath: url.path + "-journal"))
    }
}
