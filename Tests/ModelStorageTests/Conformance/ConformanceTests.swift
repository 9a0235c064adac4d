import InternalSupport
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

    /// Each fault outside the queries the differential check compares (`fetch(id:)`,
    /// `fetchVersioned`, writes, merges, write versions, live updates after the first result,
    /// `close()`) fails the check named for it; the same store without the fault passes that
    /// check, so what fails is the fault.
    @Test(arguments: ContractFault.allCases)
    func aCheckCatchesEachContractFault(_ fault: ContractFault) async throws {
        let check = try #require(StoreConformance.check(named: fault.check))
        do {
            try await check.run { FaultyStore(fault) }
            Issue.record("\(fault.check) passed a store that \(fault)")
        } catch let failure as ConformanceFailure {
            #expect(failure.check == fault.check, "\(failure)")
            #expect(!failure.message.isEmpty)
        }
        try await check.run { FaultyStore(nil) }
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

    /// `runAll` names a check whose store answers wrongly, and not one that passes.
    ///
    /// The first two checks take one store each: the first gets a good one, the second one
    /// that already holds a record, and every later store cannot be made.
    @Test func runAllNamesOnlyTheChecksThatFail() async throws {
        struct Unavailable: Error {}
        let names = StoreConformance.checks.map(\.name)
        try #require(names.prefix(2) == ["insertThenFetch", "insertDuplicateThrows"])
        let made = Mutex(0)
        let failures = await StoreConformance.runAll {
            let store = made.withLock { count -> InMemoryStore<ConformanceRecord>? in
                count += 1
                switch count {
                case 1: return InMemoryStore()
                case 2: return InMemoryStore([.sample(7)])
                default: return nil
                }
            }
            guard let store else { throw Unavailable() }
            return store
        }
        #expect(failures.map(\.check) == Array(names.dropFirst()))
        let wrong = try #require(failures.first)
        #expect(wrong.message.contains("count()"), "\(wrong)")
        #expect(!wrong.message.contains("Unavailable"), "\(wrong)")
        #expect(failures.dropFirst().allSatisfy { $0.message.contains("Unavailable") })
    }
}
