import Foundation

/// Runs a body with a fresh temporary directory, removed afterwards whatever happens.
func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "ModelStorageTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

/// The bytes of a file, or `nil` when it does not exist.
func contents(of url: URL) -> Data? {
    try? Data(contentsOf: url)
}

/// A counter safe to bump from any task.
///
/// `@unchecked Sendable`: `value` is read and written only while `lock` is held.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next number, from 1.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
