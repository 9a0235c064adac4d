import Foundation
import ModelStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-system calls a file store makes, each failing with a typed
/// ``StoreError/io(at:operation:code:message:)`` that names the file, the operation and the
/// system's error.
///
/// Every call goes through ``faults`` first, the seam through which tests make a chosen call
/// fail as a full disk or a read-only directory would.
///
/// It is `package` so that SQLiteStorage makes a database's missing directories as the file
/// store makes its own (``makeDirectories(_:)``).
package struct FileSystem: Sendable {
    /// The calls a fault can target.
    package enum Call: String, Sendable {
        case open, read, write, sync, rename, link, truncate, remove, lock, makeDirectory
    }

    /// Decides, for a call on a path, whether it fails and with which `errno`.
    ///
    /// A failing `write` writes half of its bytes first, as a full disk does.
    package var faults: (@Sendable (Call, String) -> Int32?)?

    /// The largest file this reads, in bytes.
    package var maximumFileSize: Int

    package init(
        faults: (@Sendable (Call, String) -> Int32?)? = nil, maximumFileSize: Int = .max
    ) {
        self.faults = faults
        self.maximumFileSize = maximumFileSize
    }

    /// The error for an `errno`.
    package static func error(_ code: Int32, _ operation: String, _ path: String) -> StoreError {
        .io(
            at: .file(path), operation: operation, code: code,
            message: String(cString: strerror(code)))
    }

    private func injected(_ call: Call, _ path: String) -> Int32? {
        faults?(call, path)
    }

    /// Opens a file.
    package func open(_ path: String, _ flags: Int32, operation: String) throws(StoreError) -> Int32
    {
        if let code = injected(.open, path) { throw Self.error(code, operation, path) }
        while true {
            let descriptor = systemOpen(path, flags | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { throw Self.error(errno, operation, path) }
        }
    }

    /// Closes a descriptor, ignoring errors (nothing written is pending in user space).
    package func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The whole contents of a file, or `nil` when it does not exist.
    ///
    /// - Throws: ``StoreError/fileTooLarge(at:size:limit:)`` for a file past
    ///   ``maximumFileSize``, before reading it (or once it grows past it while being read);
    ///   ``StoreError/io(at:operation:code:message:)``.
    package func readFile(_ path: String) throws(StoreError) -> Data? {
        if let code = injected(.read, path) { throw Self.error(code, "read", path) }
        let descriptor: Int32
        do {
            descriptor = try open(path, O_RDONLY, operation: "open")
        } catch {
            if error.errorNumber == ENOENT { return nil }
            throw error
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Self.error(errno, "read", path) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw Self.error(EISDIR, "read", path) }
        guard Int(status.st_size) <= maximumFileSize else {
            throw .fileTooLarge(at: .file(path), size: Int(status.st_size), limit: maximumFileSize)
        }
        var data = Data(count: Int(status.st_size))
        var filled = 0
        while true {
            if filled == data.count { data.count += Swift.max(4096, data.count / 2) }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(
                    descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count > 0 {
                filled += count
                guard filled <= maximumFileSize else {
                    throw .fileTooLarge(at: .file(path), size: filled, limit: maximumFileSize)
                }
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw Self.error(errno, "read", path)
            }
        }
        data.count = filled
        return data
    }

    /// Writes every byte at the descriptor's offset.
    package func write(_ descriptor: Int32, _ data: Data, path: String) throws(StoreError) {
        var bytes = data
        var failure: Int32?
        if let code = injected(.write, path) {
            bytes = data.prefix(data.count / 2)
            failure = code
        }
        var written = 0
        let total = bytes.count
        while written < total {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, total - written)
            }
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                throw Self.error(errno, "write", path)
            }
        }
        if let failure { throw Self.error(failure, "write", path) }
    }

    /// Flushes a file's data and size to the disk itself (`F_FULLFSYNC` on Apple platforms,
    /// where `fsync` stops at the drive's cache).
    package func sync(_ descriptor: Int32, path: String) throws(StoreError) {
        if let code = injected(.sync, path) { throw Self.error(code, "sync", path) }
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            if errno != EINTR { throw Self.error(errno, "sync", path) }
        }
    }

    /// Flushes a directory, so that the names created, replaced or removed in it last.
    package func syncDirectory(_ path: String) throws(StoreError) {
        let descriptor = try open(path, O_RDONLY, operation: "open directory")
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    /// Renames a file over another, atomically.
    package func rename(_ source: String, to destination: String) throws(StoreError) {
        if let code = injected(.rename, destination) {
            throw Self.error(code, "rename onto", destination)
        }
        guard systemRename(source, destination) == 0 else {
            throw Self.error(errno, "rename onto", destination)
        }
    }

    /// Makes a second name for a file; fails where the file system has no hard links.
    package func link(_ source: String, to destination: String) throws(StoreError) {
        if let code = injected(.link, destination) { throw Self.error(code, "link", destination) }
        guard systemLink(source, destination) == 0 else {
            throw Self.error(errno, "link", destination)
        }
    }

    /// Removes a file; a file that does not exist is not an error.
    package func remove(_ path: String) throws(StoreError) {
        if let code = injected(.remove, path) { throw Self.error(code, "remove", path) }
        guard unlink(path) == 0 || errno == ENOENT else { throw Self.error(errno, "remove", path) }
    }

    /// Cuts or extends a file to a length.
    package func truncate(_ descriptor: Int32, to length: Int, path: String) throws(StoreError) {
        if let code = injected(.truncate, path) { throw Self.error(code, "truncate", path) }
        while ftruncate(descriptor, off_t(length)) != 0 {
            if errno != EINTR { throw Self.error(errno, "truncate", path) }
        }
    }

    /// Makes a directory, with the permissions the process's umask leaves.
    package func makeDirectory(_ path: String) throws(StoreError) {
        if let code = injected(.makeDirectory, path) {
            throw Self.error(code, "create the directory", path)
        }
        guard mkdir(path, 0o777) == 0 else { throw Self.error(errno, "create the directory", path) }
    }

    /// Makes a directory and every missing one above it, durably.
    ///
    /// The directories are made one level at a time from the top, and the directory each is
    /// made in is synced right after it, so that once this returns a power loss cannot take
    /// any of them away. A directory that exists is left as it is.
    ///
    /// The new directories' own entries are the caller's to sync, after it has made them.
    ///
    /// - Throws: ``StoreError/io(at:operation:code:message:)`` naming the directory that
    ///   could not be made or synced; the directories made before it are removed.
    package func makeDirectories(_ path: String) throws(StoreError) {
        var missing: [String] = []
        var ancestor = path
        while !exists(ancestor) {
            missing.append(ancestor)
            let parent = Self.parent(of: ancestor)
            if parent == ancestor { break }
            ancestor = parent
        }
        var made: [String] = []
        do {
            for directory in missing.reversed() {
                do {
                    try makeDirectory(directory)
                    made.append(directory)
                } catch
                    where error.code == .io && error.errorNumber == EEXIST
                    && isDirectory(directory)
                {
                    // Another process made it meanwhile; its name is synced below all the same.
                }
                try syncDirectory(Self.parent(of: directory))
            }
        } catch {
            for directory in made.reversed() { _ = rmdir(directory) }
            throw error
        }
    }

    /// The directory a path is in: `/a` for `/a/b`, `/` for `/a` and `/`, `.` for a bare name.
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether a path names a directory.
    package func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// What a symbolic link points to, as written in it; `nil` when the path is not a link.
    package func symbolicLinkTarget(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a path names anything.
    package func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}

// The C calls under names that do not clash with this type's methods.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
    -> Int
{
    read(descriptor, buffer, count)
}
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
private func systemLink(_ source: String, _ destination: String) -> Int32 {
    link(source, destination)
}
