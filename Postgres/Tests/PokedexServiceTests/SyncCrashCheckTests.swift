import Testing

/// The crash test's invariants catch what they claim to: a lost write, a write undone by an
/// earlier one, a write applied twice; and accept a write superseded by a concurrent one.
@Suite("SyncCrashTests' checks, on made-up histories")
struct SyncCrashCheckTests {
    /// Device 0 marks Bulbasaur at 10 and pushes over 20–30; device 1 pulls over 35–38 and
    /// unmarks it at 40, or at 5 without having pulled.
    static func histories(unmarkAt unmarked: Int64, pulled: Bool) -> [DeviceHistory] {
        var first = DeviceHistory(device: 0, user: "ash")
        first.read(
            ["begin 0 favorite 1 - - 10", "ack 0 - 11", "pushed 20 30"], killedAt: nil)
        var second = DeviceHistory(device: 1, user: "ash")
        second.read(
            (pulled ? ["pulled 35 38"] : [])
                + ["begin 0 unfavorite 1 - - \(unmarked)", "ack 0 - \(unmarked + 1)"],
            killedAt: nil)
        return [first, second]
    }

    @Test("A write the server does not hold, and nothing superseded, is lost")
    func lostWrite() {
        var device = DeviceHistory(device: 0, user: "ash")
        device.read(["begin 0 favorite 1 - - 10", "ack 0 - 11", "pushed 20 30"], killedAt: nil)
        let check = SyncInvariants(histories: [device], favorites: [:], notes: [:])
        #expect(check.lostWrites().count == 1)
        let held = SyncInvariants(histories: [device], favorites: ["ash": [1: 1]], notes: [:])
        #expect(held.lostWrites().isEmpty)
    }

    @Test("A later write that knew the earlier one wins; a concurrent one may win either way")
    func supersededWrites() {
        let knowing = Self.histories(unmarkAt: 40, pulled: true)
        #expect(
            SyncInvariants(histories: knowing, favorites: [:], notes: [:]).lostWrites().isEmpty)
        // The unmark came after the mark was pulled: the mark must not survive it.
        #expect(
            SyncInvariants(histories: knowing, favorites: ["ash": [1: 1]], notes: [:])
                .lostWrites().count == 1)
        let concurrent = Self.histories(unmarkAt: 5, pulled: false)
        for favorites in [[:], ["ash": [1: 1]]] {
            #expect(
                SyncInvariants(histories: concurrent, favorites: favorites, notes: [:])
                    .lostWrites().isEmpty)
        }
    }

    @Test("A write cut by a kill may count as committed, but is never required")
    func writeCutByAKill() {
        var device = DeviceHistory(device: 0, user: "ash")
        device.read(["begin 0 add 6 - d0r0-0 10"], killedAt: 12)
        #expect(device.writes.first?.commit == .maybe)
        for notes in [[:], ["n1": (user: "ash", text: "d0r0-0")]] {
            let check = SyncInvariants(histories: [device], favorites: [:], notes: notes)
            #expect(check.lostWrites().isEmpty)
            #expect(check.duplicates().isEmpty)
        }
    }

    @Test(
        "A note deleted after it was pulled must stay deleted; a text on two notes is a duplicate")
    func resurrectedAndDuplicated() {
        var first = DeviceHistory(device: 0, user: "ash")
        first.read(["begin 0 add 6 - d0r0-0 10", "ack 0 n1 11", "pushed 20 30"], killedAt: nil)
        var second = DeviceHistory(device: 1, user: "ash")
        second.read(["pulled 35 38", "begin 0 delete 6 n1 - 40", "ack 0 n1 41"], killedAt: nil)
        let resurrected = SyncInvariants(
            histories: [first, second], favorites: [:], notes: ["n1": ("ash", "d0r0-0")])
        #expect(resurrected.lostWrites().count == 1)
        let deleted = SyncInvariants(histories: [first, second], favorites: [:], notes: [:])
        #expect(deleted.lostWrites().isEmpty)
        let twice = SyncInvariants(
            histories: [first], favorites: ["ash": [1: 2]],
            notes: ["n1": ("ash", "d0r0-0"), "n2": ("ash", "d0r0-0")])
        #expect(twice.duplicates().count == 3)  // two notes, one not its own, two favorites
    }
}
