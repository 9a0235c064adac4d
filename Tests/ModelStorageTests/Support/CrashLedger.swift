import Testing

/// What a killed writer's output says: the saves it began and acknowledged, over every run,
/// and what it was doing each time it was killed.
struct CrashLedger {
    /// What a writer was doing when it was killed.
    enum Phase: String, CaseIterable, Hashable {
        /// Opening the store: reading, recovering, compacting.
        case opening = "opening"
        /// Appending a commit's line to the journal.
        case journalAppend = "journal append"
        /// Writing a new document and putting it in place.
        case documentRewrite = "document rewrite"
        /// Between saves, or with a save still in memory.
        case betweenSaves = "between saves"
    }

    /// What one save puts and deletes: an insert, a batch, a bulk delete or a transaction.
    struct Save: Hashable {
        var puts: [Int] = []
        var deletes: [Int] = []
    }

    var begunPuts: Set<Int> = []
    var ackedPuts: Set<Int> = []
    var begunDeletes: Set<Int> = []
    var ackedDeletes: Set<Int> = []
    var highestID = 0
    /// Kills by what the writer was doing.
    var kills: [Phase: Int] = [:]
    /// Kills at a chosen call, by the call's name.
    var stops: [String: Int] = [:]
    /// Chosen calls a writer did not reach in time, by name.
    var unreachedStops: [String: Int] = [:]
    /// Kills with a new document written but not yet renamed into place.
    var stopsBeforeRename = 0
    /// The saves the latest run began and did not acknowledge, by their line after `begin`:
    /// each must be applied whole or not at all.
    var inFlight: [String: Save] = [:]

    /// Reads one run's output.
    mutating func read(_ lines: [String], stop: CrashStop?) {
        var phase = Phase.opening
        inFlight = [:]
        for line in lines {
            let words = line.split(separator: " ")
            guard let first = words.first else { continue }
            switch first {
            case "ready":
                phase = .betweenSaves
            case "io" where phase != .opening && words.count >= 3:
                phase = words[2].hasSuffix(".journal") ? .journalAppend : .documentRewrite
            case "stop":
                if let stop {
                    stops[stop.name, default: 0] += 1
                    if stop.isBeforeRename { stopsBeforeRename += 1 }
                }
            case "begin", "ack":
                readSave(words)
                if first == "ack" { phase = .betweenSaves }
            default:
                break
            }
        }
        kills[phase, default: 0] += 1
    }

    /// Reads `begin …` or `ack …`: `put 1 2`, `del 3`, or a transaction, `tx put 4 5 del 1`.
    private mutating func readSave(_ words: [Substring]) {
        guard words.count >= 3 else { return }
        var save = Save()
        var deleting = false
        for word in words.dropFirst() {
            switch word {
            case "put": deleting = false
            case "del": deleting = true
            default:
                guard let id = Int(word) else { continue }
                if deleting { save.deletes.append(id) } else { save.puts.append(id) }
            }
        }
        let key = words.dropFirst().joined(separator: " ")
        if words[0] == "begin" {
            begunPuts.formUnion(save.puts)
            begunDeletes.formUnion(save.deletes)
            highestID = max(highestID, save.puts.max() ?? 0)
            inFlight[key] = save
        } else {
            ackedPuts.formUnion(save.puts)
            ackedDeletes.formUnion(save.deletes)
            inFlight[key] = nil
        }
    }

    /// Checks the ids a store holds after a kill against the acknowledgements, recording an
    /// issue for each acknowledged save lost, acknowledged delete undone, or record never
    /// saved.
    ///
    /// - Returns: How many acknowledged saves were lost, and how many deletes undone.
    @discardableResult
    func check(
        _ present: Set<Int>, iteration: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (lost: Int, undone: Int) {
        let lost = ackedPuts.subtracting(begunDeletes).subtracting(present)
        #expect(
            lost.isEmpty, "iteration \(iteration): acknowledged saves lost: \(lost.sorted())",
            sourceLocation: sourceLocation)
        let undone = present.intersection(ackedDeletes)
        #expect(
            undone.isEmpty,
            "iteration \(iteration): acknowledged deletes undone: \(undone.sorted())",
            sourceLocation: sourceLocation)
        let phantoms = present.subtracting(begunPuts)
        #expect(
            phantoms.isEmpty, "iteration \(iteration): records never saved: \(phantoms)",
            sourceLocation: sourceLocation)
        return (lost.count, undone.count)
    }

    /// The figures of a run, one line each.
    func summary(iterations: Int, seed: UInt64) -> String {
        var lines = ["crash harness: \(iterations) writers killed with SIGKILL (seed \(seed))"]
        for phase in Phase.allCases {
            lines.append("  during \(phase.rawValue): \(kills[phase, default: 0])")
        }
        lines.append("  at a chosen call: \(stops.values.reduce(0, +))")
        for (name, count) in stops.sorted(by: { $0.key < $1.key }) {
            lines.append("    \(name): \(count)")
        }
        if !unreachedStops.isEmpty {
            lines.append("  chosen calls not reached in time: \(unreachedStops)")
        }
        lines.append(
            "  saves acknowledged: \(ackedPuts.count) puts, \(ackedDeletes.count) deletes")
        return lines.joined(separator: "\n")
    }
}
