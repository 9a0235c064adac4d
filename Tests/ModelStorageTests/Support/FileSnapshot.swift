import Foundation
import Testing

/// Every file of a directory with its bytes, the lock file left out (a writer stamps its
/// process id into it).
func filesSnapshot(of directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        guard !name.hasSuffix(".lock") else { continue }
        files[name] = try Data(contentsOf: directory.appending(path: name))
    }
    return files
}

/// Expects a directory's files to be exactly as they were: same names, same bytes.
func expectUnchanged(
    _ directory: URL, since before: [String: Data],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let after = try filesSnapshot(of: directory)
    #expect(
        after.keys.sorted() == before.keys.sorted(), "the directory's files",
        sourceLocation: sourceLocation)
    for (name, bytes) in before {
        #expect(after[name] == bytes, "the bytes of \(name)", sourceLocation: sourceLocation)
    }
}

/// The bytes of a file, or `nil` when it does not exist.
func contents(of url: URL) -> Data? {
    try? Data(contentsOf: url)
}

/// The lines of a text file.
func lines(of url: URL) -> [String] {
    guard let data = contents(of: url) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}
