import ModelStorage
import ModelStorageTesting
import Testing

/// The ModelStore contract, every check against every backend.
@Suite("Conformance")
struct ConformanceTests {
    @Test(arguments: StoreConformance.checks, Backend.allCases)
    func conformance(_ check: StoreConformanceCheck, backend: Backend) async throws {
        try await backend.run(check)
    }

    @Test func everyCheckHasAUniqueName() {
        let names = StoreConformance.checks.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(StoreConformance.check(named: "mergePolicyError")?.name == "mergePolicyError")
    }

    @Test func closeCheckCatchesAStoreThatStaysOpen() async throws {
        let check = try #require(StoreConformance.check(named: "closeEndsTheStore"))
        await #expect(throws: ConformanceFailure.self) {
            try await check.run { FaultyStore(.dropsLastRecord, ignoresClose: true) }
        }
    }

    /// `runAll` runs the checks one after another; each passes on every backend above, so
    /// here it only has to show that it runs them all and names each failure. (Run on the
    /// in-memory store, one check after another, it was the suite's longest test: 187 s of
    /// the 193 s the suite took in CI, 534 s of 567 s under ThreadSanitizer.)
    @Test func runAllRunsEveryCheckAndNamesEachFailure() async {
        struct Unavailable: Error {}
        let failures = await StoreConformance.runAll { throw Unavailable() }
        #expect(failures.map(\.check) == StoreConformance.checks.map(\.name))
        #expect(failures.allSatisfy { $0.message.contains("Unavailable") }, "\(failures)")
    }
}
