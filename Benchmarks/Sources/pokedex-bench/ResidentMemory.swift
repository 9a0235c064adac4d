import Foundation
import SQLiteCAPI

/// The memory the process holds: resident pages from `/proc/self/statm` (Linux; `nil`
/// elsewhere), and what SQLite has allocated (`sqlite3_memory_used`).
///
/// Resident memory alone undercounts what an open takes in a process that freed memory
/// before (the allocator reuses pages that are already resident), so SQLite's own count of
/// its live allocations (connections, statements, page caches, for every connection in the
/// process) is measured beside it.
enum ResidentMemory {
    /// The resident set size in bytes, or `nil` where it cannot be read.
    static func current() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The bytes SQLite has allocated and not yet freed.
    static func heapInUse() -> Int? {
        Int(sqlite3_memory_used())
    }

    /// How much the resident memory and SQLite's allocations grew while `body` ran, in bytes,
    /// with what `body` returned; a growth is `nil` where it cannot be read.
    static func growth<Value>(during body: () async throws -> Value) async rethrows -> (
        resident: Int?, heap: Int?, value: Value
    ) {
        let resident = current()
        let heap = heapInUse()
        let value = try await body()
        return (
            zip(resident, current()).map { $1 - $0 }, zip(heap, heapInUse()).map { $1 - $0 },
            value
        )
    }

    /// Bytes as megabytes, one decimal.
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

/// Both values, or `nil` when either is absent.
private func zip<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
    guard let first, let second else { return nil }
    return (first, second)
}
