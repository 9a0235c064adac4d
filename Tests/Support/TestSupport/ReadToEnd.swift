import Foundation

/// Everything a pipe delivers until it closes, read on a thread of its own.
///
/// A blocking read on Swift's cooperative threads (two on a two-core machine) would starve
/// the test's other tasks, such as the one that must release a lock a child process waits for.
///
/// - Parameter handle: The reading end of a child process's pipe.
/// - Returns: The bytes read, up to the end of the file.
public func readToEnd(of handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: handle.readDataToEndOfFile())
        }
    }
}
