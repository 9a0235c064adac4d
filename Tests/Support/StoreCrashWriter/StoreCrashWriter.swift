import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for the file-store tests, which read its standard output.
///
/// - `StoreCrashWriter write <store> <first-id> <compaction-threshold>` saves forever:
///   single inserts, batches, deletes of earlier records and groups of concurrent inserts.
///   It prints `ready` once the store is open, `begin put 12 13` before a save and
///   `ack put 12 13` once the save returned (likewise `del`), so a test can kill it at any
///   moment and know which saves were acknowledged.
/// - `StoreCrashWriter hold <store> <count> <milliseconds>` opens the store (waiting up to
///   10 s for the lock), inserts records 1 to `count`, prints `locked <pid>`, holds the
///   lock for the given time, closes the store and prints `closed`.
///
/// Record `n` is always ``record(_:)``, so a test knows its exact value.
@main
enum StoreCrashWriter {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4, let mode = arguments.first else {
            fail("usage: StoreCrashWriter write|hold <store> <number> <number>")
        }
        let url = URL(filePath: arguments[arguments.startIndex + 1])
        let first = Int(arguments[arguments.startIndex + 2]) ?? 0
        let second = Int(arguments[arguments.startIndex + 3]) ?? 0
        do {
            switch mode {
            case "write": try await write(url, firstID: first, threshold: second)
            case "hold": try await hold(url, count: first, milliseconds: second)
            default: fail("unknown mode \(mode)")
            }
        } catch {
            fail("\(error)")
        }
    }

    /// The value record `id` always has.
    static func record(_ id: Int) -> ConformanceRecord {
        ConformanceRecord(id: id, name: "r\(id)", attack: id % 1_000, favorite: id % 2 == 0)
    }

    static func write(_ url: URL, firstID: Int, threshold: Int) async throws {
        let store = try await JSONFileStore<ConformanceRecord>.open(
            at: url,
            options: JSONFileStoreOptions(
                lockTimeout: .seconds(10), compactionThreshold: threshold))
        var existing = try await store.fetch(.all).map(\.id)
        say("ready")
        var next = firstID
        var round = 0
        while true {
            round += 1
            if round % 5 == 0, !existing.isEmpty {
                let doomed = existing.remove(at: (round * 7919) % existing.count)
                say("begin del \(doomed)")
                try await store.delete(id: doomed)
                say("ack del \(doomed)")
            } else if round % 7 == 0 {
                let ids = Array(next..<next + 5)
                next += 5
                say("begin put " + ids.map(String.init).joined(separator: " "))
                try await store.upsert(contentsOf: ids.map(record))
                say("ack put " + ids.map(String.init).joined(separator: " "))
                existing += ids
            } else if round % 3 == 0 {
                let ids = Array(next..<next + 4)
                next += 4
                for id in ids { say("begin put \(id)") }
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for id in ids {
                        group.addTask {
                            try await store.insert(record(id))
                            return id
                        }
                    }
                    for try await id in group { say("ack put \(id)") }
                }
                existing += ids
            } else {
                say("begin put \(next)")
                try await store.insert(record(next))
                say("ack put \(next)")
                existing.append(next)
                next += 1
            }
        }
    }

    static func hold(_ url: URL, count: Int, milliseconds: Int) async throws {
        let store = try await JSONFileStore<ConformanceRecord>.open(
            at: url, options: JSONFileStoreOptions(lockTimeout: .seconds(10)))
        for id in 1...max(1, count) {
            try await store.upsert(record(id))
            say("ack put \(id)")
        }
        say("locked \(getpid())")
        try await Task.sleep(for: .milliseconds(milliseconds))
        try await store.close()
        say("closed")
    }

    /// Writes a line to standard output at once, unbuffered.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
