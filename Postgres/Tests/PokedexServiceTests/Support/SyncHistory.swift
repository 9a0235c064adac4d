import Foundation

/// A write a worker began, parsed from its `begin` line and the `ack` that followed.
struct WorkerWrite: Sendable, CustomStringConvertible {
    /// What a write does.
    enum Kind: String, Sendable {
        case favorite, unfavorite, add, update, delete
    }

    /// Whether the write committed.
    enum Commit: Sendable {
        /// The worker acknowledged it (`ack`).
        case acknowledged
        /// The worker was killed between `begin` and `ack`: it may have committed.
        case maybe
    }

    let device: Int
    let user: String
    let seq: Int
    let kind: Kind
    let pokemon: Int
    /// The note's id: the one written, or the one made (from the `ack` of an `add`).
    var noteID: String?
    /// The note's new text, unique in the test.
    let text: String?
    let begun: Int64
    /// When it was acknowledged, or the worker killed for a ``Commit/maybe``.
    var ended: Int64
    var commit: Commit

    /// The record it writes: the user's favorite state of a Pokémon, or a note's id.
    var key: String? {
        switch kind {
        case .favorite, .unfavorite: "favorite \(user) \(pokemon)"
        case .add, .update, .delete: noteID.map { "note \($0)" }
        }
    }

    /// The value it leaves the record with: `true`/`false` for a favorite state, the text or
    /// `nil` (deleted) for a note.
    var value: String? {
        switch kind {
        case .favorite: "true"
        case .unfavorite: "false"
        case .add, .update: text
        case .delete: nil
        }
    }

    var description: String {
        "d\(device) #\(seq) \(kind) \(pokemon) \(noteID ?? "-") \(text ?? "-") \(commit)"
    }
}

/// A sync phase a worker finished: a push or a pull, from its start to its end.
struct SyncPhase: Sendable {
    let start: Int64
    let end: Int64
}

/// What a device did across its runs: the writes that may have committed, and the pushes and
/// pulls that succeeded.
struct DeviceHistory: Sendable {
    let device: Int
    let user: String
    var writes: [WorkerWrite] = []
    var pushes: [SyncPhase] = []
    var pulls: [SyncPhase] = []

    /// Reads one run's lines; `killedAt` is when the test killed it, if it did.
    mutating func read(_ lines: [String], killedAt: Int64?) {
        var open: WorkerWrite?
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "begin" where words.count == 7:
                guard let seq = Int(words[1]), let kind = WorkerWrite.Kind(rawValue: words[2]),
                    let pokemon = Int(words[3]), let begun = Int64(words[6])
                else { continue }
                open = WorkerWrite(
                    device: device, user: user, seq: seq, kind: kind, pokemon: pokemon,
                    noteID: words[4] == "-" ? nil : words[4],
                    text: words[5] == "-" ? nil : words[5],
                    begun: begun, ended: begun, commit: .acknowledged)
            case "ack" where words.count == 4:
                guard var write = open, let ended = Int64(words[3]) else { continue }
                if words[2] != "-" { write.noteID = words[2] }
                write.ended = ended
                writes.append(write)
                open = nil
            case "fail":
                open = nil
            case "pushed" where words.count == 3, "pulled" where words.count == 3:
                guard let start = Int64(words[1]), let end = Int64(words[2]) else { continue }
                let phase = SyncPhase(start: start, end: end)
                if words[0] == "pushed" { pushes.append(phase) } else { pulls.append(phase) }
            default:
                continue
            }
        }
        if var write = open, let killedAt {
            write.commit = .maybe
            write.ended = killedAt
            writes.append(write)
        }
    }

    /// When the server surely held a write of this device (or a later write of the same
    /// record from here): the end of the first push that started after it; `nil` if none did.
    func confirmed(_ write: WorkerWrite) -> Int64? {
        pushes.filter { $0.start > write.ended }.map(\.end).min()
    }

    /// Whether this device had pulled what the server held at `moment` before `time`: a pull
    /// started after `moment` and ended before `time`.
    func hadPulled(since moment: Int64, before time: Int64) -> Bool {
        pulls.contains { $0.start > moment && $0.end < time }
    }
}

/// The server's records of the users, and the checks of the test's invariants against the
/// devices' histories.
struct SyncInvariants {
    let histories: [DeviceHistory]
    /// The server's favorites: user → Pokémon → how many records.
    let favorites: [String: [Int: Int]]
    /// The server's notes: id → (user, text).
    let notes: [String: (user: String, text: String)]

    /// Every write that may have committed, with the note id of a `maybe` add found from its
    /// text on the server.
    var writes: [WorkerWrite] {
        let byText = Dictionary(
            notes.map { ($0.value.text, $0.key) }, uniquingKeysWith: { first, _ in first })
        return histories.flatMap(\.writes).map { write in
            var write = write
            if write.noteID == nil, let text = write.text { write.noteID = byText[text] }
            return write
        }
    }

    /// The value the server holds for a record key (see ``WorkerWrite/key``).
    func serverValue(_ key: String) -> String? {
        let words = key.split(separator: " ").map(String.init)
        if words[0] == "favorite", let pokemon = Int(words[2]) {
            return (favorites[words[1]]?[pokemon] ?? 0) > 0 ? "true" : "false"
        }
        return notes[words[1]]?.text
    }

    /// Whether `earlier` surely reached the server before `later` was written, so that
    /// `later` was applied after it with `earlier` known: on one device, the order of the
    /// writes; across devices, a pull on `later`'s device that started after `earlier` was
    /// confirmed and ended before `later` began.
    func happenedBefore(_ earlier: WorkerWrite, _ later: WorkerWrite) -> Bool {
        if earlier.device == later.device { return earlier.begun < later.begun }
        guard let confirmed = histories[earlier.device].confirmed(earlier) else { return false }
        return histories[later.device].hadPulled(since: confirmed, before: later.begun)
    }

    /// (b) Every acknowledged write is on the server or superseded.
    ///
    /// Its record holds its value, or the value of another write that may have committed
    /// and did not happen before it (``happenedBefore(_:_:)``). And a record holds no value
    /// that no write gave it.
    func lostWrites() -> [String] {
        var problems: [String] = []
        let byKey = Dictionary(grouping: writes.filter { $0.key != nil }) { $0.key ?? "" }
        for (key, writes) in byKey {
            let final = serverValue(key)
            let defaultValue: String? = key.hasPrefix("favorite") ? "false" : nil
            if final != defaultValue, !writes.contains(where: { $0.value == final }) {
                problems.append("\(key) holds \(final ?? "nothing"), which no write gave it")
            }
            for write in writes where write.commit == .acknowledged && write.value != final {
                let superseded = writes.contains { other in
                    other.begun != write.begun && other.value == final
                        && !happenedBefore(other, write)
                }
                if !superseded {
                    problems.append(
                        "\(key) holds \(final ?? "nothing"): lost \(write); writes: \(writes.sorted { $0.begun < $1.begun })"
                    )
                }
            }
        }
        return problems
    }

    /// How many acknowledged writes the server holds as written, and how many others
    /// superseded.
    func tally() -> (held: Int, superseded: Int) {
        let acknowledged = writes.filter { $0.commit == .acknowledged && $0.key != nil }
        let held = acknowledged.count { serverValue($0.key ?? "") == $0.value }
        return (held, acknowledged.count - held)
    }

    /// (c) No write applied twice: no text on two notes, every note's text is one written to
    /// that note, and no Pokémon has more favorites of a user than devices that marked it.
    func duplicates() -> [String] {
        var problems: [String] = []
        let writes = writes
        let texts = Dictionary(grouping: notes) { $0.value.text }
        for (text, copies) in texts where copies.count > 1 {
            problems.append("the text \(text) is on \(copies.count) notes: \(copies.map(\.key))")
        }
        let writers = Dictionary(
            writes.compactMap { write in write.text.map { ($0, write) } },
            uniquingKeysWith: { first, _ in first })
        for (id, note) in notes where writers[note.text]?.noteID != id {
            problems.append("note \(id) holds \(note.text), written to another note")
        }
        for (user, counts) in favorites {
            for (pokemon, count) in counts {
                let devices = Set(
                    writes.filter {
                        $0.kind == .favorite && $0.user == user && $0.pokemon == pokemon
                    }
                    .map(\.device))
                if count > devices.count {
                    problems.append(
                        "\(user) has \(count) favorites of \(pokemon), from \(devices.count) devices"
                    )
                }
            }
        }
        return problems
    }
}
