import Foundation

/// Runs a body with a fresh temporary directory, removed afterwards whatever happens.
///
/// - Parameter body: The work to do, given the directory, which exists and is empty.
/// - Throws: What creating the directory throws, or what `body` throws.
public func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "pokedexkit-test-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}
