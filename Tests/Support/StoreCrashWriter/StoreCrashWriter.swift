import FileSystemSupport
import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorageTesting
import SQLiteStorage

// Debug builds reach the store's file-system seam to trace its calls and to stop at one;
// release builds of this test helper write without either.
#if DEBUG
    @testable import JSONFileStorage
    @testable import ModelStorage
#else
    import JSONFileStorage
    import ModelStorage
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for the file-store tests, which read its standard output.
///
/// The store's extension picks the backend, as `pokedex --store` does: `.sqlite` or `.db` is
/// an ``SQLiteStore``, anything else a `JSONFileStore` (`hold` is for the JSON store only).
///
/// - `StoreCrashWriter write <store> <first-id> <compaction-threshold>` saves forever:
///   single inserts, batches, deletes of earlier records and groups of concurrent inserts,
///   deleting the oldest 1,000 records at once whenever there are more than 1,500, and
///   transactions across two models (`begin tx put 7 8 9 del 3`; see
///   ``saveForever(in:firstID:transactions:)``): the store is a database of records and
///   notes, an `SQLiteModelDatabase` or a `JSONFileModelDatabase`, whose record section a
///   `JSONFileStore` of records opens too.
///   It prints `ready` once the store is open, `begin put 12 13` before a save and
///   `ack put 12 13` once the save returned (likewise `del`), so a test can kill it at any
///   moment and know which saves were acknowledged.
/// - `StoreCrashWriter hold <store> <count> <milliseconds>` opens the store (waiting up to
///   10 s for the lock), inserts records 1 to `count`, prints `locked <pid>`, holds the
///   lock for the given time, closes the store and prints `closed`. A negative time holds
///   the lock until the writer is killed or the process that started it ends: a test that
///   needs the lock held throughout must not depend on how soon its task runs again.
/// - `StoreCrashWriter probe <store> 0 0` tries to open the store for writing and to insert
///   a record (`wrote`, or `refused <errno> <path>` for an I/O error, `refused <error>`
///   otherwise), then to read it (`read <count>` or `unreadable <error>`): run as another
///   user, it shows what a store does in a directory that user cannot write.
///
/// Record `n` is always ``record(_:)``, so a test knows its exact value.
///
/// In debug builds, two environment variables reach into the store's file-system calls:
/// - `STORE_CRASH_TRACE=1` prints `io <call> <path>` before each call (`write`, `sync`,
///   `rename`, …), so a test knows what the writer was doing when it was killed;
/// - `STORE_CRASH_STOP=<call>:<suffix>:<skip>` stops the writer for good before the
///   `skip`+1-th such call on a path ending in `suffix`, after printing `stop <call> <path>`:
///   `rename:.json:0` stops it between a new document's write and its rename.
@main
enum StoreCrashWriter {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4, let mode = arguments.first else {
            fail("usage: StoreCrashWriter write|hold|probe <store> <number> <number>")
        }
        let url = URL(filePath: arguments[arguments.startIndex + 1])
        let first = Int(arguments[arguments.startIndex + 2]) ?? 0
        let second = Int(arguments[arguments.startIndex + 3]) ?? 0
        do {
            switch mode {
            case "write": try await write(url, firstID: first, threshold: second)
            case "hold": try await hold(url, count: first, milliseconds: second)
            case "probe": await probe(url)
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

    /// Whether a path names an SQLite database (`.sqlite` or `.db`), as `pokedex --store`
    /// decides; any other path is a JSON file store.
    static func isSQLite(_ url: URL) -> Bool {
        ["sqlite", "db"].contains(url.pathExtension)
    }

    /// Opens a database of records and notes, whose transactions write both models, and
    /// saves to it until killed.
    static func write(_ url: URL, firstID: Int, threshold: Int) async throws {
        if isSQLite(url) {
            let database = try await SQLiteModelDatabase.open(
                at: url, for: [ConformanceRecord.self, ConformanceNote.self],
                options: SQLiteStoreOptions(lockTimeout: .seconds(10)))
            try await saveForever(
                in: database.store(for: ConformanceRecord.self), firstID: firstID,
                transactions: database)
        }
        var options = JSONFileStoreOptions(
            lockTimeout: .seconds(10), compactionThreshold: threshold)
        #if DEBUG
            options.faults = IOHooks(ProcessInfo.processInfo.environment)?.check
        #endif
        let database = try await JSONFileModelDatabase.open(
            at: url, for: [ConformanceRecord.self, ConformanceNote.self], options: options)
        try await saveForever(
            in: database.store(for: ConformanceRecord.self), firstID: firstID,
            transactions: database)
    }

    /// The note a transaction writes beside record `id`: note `id`, referring to it.
    static func note(_ id: Int) -> ConformanceNote {
        ConformanceNote(id: id, recordID: id, text: "n\(id)")
    }

    /// Saves until killed, printing each save before it starts and once it returned.
    ///
    /// One round in eleven is a transaction of the database that inserts three records, a
    /// note referring to each (``note(_:)``), and deletes an earlier record (which sets its
    /// note's reference to `nil`, if it has one): `begin tx put 7 8 9 del 3`, then
    /// `ack tx put 7 8 9 del 3`. Once there are more than 1,500 records, a transaction
    /// deletes the oldest 1,000 and their notes: `begin tx purge 1 2 …`.
    static func saveForever(
        in store: some ModelStore<ConformanceRecord>, firstID: Int,
        transactions database: any ModelDatabase
    ) async throws -> Never {
        var existing = try await store.fetch(.everyRecord).map(\.id)
        say("ready")
        var next = firstID
        var round = 0
        while true {
            round += 1
            if existing.count > 1_500 {
                // Keeps the database small however long the writer runs: the oldest 1,000
                // records and their notes go in one transaction.
                let doomed = Array(existing.prefix(1_000))
                existing.removeFirst(1_000)
                let line = "tx purge " + doomed.map(String.init).joined(separator: " ")
                say("begin " + line)
                try await database.transaction { transaction in
                    _ = try transaction[ConformanceRecord.self].delete(where: .in(\.id, doomed))
                    _ = try transaction[ConformanceNote.self].delete(where: .in(\.id, doomed))
                }
                say("ack " + line)
            } else if round % 11 == 0, !existing.isEmpty {
                let ids = Array(next..<next + 3)
                next += 3
                let doomed = existing.remove(at: (round * 7919) % existing.count)
                let line =
                    "tx put " + ids.map(String.init).joined(separator: " ") + " del \(doomed)"
                say("begin " + line)
                try await database.transaction { transaction in
                    for id in ids {
                        try transaction[ConformanceRecord.self].insert(record(id))
                        try transaction[ConformanceNote.self].insert(note(id))
                    }
                    _ = transaction[ConformanceRecord.self].delete(id: doomed)
                }
                say("ack " + line)
                existing += ids
            } else if round % 5 == 0, !existing.isEmpty {
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
        if milliseconds < 0 {
            // Reparented once the test process ends: the lock never outlives the test.
            let parent = getppid()
            while getppid() == parent { try await Task.sleep(for: .milliseconds(100)) }
        } else {
            try await Task.sleep(for: .milliseconds(milliseconds))
        }
        try await store.close()
        say("closed")
    }

    static func probe(_ url: URL) async {
        do {
            if isSQLite(url) {
                let store = try await SQLiteStore<ConformanceRecord>.open(at: url)
                do {
                    try await store.insert(record(1_000_000))
                } catch {
                    try? await store.close()
                    throw error
                }
                try await store.close()
            } else {
                // The database `write` makes: a store of records alone refuses a journal that
                // holds commits of notes.
                let database = try await JSONFileModelDatabase.open(
                    at: url, for: [ConformanceRecord.self, ConformanceNote.self])
                try await database.store(for: ConformanceRecord.self).insert(record(1_000_000))
            }
            say("wrote")
        } catch let error as StoreError where error.code == .io {
            say("refused \(error.errorNumber ?? 0) \(error.storeLocation?.description ?? "")")
        } catch {
            say("refused \(error)")
        }
        do {
            if isSQLite(url) {
                let reader = try await SQLiteStore<ConformanceRecord>.open(
                    at: url, options: .readOnly)
                say("read \(try await reader.count())")
                try await reader.close()
            } else {
                let reader = try await JSONFileStore<ConformanceRecord>.open(
                    at: url, options: .readOnly)
                say("read \(try await reader.count())")
            }
        } catch {
            say("unreadable \(error)")
        }
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

#if DEBUG
    /// The writer's hooks into the store's file-system calls (see ``StoreCrashWriter``).
    final class IOHooks: Sendable {
        private let trace: Bool
        private let stop: (call: String, suffix: String)?
        private let remaining: Mutex<Int>

        init?(_ environment: [String: String]) {
            trace = environment["STORE_CRASH_TRACE"] == "1"
            let parts = environment["STORE_CRASH_STOP"]?.split(separator: ":").map(String.init)
            if let parts, parts.count == 3 {
                stop = (parts[0], parts[1])
                remaining = Mutex(Int(parts[2]) ?? 0)
            } else {
                stop = nil
                remaining = Mutex(0)
            }
            guard trace || stop != nil else { return nil }
        }

        /// Runs before each file-system call; never makes one fail.
        func check(_ call: FileSystem.Call, _ path: String) -> Int32? {
            if trace { StoreCrashWriter.say("io \(call.rawValue) \(path)") }
            guard let stop, stop.call == call.rawValue, path.hasSuffix(stop.suffix) else {
                return nil
            }
            let stopsHere = remaining.withLock { remaining in
                remaining -= 1
                return remaining == -1
            }
            guard stopsHere else { return nil }
            StoreCrashWriter.say("stop \(call.rawValue) \(path)")
            while true { sleep(60) }
        }
    }
#endif
