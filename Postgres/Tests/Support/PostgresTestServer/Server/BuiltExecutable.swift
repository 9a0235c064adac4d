import Foundation

/// An executable built with the tests, such as `PostgresStoreWriter` or `pokedex-service`,
/// found beside the test bundle (as the root package's `TestSupport.builtExecutable`, which
/// this package cannot import: that target is in no product).
///
/// - Parameter name: The executable target's name.
/// - Returns: The executable's file URL.
/// - Throws: ``PostgresTestServerError`` naming the directories looked in when it is not
///   built beside the tests.
package func builtExecutable(named name: String) throws -> URL {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    if let executable = Bundle.main.executableURL {
        directories.append(executable.deletingLastPathComponent())
    }
    let candidates = directories.map { $0.appendingPathComponent(name) }
    guard
        let found = candidates.first(where: {
            FileManager.default.isExecutableFile(atPath: $0.path)
        })
    else {
        throw PostgresTestServerError(
            "\(name) is not built beside the tests (looked in \(directories.map(\.path)))")
    }
    return found
}
