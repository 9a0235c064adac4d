import Foundation
import TestSupport
import Testing

@Suite("The timer-records example, run as a subprocess")
struct TimerRecordsTests {
    @Test("it stores, queries, renders and observes timer records")
    func runs() async throws {
        try await withTemporaryDirectory { directory in
            let store = directory.appending(path: "timers.json")
            let result = try await CommandRunner.run("timer-records", ["--store", store.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(
                result.lines == [
                    "Stored 21 timer records in timers.json.",
                    "  20261117  Deep work  169 min",
                    "NSPredicate: %K == %@ AND %K == %@ AND %K >= %@",
                    "  arguments: \"day_code\", 20261117, \"session.name\", \"Deep work\", \"duration\", 2700.0",
                    "SQL: SELECT * FROM timers WHERE \"day_code\" = ? AND \"session.name\" = ? AND \"duration\" >= ? ORDER BY \"duration\" DESC",
                    "  bindings: integer(20261117), text(\"Deep work\"), real(2700.0)",
                    "Reviews in the writing project: 7",
                    "Live: 0 sessions of 3 h or more, of 21",
                    "Live: 1 sessions of 3 h or more, of 21",
                ])
            #expect(FileManager.default.fileExists(atPath: store.path))
        }
    }

    @Test("a bad argument is a one-line error")
    func badArgument() async throws {
        let result = try await CommandRunner.run("timer-records", ["--colour"])
        #expect(result.status == 1)
        #expect(result.error == "timer-records: usage: timer-records [--store PATH]\n")
    }
}
