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

    /// Reads one run's output.
    mutating func read(_ lines: [String], stop: CrashStop?) {
        var phase = Phase.opening
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

    private mutating func readSave(_ words: [Substring]) {
        guard words.count >= 3 else { return }
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

    /// The figures of a run, one line each.
    func summary(iterations: Int) -> String {
        var lines = ["crash harness: \(iterations) writers killed with SIGKILL"]
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
