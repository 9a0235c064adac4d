import Foundation
import JSONFileStorage
import PokedexKit

/// 4. `JSONFileStore` against what a user writes instead: `JSONDecoder` and `JSONEncoder` over
/// one file of the records array, written durably (``DurableFile``).
///
/// Every file lives in a fresh temporary directory, removed at the end. Rows go size by size
/// within each kind, so that growth reads down the table.
enum FileStoreBenchmarks {
    static let group = "4. JSONFileStore"

    /// The store size of the single-save target and of the concurrent saves.
    static let referenceSize = 10_000
    /// The number of concurrent single-record saves.
    static let concurrentSaves = 1_000

    /// The measured runs for a size: more for the small sizes, whose runs take milliseconds
    /// and whose medians a busy machine moves the most.
    static func repetitions(for files: Prepared, _ bench: Bench) -> Int? {
        !bench.quick && files.records.count <= referenceSize ? 3 * bench.repetitions : nil
    }

    static func run(_ bench: Bench) async throws -> [Result] {
        let sizes = bench.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
        let all = try Fixtures.records(sizes.max() ?? 0)
        return try await Fixtures.withTemporaryDirectory { directory in
            var prepared: [Prepared] = []
            for size in sizes {
                prepared.append(try await Prepared(Array(all.prefix(size)), in: directory))
            }
            var results: [Result] = []
            for files in prepared { results.append(try await open(files, bench)) }
            for files in prepared {
                results.append(try await batchSave(files, in: directory, bench))
            }
            for files in prepared {
                results.append(try await singleSave(files, in: directory, bench))
            }
            if let files = prepared.first(where: { $0.records.count == referenceSize }) {
                results.append(try await concurrentSaves(files, in: directory, bench))
            }
            return results
        }
    }

    // MARK: The files

    /// One size's records, saved once by the store and once by hand, to open and to copy.
    struct Prepared {
        let records: [Pokemon]
        /// A store document holding every record, with no journal.
        let document: URL
        /// The records array as `JSONEncoder` writes it.
        let array: URL
        let documentBytes: Int
        let arrayBytes: Int

        init(_ records: [Pokemon], in directory: URL) async throws {
            self.records = records
            let folder = directory.appending(path: "prepared-\(records.count)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            document = folder.appending(path: "store.json")
            array = folder.appending(path: "records.json")
            let store = try await JSONFileStore<Pokemon>.open(at: document)
            try await store.upsert(contentsOf: records)
            try await store.close()
            try DurableFile.write(try JSONEncoder().encode(records), to: array)
            documentBytes = try Data(contentsOf: document).count
            arrayBytes = try Data(contentsOf: array).count
        }

        var size: String {
            "\(records.count.formatted()) records"
        }

        /// The records with some changed, as the saves below change them.
        func changing(_ ids: some Sequence<Int>) -> [Pokemon] {
            var records = records
            for id in ids { records[id - 1].favorite.toggle() }
            return records
        }
    }

    /// A copy of a prepared store in a fresh folder, open for writing.
    private static func freshStore(from files: Prepared, in directory: URL) async throws -> (
        JSONFileStore<Pokemon>, URL
    ) {
        let folder = try freshFolder(in: directory)
        let url = folder.appending(path: "store.json")
        try FileManager.default.copyItem(at: files.document, to: url)
        return (try await JSONFileStore<Pokemon>.open(at: url), folder)
    }

    private static func freshFolder(in directory: URL) throws -> URL {
        let folder = directory.appending(path: UUID().uuidString, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The commits in a store's journal: its lines but the header.
    private static func journalCommits(of store: JSONFileStore<Pokemon>) -> Int {
        let journal = store.url.appendingPathExtension("journal")
        guard let data = try? Data(contentsOf: journal) else { return 0 }
        return max(0, data.count(where: { $0 == UInt8(ascii: "\n") }) - 1)
    }

    private static func kilobytes(_ bytes: Int) -> String {
        bytes >= 10 << 20
            ? "\((bytes >> 20).formatted()) MB" : "\((bytes >> 10).formatted()) KB"
    }

    // MARK: The benchmarks

    /// Opening a store vs decoding the same records from a file with `JSONDecoder`.
    private static func open(_ files: Prepared, _ bench: Bench) async throws -> Result {
        let opened = try await JSONFileStore<Pokemon>.open(at: files.document)
        let stored = try await opened.fetch(.everyRecord)
        try await opened.close()
        let decoded = try JSONDecoder().decode(
            [Pokemon].self, from: try Data(contentsOf: files.array))
        guard stored == files.records, decoded == files.records else {
            throw BenchmarkError.disagreement("the records opened, \(files.size)")
        }
        return try await bench.compareMeasured(
            group: group, name: "open, \(files.size)", target: .atMost(1.3),
            candidate: (
                "JSONFileStore.open",
                {
                    var store: JSONFileStore<Pokemon>?
                    let seconds = try await Bench.time {
                        store = try await JSONFileStore<Pokemon>.open(at: files.document)
                    }
                    try await store?.close()
                    return seconds
                }
            ),
            baseline: (
                "Data(contentsOf:) + JSONDecoder [Pokemon]",
                {
                    try await Bench.time {
                        blackHole(
                            try JSONDecoder().decode(
                                [Pokemon].self, from: try Data(contentsOf: files.array)))
                    }
                }
            ),
            note: "\(kilobytes(files.documentBytes)) store document vs "
                + "\(kilobytes(files.arrayBytes)) array; both files in the page cache; "
                + "opening also takes the store's lock",
            repetitions: repetitions(for: files, bench))
    }

    /// Saving every record into an empty store vs encoding them and writing the file durably.
    private static func batchSave(_ files: Prepared, in directory: URL, _ bench: Bench)
        async throws -> Result
    {
        // Check: the saved store reopens with the records; note how the save was written.
        let checkFolder = try freshFolder(in: directory)
        let check = try await JSONFileStore<Pokemon>.open(
            at: checkFolder.appending(path: "store.json"))
        try await check.upsert(contentsOf: files.records)
        let asJournal = journalCommits(of: check) == 1
        try await check.close()
        let reopened = try await JSONFileStore<Pokemon>.open(
            at: check.url, options: .readOnly)
        guard try await reopened.fetch(.everyRecord) == files.records else {
            throw BenchmarkError.disagreement("the records saved, \(files.size)")
        }
        try FileManager.default.removeItem(at: checkFolder)

        let records = files.records
        return try await bench.compareMeasured(
            group: group, name: "batch save, \(files.size)", target: .atMost(1.3),
            candidate: (
                "upsert(contentsOf:) into an empty store",
                {
                    let folder = try freshFolder(in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let store = try await JSONFileStore<Pokemon>.open(
                        at: folder.appending(path: "store.json"))
                    let seconds = try await Bench.time {
                        try await store.upsert(contentsOf: records)
                    }
                    try await store.close()
                    return seconds
                }
            ),
            baseline: (
                "JSONEncoder + durable write",
                {
                    let folder = try freshFolder(in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    return try await Bench.time {
                        try DurableFile.write(
                            try JSONEncoder().encode(records),
                            to: folder.appending(path: "records.json"))
                    }
                }
            ),
            note: asJournal
                ? "the store writes the batch as one journal line (fsync + directory fsync); "
                    + "folding it into the document at close is not timed"
                : "the batch outgrows the journal: the store writes a new document "
                    + "(temporary file, fsync, rename, directory fsync), as the baseline does",
            repetitions: repetitions(for: files, bench))
    }

    /// Saving one changed record in an open store vs saving the whole array again.
    private static func singleSave(_ files: Prepared, in directory: URL, _ bench: Bench)
        async throws -> Result
    {
        let count = files.records.count
        // Distinct ids spread over the store (7919 is prime, so prime to every size here).
        let ids = (0..<64).map { $0 * 7919 % count + 1 }
        let (store, folder) = try await freshStore(from: files, in: directory)
        defer { try? FileManager.default.removeItem(at: folder) }
        var storeSaves = 0
        var arraySaves = 0
        var array = files.records
        let arrayURL = folder.appending(path: "records.json")
        let result = try await bench.compare(
            group: group, name: "single save, \(files.size)",
            target: count == referenceSize ? .percent(5) : .report,
            candidate: (
                "upsert(_:) of 1 changed record",
                {
                    var record = files.records[ids[storeSaves] - 1]
                    record.favorite.toggle()
                    storeSaves += 1
                    try await store.upsert(record)
                }
            ),
            baseline: (
                "saving the whole array (JSONEncoder + durable write)",
                {
                    array[ids[arraySaves] - 1].favorite.toggle()
                    arraySaves += 1
                    try DurableFile.write(try JSONEncoder().encode(array), to: arrayURL)
                }
            ),
            note: "one journal line (~400 bytes) and one fsync per save; the journal is folded "
                + "into the document once it outgrows max(1 MiB, half the document)",
            repetitions: repetitions(for: files, bench))
        // Check: both made the same changes.
        let expected = files.changing(ids.prefix(storeSaves))
        let saved = try await store.fetch(.everyRecord)
        try await store.close()
        let written = try JSONDecoder().decode([Pokemon].self, from: try Data(contentsOf: arrayURL))
        guard storeSaves == arraySaves, saved == expected, written == expected else {
            throw BenchmarkError.disagreement("the single saves, \(files.size)")
        }
        return result
    }

    /// 1,000 single-record saves from concurrent tasks vs one batch save of the same records.
    private static func concurrentSaves(_ files: Prepared, in directory: URL, _ bench: Bench)
        async throws -> Result
    {
        let count = files.records.count
        let ids = (0..<concurrentSaves).map { $0 * 7919 % count + 1 }
        let expected = files.changing(ids)
        let changed = ids.map { expected[$0 - 1] }

        func saveConcurrently(_ store: JSONFileStore<Pokemon>) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for record in changed {
                    group.addTask { try await store.upsert(record) }
                }
                try await group.waitForAll()
            }
        }

        // Check: both end with the same records; count the commits (journal lines).
        var commits: [Int] = []
        for concurrently in [true, false] {
            let (store, folder) = try await freshStore(from: files, in: directory)
            defer { try? FileManager.default.removeItem(at: folder) }
            if concurrently {
                try await saveConcurrently(store)
                commits.append(journalCommits(of: store))
            } else {
                try await store.upsert(contentsOf: changed)
            }
            let saved = try await store.fetch(.everyRecord)
            try await store.close()
            guard saved == expected else {
                throw BenchmarkError.disagreement("the concurrent saves")
            }
        }

        var result = try await bench.compareMeasured(
            group: group,
            name: "\(concurrentSaves.formatted()) concurrent saves, \(files.size)",
            target: .atMost(3),
            candidate: (
                "\(concurrentSaves.formatted()) tasks × upsert(_:)",
                {
                    let (store, folder) = try await freshStore(from: files, in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let seconds = try await Bench.time { try await saveConcurrently(store) }
                    commits.append(journalCommits(of: store))
                    try await store.close()
                    return seconds
                }
            ),
            baseline: (
                "one upsert(contentsOf:) of the same records",
                {
                    let (store, folder) = try await freshStore(from: files, in: directory)
                    defer { try? FileManager.default.removeItem(at: folder) }
                    let seconds = try await Bench.time {
                        try await store.upsert(contentsOf: changed)
                    }
                    try await store.close()
                    return seconds
                }
            ), repetitions: repetitions(for: files, bench))
        result.note =
            "\(commits.min() ?? 0)–\(commits.max() ?? 0) commits per run, a journal line each; "
            + "the lines of saves made together share one append and one fsync; the batch is one"
        return result
    }
}
