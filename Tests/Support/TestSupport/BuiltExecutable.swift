import Foundation
import Testing

/// An executable built with the tests, such as `pokedex` or `StoreCrashWriter`, found beside
/// the test bundle.
///
/// - Parameters:
///   - name: The executable target's name.
///   - sourceLocation: Where to report a missing executable: the caller, by default.
/// - Returns: The executable's file URL.
/// - Throws: An error, recorded as an issue, when no such executable is built beside the tests.
public func builtExecutable(
    named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> URL {
    var directories = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    directories.append(Bundle.main.bundleURL)
    if let executable = Bundle.main.executableURL {
        directories.append(executable.deletingLastPathComponent())
    }
    let candidates = directories.map { $0.appending(path: name) }
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "\(name) is not built beside the tests (looked in \(directories))",
        sourceLocation: sourceLocation)
}
