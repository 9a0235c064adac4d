import Foundation
import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// A writer killed with SIGKILL at random moments, many times over, never costs a save it
/// acknowledged.
@Suite("Crash safety", .serialized)
struct CrashTests {
    /// Iterations of the kill loop; `STORE_CRASH_ITERATIONS` raises it for a long run.
    static let iterations =
        ProcessInfo.processInfo.environment["STORE_CRASH_ITERATIONS"].flatMap(Int.init) ?? 60

    /// What the writer's output says about its saves, over every run.
    struct Ledger {
        var begunPuts: Set<Int> = []
        var ackedPuts: Set<Int> = []
        var begunDeletes: Set<Int> = []
        var ackedDeletes: Set<Int> = []
        var highestID = 0

        mutating func read(_ lines: [String]) {
            for line in lines {
                let words = line.split(separator: " ")
                guard words.count >= 3 else { continue }
                let ids = words.dropFirst(2).compactMap { Int($0) }
                switch (words[0], words[1]) {
                case ("begin", "put"):
                    begunPuts.formUnion(ids)
                    highestID = max(highestID, ids.max() ?? 0)
                case ("ack", "put"): ackedPuts.formUnion(ids)
                case ("begin", "del"): begunDeletes.formUnion(ids)
                case ("ack", "del"): ackedDeletes.formUnion(ids)
                default: break
                }
            }
        }
    }

    @Test func aKilledWriterNeverLosesAnAcknowledgedSave() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "store.json")
            var ledger = Ledger()
            var generator = SystemRandomNumberGenerator()
            for iteration in 0..<Self.iterations {
                let child = try ChildProcess(
                    [
                        "write", url.path, "\(ledger.highestID + 1)",
                        "\([512, 2_048, 8_192][iteration % 3])",
                    ])
                if iteration % 5 == 4 {
                    // Now and then, kill it while it opens (and recovers, and compacts).
                    try await Task.sleep(
                        for: .milliseconds(Int.random(in: 0...8, using: &generator)))
                } else {
                    try await child.waitForLine(startingWith: "ready")
                    try await Task.sleep(
                        for: .microseconds(Int.random(in: 0...25_000, using: &generator)))
                }
                child.kill()
                try await child.waitForExit()
                ledger.read(child.lines)
                try await verify(url, ledger, iteration: iteration)
            }
            #expect(ledger.ackedPuts.count > Self.iterations, "the writer got to save")
        }
    }

    /// Opens what the killed writer left and checks it against the acknowledgements.
    func verify(_ url: URL, _ ledger: Ledger, iteration: Int) async throws {
        let store = try await JSONFileStore<Record>.open(at: url, options: .readOnly)
        let records = try await store.fetch(.all)
        let present = Set(records.map(\.id))
        let mustBePresent = ledger.ackedPuts.subtracting(ledger.begunDeletes)
        let lost = mustBePresent.subtracting(present)
        #expect(lost.isEmpty, "iteration \(iteration): acknowledged saves lost: \(lost.sorted())")
        let resurrected = present.intersection(ledger.ackedDeletes)
        #expect(
            resurrected.isEmpty,
            "iteration \(iteration): acknowledged deletes undone: \(resurrected.sorted())")
        let phantoms = present.subtracting(ledger.begunPuts)
        #expect(phantoms.isEmpty, "iteration \(iteration): records never saved: \(phantoms)")
        for record in records where record != expectedRecord(record.id) {
            Issue.record("iteration \(iteration): record \(record.id) is \(record)")
        }
    }

    func expectedRecord(_ id: Int) -> Record {
        Record(id: id, name: "r\(id)", attack: id % 1_000, favorite: id % 2 == 0)
    }
}
