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

    @Test func runAllReportsNoFailureForTheInMemoryStore() async {
        let failures = await StoreConformance.runAll { InMemoryStore<ConformanceRecord>() }
        #expect(failures.isEmpty, "\(failures)")
    }
}
