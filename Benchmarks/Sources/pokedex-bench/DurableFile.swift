import Foundation
import JSONFileStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The baseline's file writing: what a careful user writes to save a JSON file durably.
///
/// Write the bytes to a temporary file beside the target, flush it to the disk, rename it
/// over the target, and flush the directory so that the rename itself lasts. That is the
/// durability `JSONFileStore` gives a save, and it flushes the same way: `F_FULLFSYNC` on
/// Apple platforms, `fsync` elsewhere. (On Linux, `Data.write(options: .atomic)` does the
/// same but for the directory's flush, so a crash can still undo the rename.)
enum DurableFile {
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32

        var description: String { "\(operation) \(path): errno \(code)" }
    }

    /// Writes `data` to `url` atomically and durably.
    static func write(_ data: Data, to url: URL) throws {
        let path = url.path(percentEncoded: false)
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(operation: "open", path: temporary, code: errno)
        }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = systemWrite(
                        descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                    if count >= 0 {
                        written += count
                    } else if errno != EINTR {
                        throw Failure(operation: "write", path: temporary, code: errno)
                    }
                }
            }
            try sync(descriptor, path: temporary)
        }
        guard rename(temporary, path) == 0 else {
            throw Failure(operation: "rename", path: path, code: errno)
        }
        let directory = url.deletingLastPathComponent().path(percentEncoded: false)
        let directoryDescriptor = open(directory, O_RDONLY)
        guard directoryDescriptor >= 0 else {
            throw Failure(operation: "open", path: directory, code: errno)
        }
        defer { close(directoryDescriptor) }
        try sync(directoryDescriptor, path: directory)
    }

    private static func sync(_ descriptor: Int32, path: String) throws {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else {
            throw Failure(operation: "fsync", path: path, code: errno)
        }
    }

    private static func systemWrite(
        _ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int
    ) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, buffer, count)
        #else
            Glibc.write(descriptor, buffer, count)
        #endif
    }
}
