import FileSystemSupport
import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock that lets one process at a time write a store: `flock` on a lock file
/// beside the document, holding the writer's process id.
///
/// The kernel releases the lock when its holder closes the file or dies, so a writer killed
/// mid-save never leaves a stale lock. The lock file itself stays; only the lock matters.
enum FileLock {
    /// Takes the lock, waiting up to `timeout` for the holder to let go.
    ///
    /// - Returns: The lock file's descriptor; closing it releases the lock.
    /// - Throws: `StoreError/locked(at:pid:message:)` naming the holder when the wait runs out;
    ///   `StoreError/io(at:operation:code:message:)` when the lock file cannot be opened.
    static func acquire(
        _ path: String, documentPath: String, timeout: Duration, fileSystem: FileSystem
    ) async throws(StoreError) -> Int32 {
        let descriptor = try fileSystem.open(path, O_RDWR | O_CREAT, operation: "create lock file")
        let deadline = ContinuousClock.now + timeout
        var pause = Duration.milliseconds(2)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { break }
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else {
                fileSystem.close(descriptor)
                throw FileSystem.error(code, "lock", path)
            }
            let now = ContinuousClock.now
            guard now < deadline else {
                let holder = holderPID(descriptor)
                fileSystem.close(descriptor)
                throw .locked(at: .file(documentPath), pid: holder)
            }
            do {
                try await Task.sleep(for: min(pause, deadline - now))
            } catch {
                let holder = holderPID(descriptor)
                fileSystem.close(descriptor)
                throw .locked(at: .file(documentPath), pid: holder)
            }
            pause = min(pause * 2, .milliseconds(50))
        }
        // Record the holder for the error other processes report; it is informational, so it
        // is neither synced nor required to succeed.
        let stamp = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = stamp.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return descriptor
    }

    /// The process id a lock file names, if it names one.
    private static func holderPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
