import Foundation
import TestSupport
import Testing

/// `StoreCrashWriter probe` on a database, in a process of its own: it tries to open the
/// store for writing and insert a record, then to open it read-only and count.
///
/// - Parameters:
///   - url: The database (`.sqlite`).
///   - user: The user and group to run as, through `setpriv` (root only), or `nil`.
/// - Returns: The probe's lines: `wrote` or `refused <errno> <path>` (`refused <error>` for
///   anything but an I/O error), then `read <count>` or `unreadable <error>`.
/// - Throws: When the probe cannot be started.
func probeStore(at url: URL, as user: (uid: UInt32, gid: UInt32)?) async throws -> [String] {
    let writer = try builtExecutable(named: "StoreCrashWriter")
    let executable: URL
    let arguments: [String]
    if let user {
        executable = URL(filePath: "/usr/bin/setpriv")
        arguments = [
            "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", writer.path,
            "probe", url.path, "0", "0",
        ]
    } else {
        executable = writer
        arguments = ["probe", url.path, "0", "0"]
    }
    let process = try Subprocess(
        executable: executable, arguments: arguments, standardOutput: .pipe)
    let (output, _) = await process.readOutputToEnd()
    _ = await process.wait()
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
}
