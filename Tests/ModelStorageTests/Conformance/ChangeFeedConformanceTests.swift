import ModelStorage
import ModelStorageTesting
import Testing

/// The change feed's contract, every check against every backend that keeps a history.
@Suite("Change feed conformance")
struct ChangeFeedConformanceTests {
    @Test(arguments: ChangeFeedConformance.checks, Backend.allCases.filter(\.keepsChangeHistory))
    func changeFeed(_ check: ChangeFeedCheck, backend: Backend) async throws {
        try await backend.run(check)
    }

    @Test func everyCheckHasAUniqueName() {
        let names = ChangeFeedConformance.checks.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A store that forgets to drop a superseded entry, or gives tombstones from the start,
    /// or splits a commit across pages, fails the check named for it.
    @Test(arguments: ChangeFeedFault.allCases)
    func aCheckCatchesEachFault(_ fault: ChangeFeedFault) async throws {
        let check = try #require(ChangeFeedConformance.checks.first { $0.name == fault.check })
        await #expect(throws: ConformanceFailure.self, "\(fault)") {
            try await check.run { FaultyFeedStore(fault) }
        }
        try await check.run { FaultyFeedStore(nil) }
    }
}
