import Foundation
import PostgresTestServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `SyncReplicaWorker` process: one run of a device, which the test may kill at any moment.
// `@unchecked Sendable`: every stored property is set once, in `init`, but `killedAt`, which
// `lock` guards; the process is only signalled and waited for, and the texts are locked.
final class WorkerProcess: @unchecked Sendable {
    private let process: Process
    private let output = LockedText()
    private let errors = LockedText()
    private let lock = NSLock()
    private var killed: Int64?

    /// Starts a worker with its arguments (`write …` or `settle …`) and the user's token.
    init(arguments: [String], token: String) throws {
        process = Process()
        process.executableURL = try builtExecutable(named: "SyncReplicaWorker")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "SYNC_WORKER_TOKEN": token
        ]) { $1 }
        process.standardOutput = output.pipe
        process.standardError = errors.pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// When the test killed it, in microseconds since 1970, or `nil`.
    var killedAt: Int64? { lock.withLock { killed } }

    /// The complete lines it wrote: a line cut by a kill is left out.
    var lines: [String] {
        let text = output.text
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // what follows the last line break: empty, or a cut line
        return lines
    }

    /// What it wrote to standard error.
    var errorText: String { errors.text }

    /// How many sync phases (`pushing`, `pulling`) it has begun.
    var syncPhases: Int {
        lines.count { $0.hasPrefix("pushing ") || $0.hasPrefix("pulling ") }
    }

    /// Kills it with SIGKILL, at once, and waits for it to be gone.
    func kill() {
        guard process.isRunning else { return }
        lock.withLock { killed = WorkerProcess.now() }
        sendSignal(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Kills it `delay` after it begins its next sync phase.
    ///
    /// If it begins none within `deadline` (it may be writing offline), it is killed then.
    /// Returns the phase it was seen to begin (`pushing` or `pulling`), or `nil`.
    @discardableResult
    func killDuringSync(after delay: Duration, deadline: Duration = .seconds(15)) async throws
        -> String?
    {
        let before = syncPhases
        let end = ContinuousClock.now + deadline
        while syncPhases == before, process.isRunning, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(2))
        }
        let phase =
            syncPhases > before
            ? lines.last { $0.hasPrefix("pushing") || $0.hasPrefix("pulling") }?.prefix(7) : nil
        try await Task.sleep(for: delay)
        kill()
        return phase.map(String.init)
    }

    /// Waits for it to exit by itself, for up to `limit`, and returns its status.
    func waitForExit(limit: Duration = ServiceInstance.hangGuard) async throws -> Int32 {
        let end = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            kill()
            throw ServiceError("SyncReplicaWorker did not exit within \(limit)")
        }
        // The pipe's last bytes can reach the reader after the process is gone.
        try await Task.sleep(for: .milliseconds(100))
        return process.terminationStatus
    }

    /// Microseconds since 1970, the worker's clock.
    static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000)
    }
}

/// Sends a signal to a process (the C `kill`, which `WorkerProcess.kill()` hides).
private func sendSignal(_ process: pid_t, _ signal: Int32) {
    kill(process, signal)
}
