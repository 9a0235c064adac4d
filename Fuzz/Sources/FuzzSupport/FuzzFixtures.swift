import Foundation

/// The repository's real PokeAPI fixtures, which the seed corpora are made from.
public enum FuzzFixtures {
    /// `Tests/PokedexKitTests/Fixtures`, found from this file's path (the targets run from a
    /// clone).
    public static let directory = URL(filePath: #filePath)
        .deletingLastPathComponent()  // FuzzSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Fuzz
        .deletingLastPathComponent()  // repository
        .appending(path: "Tests/PokedexKitTests/Fixtures")

    /// The bytes of every JSON file in a fixture folder, by file name, in name order.
    ///
    /// - Parameter folder: The folder, relative to ``directory``, such as `"trimmed"`.
    /// - Returns: The files' bytes, keyed by their names.
    /// - Throws: A file-system error when the folder or a file cannot be read.
    public static func files(in folder: String) throws -> [(name: String, data: Data)] {
        let url = directory.appending(path: folder, directoryHint: .isDirectory)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.map { ($0, try Data(contentsOf: url.appending(path: $0))) }
    }

    /// The bytes of one fixture file.
    ///
    /// - Parameter path: The file, relative to ``directory``, such as `"trimmed/25.json"`.
    /// - Returns: Its bytes.
    /// - Throws: A file-system error when the file cannot be read.
    public static func data(_ path: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: path))
    }
}
