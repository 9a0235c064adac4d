import Foundation

/// A tmpfs mounted for a test: to fill a small file system up, or to make one read-only for
/// root, who writes through permissions.
public enum Tmpfs {
    /// Whether this process may mount one: root, in a sandbox that allows it (tried once).
    public static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "mount-probe-\(UUID().uuidString)")
        guard
            (try? FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)) != nil
        else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        guard run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", directory.path) else {
            return false
        }
        return run("umount", directory.path)
    }()

    /// Runs a command quietly, such as `mount` or `umount`.
    ///
    /// - Parameter arguments: The command and its arguments, looked up on the `PATH`.
    /// - Returns: Whether it ran and exited with status 0.
    @discardableResult
    public static func run(_ arguments: String...) -> Bool {
        let process = try? Subprocess(
            executable: URL(filePath: "/usr/bin/env"), arguments: arguments,
            standardOutput: .nullDevice, standardError: .nullDevice)
        return process?.waitUntilExit() == .exited(0)
    }
}
