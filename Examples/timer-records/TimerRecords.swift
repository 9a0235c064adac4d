import Foundation
import JSONFileStorage
import KeyPathQuery
import ModelStorage

/// `timer-records`: KeyPathQuery and ModelStorage on their own, with a timer-record model.
///
///     swift run timer-records [--store PATH]
///
/// Stores a week of timer records, asks a few questions of them, shows the same question as
/// an `NSPredicate` format and as SQL, and watches a live query while a record changes.
@main
struct TimerRecords {
    static func main() async {
        do {
            try await run(storePath: storePath(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("timer-records: \(error)\n".utf8))
            exit(1)
        }
    }

    static func storePath(_ arguments: ArraySlice<String>) throws -> URL? {
        let arguments = Array(arguments)
        if arguments.isEmpty { return nil }
        guard arguments.count == 2, arguments[0] == "--store" else {
            throw ExampleError("usage: timer-records [--store PATH]")
        }
        return URL(filePath: arguments[1])
    }

    static func run(storePath: URL?) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "timer-records-\(UUID().uuidString)", directoryHint: .isDirectory)
        let url = storePath ?? directory.appending(path: "timers.json")
        defer { if storePath == nil { try? FileManager.default.removeItem(at: directory) } }

        let store = try await JSONFileStore<TimerRecord>.open(
            at: url, options: JSONFileStoreOptions(createsDirectories: true))
        try await store.upsert(contentsOf: sampleWeek())
        print(
            "Stored \(try await store.count(where: .true)) timer records in \(url.lastPathComponent)."
        )

        // Deep work of at least 45 minutes on Tuesday, longest first.
        let deepWork = RecordQuery<TimerRecord>(
            where: \.dayCode == 20261117 && \.session.name == "Deep work" && \.duration >= 45 * 60,
            sortedBy: [.descending(\.duration)])
        for record in try await store.fetch(deepWork) {
            print("  \(record.dayCode)  \(record.session.name)  \(Int(record.duration / 60)) min")
        }

        // The same question for Core Data and for SQLite: attribute names come from the
        // mapping, values travel as arguments and bindings.
        let format = try deepWork.condition.predicateFormat()
        print("NSPredicate: \(format.format)")
        print("  arguments: \(format.arguments.map(\.description).joined(separator: ", "))")
        let sql = try deepWork.sqlClauses()
        print("SQL: SELECT * FROM timers \(sql.sql)")
        print("  bindings: \(sql.bindings.map { "\($0)" }.joined(separator: ", "))")

        // Tagged "review" in the writing project, any day: a collection and a nested attribute.
        let reviews = try await store.count(
            where: .contains(\.tags, "review") && \.session.project == "writing")
        print("Reviews in the writing project: \(reviews)")

        // A live query sees a change to an attribute it does not filter on.
        let observation = try await store.observe(
            RecordQuery(where: \.duration >= 3 * 3600, sortedBy: [.ascending(\.dayCode)]))
        var updates = observation.makeAsyncIterator()
        if let first = await updates.next() {
            print("Live: \(first.records.count) sessions of 3 h or more, of \(first.totalCount)")
        }
        guard
            let anyRecord = try await store.fetch(
                RecordQuery(sortedBy: [.ascending(\.dayCode)], limit: 1)
            ).first
        else { throw ExampleError("no records were stored") }
        try await store.update(id: anyRecord.id) { $0.duration = 4 * 3600 }
        if let next = await updates.next() {
            print("Live: \(next.records.count) sessions of 3 h or more, of \(next.totalCount)")
        }
        try await store.close()
    }

    /// A week of sessions, the same on every run.
    static func sampleWeek() -> [TimerRecord] {
        let sessions = [
            Session(name: "Deep work", project: "writing"),
            Session(name: "Email", project: "admin"),
            Session(name: "Review", project: "writing"),
        ]
        var records: [TimerRecord] = []
        for day in 16...22 {
            for (index, session) in sessions.enumerated() {
                let minutes = 20 + (day * 37 + index * 53) % 160
                records.append(
                    TimerRecord(
                        id: UUID(
                            uuidString: String(format: "00000000-0000-0000-%04d-%012d", day, index))
                            ?? UUID(),
                        dayCode: 20261100 + day, duration: Double(minutes * 60), session: session,
                        tags: index == 2 ? ["review"] : []))
            }
        }
        return records
    }
}

struct ExampleError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
