// A device for the sync crash tests (PokedexServiceTests/SyncCrashTests.swift): a Pokédex
// over a SQLite file of its own, kept in step with pokedex-service, killed and started again
// by the test as it likes.
//
//   SyncReplicaWorker write <sqlite path> <service URL> <name> <seed> <steps>
//   SyncReplicaWorker settle <sqlite path> <service URL>
//
// The bearer token is read from SYNC_WORKER_TOKEN. `write` makes random favorite and note
// writes through the Pokédex API (which records each one in the replica's outbox) and syncs
// now and then; `settle` only syncs, until a sync moves nothing, then prints the local
// records. Every line is written at once (unbuffered), so that a line the test reads is one
// the worker wrote before it was killed:
//
//   begin <seq> <kind> <pokemon> <note id or -> <text or -> <µs>   before a write
//   ack <seq> <note id or -> <µs>                                   the write committed
//   fail <seq> <reason>                                             nothing was written
//   pushing <µs> / pushed <start µs> <end µs>                       a push and its end
//   pulling <µs> / pulled <start µs> <end µs>                       a pull and its end
//   syncfail <what>                                                 a sync failed
//   done                                                            every step made
//   settled <pushed> <pulled>                                       a settling sync
//   have favorite <id> <pokemon> / have note <id> <pokemon> <text>  the local records
//
// Kinds: `favorite` and `unfavorite` (of a Pokémon), `add`, `update` and `delete` (a note).
// Texts are `<name>-<seq>`, unique across the test. Exit 0 when done, 1 on an error the
// worker cannot go on after, 2 on a usage error.

import Foundation
import ModelStorage
import ModelSync
import PokedexKit
import PokedexOfflineData
import SQLiteStorage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes a line to standard output at once, unbuffered.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Microseconds since 1970, the time stamp of every line.
func now() -> Int64 {
    Int64(Date().timeIntervalSince1970 * 1_000_000)
}

/// A small seeded generator (SplitMix64), so that a seed replays a worker's choices.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The Pokémon favorites are set on, and those notes are written about.
let favoritePokemon = [1, 4, 7]
let notePokemon = [6, 25]

/// Opens the device's Pokédex, with the bundled Pokémon the writes refer to.
func openPokedex(at path: String) async throws -> (Pokedex, SQLiteModelDatabase) {
    let database = try await SQLiteModelDatabase.open(
        at: URL(fileURLWithPath: path), for: PokedexModels.all)
    let store = try database.store(for: Pokemon.self)
    if try await store.count(where: .true) == 0 {
        try await store.upsert(
            contentsOf: try (favoritePokemon + notePokemon).map {
                Pokemon(try BundledPokeAPI.pokemon(id: $0))
            })
    }
    let pokedex = Pokedex(
        store: store, database: database,
        client: PokeAPIClient(transport: BundledPokeAPITransport()))
    return (pokedex, database)
}

/// Pushes then pulls, saying when each starts and ends; returns what moved, or `nil` when
/// the sync failed.
func sync(_ replica: Replica) async -> (pushed: Int, pulled: Int)? {
    do {
        let pushStart = now()
        say("pushing \(pushStart)")
        let pushed = try await replica.push()
        say("pushed \(pushStart) \(now())")
        let pullStart = now()
        say("pulling \(pullStart)")
        let pulled = try await replica.pull()
        say("pulled \(pullStart) \(now())")
        return (pushed.count, pulled)
    } catch {
        say("syncfail \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        return nil
    }
}

/// Makes one random write, saying what it is before and whether it committed after.
func write(
    _ seq: Int, name: String, pokedex: Pokedex, random: inout SplitMix64
) async throws {
    let text = "\(name)-\(seq)"
    switch random.next() % 8 {
    case 0, 1, 2:
        let pokemon = favoritePokemon[Int(random.next() % UInt64(favoritePokemon.count))]
        let isFavorite = random.next() % 2 == 0
        say("begin \(seq) \(isFavorite ? "favorite" : "unfavorite") \(pokemon) - - \(now())")
        try await pokedex.setFavorite(isFavorite, pokemonID: pokemon)
        say("ack \(seq) - \(now())")
    case 3, 4:
        let pokemon = notePokemon[Int(random.next() % UInt64(notePokemon.count))]
        say("begin \(seq) add \(pokemon) - \(text) \(now())")
        let note = try await pokedex.addNote(text, pokemonID: pokemon)
        say("ack \(seq) \(note.id) \(now())")
    default:
        let pokemon = notePokemon[Int(random.next() % UInt64(notePokemon.count))]
        let notes = try await pokedex.notes(pokemonID: pokemon)
        guard !notes.isEmpty else {
            say("fail \(seq) no-note")
            return
        }
        let note = notes[Int(random.next() % UInt64(notes.count))]
        if random.next() % 3 == 0 {
            say("begin \(seq) delete \(pokemon) \(note.id) - \(now())")
            let deleted = try await pokedex.deleteNote(id: note.id)
            say(deleted ? "ack \(seq) \(note.id) \(now())" : "fail \(seq) gone")
        } else {
            say("begin \(seq) update \(pokemon) \(note.id) \(text) \(now())")
            do {
                try await pokedex.updateNote(id: note.id, text: text)
                say("ack \(seq) \(note.id) \(now())")
            } catch let error as StoreError where error.code == .notFound {
                say("fail \(seq) gone")
            }
        }
    }
}

/// Writes at random and syncs now and then, for a number of steps.
func writeAtRandom(
    pokedex: Pokedex, replica: Replica, name: String, seed: UInt64, steps: Int
) async throws {
    var random = SplitMix64(seed: seed)
    for seq in 0..<steps {
        if random.next() % 4 == 0 {
            _ = await sync(replica)
        } else {
            try await write(seq, name: name, pokedex: pokedex, random: &random)
        }
        try await Task.sleep(for: .milliseconds(Int(random.next() % 40)))
    }
    say("done")
}

/// Syncs until a sync moves nothing, then prints the local records.
func settle(pokedex: Pokedex, replica: Replica) async throws {
    var quiet = false
    for _ in 0..<20 where !quiet {
        guard let moved = await sync(replica) else {
            try await Task.sleep(for: .milliseconds(500))
            continue
        }
        say("settled \(moved.pushed) \(moved.pulled)")
        quiet = moved.pushed == 0 && moved.pulled == 0
    }
    guard quiet else {
        FileHandle.standardError.write(Data("the replica did not settle in 20 syncs\n".utf8))
        exit(1)
    }
    for favorite in try await pokedex.favorites() {
        say("have favorite \(favorite.id) \(favorite.pokemonID)")
    }
    for pokemon in notePokemon {
        for note in try await pokedex.notes(pokemonID: pokemon) {
            say("have note \(note.id) \(note.pokemonID) \(note.text)")
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    usage: SyncReplicaWorker write <sqlite path> <service URL> <name> <seed> <steps>
           SyncReplicaWorker settle <sqlite path> <service URL>
    (the bearer token in SYNC_WORKER_TOKEN)

    """
guard arguments.count >= 3, let serviceURL = URL(string: arguments[2]),
    let token = ProcessInfo.processInfo.environment["SYNC_WORKER_TOKEN"]
else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
do {
    let (pokedex, database) = try await openPokedex(at: arguments[1])
    // Few, quick attempts: the test kills services under the worker, and a write must not
    // wait long for a sync that cannot succeed.
    let transport = HTTPSyncTransport(
        baseURL: serviceURL, token: token,
        retry: HTTPSyncTransport.Retry(
            maximumAttempts: 2, initialDelay: .milliseconds(100), maximumDelay: .seconds(1)),
        timeout: .seconds(20))
    let replica = try pokedex.replica(transport: transport)
    switch arguments[0] {
    case "write" where arguments.count == 6:
        guard let seed = UInt64(arguments[4]), let steps = Int(arguments[5]) else {
            FileHandle.standardError.write(Data(usage.utf8))
            exit(2)
        }
        try await writeAtRandom(
            pokedex: pokedex, replica: replica, name: arguments[3], seed: seed, steps: steps)
    case "settle" where arguments.count == 3:
        try await settle(pokedex: pokedex, replica: replica)
    default:
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
    try await database.close()
} catch {
    FileHandle.standardError.write(Data("SyncReplicaWorker: \(error)\n".utf8))
    exit(1)
}
