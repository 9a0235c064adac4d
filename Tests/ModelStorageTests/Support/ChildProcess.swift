import Foundation
import InternalSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `StoreCrashWriter`, with the lines it printed so far.
///
/// Its output is split into lines as it arrives, on a thread of its own, so that reading
/// them costs a test's task nothing however much the child prints. It is started with
/// `Subprocess` (`posix_spawn`), not Foundation's `Process`, whose `run()` over-reads
/// `/proc/self/fd` entries and can crash the test run. The output read so far is behind a
/// `Mutex`.
final class ChildProcess: Sendable {
    private struct Output {
        /// Bytes after the last line feed.
        var pending = Data()
        var completeLines: [String] = []
        var finished = false
        /// Kills the process when a line satisfies it, once (see ``kill(atLineWhere:after:)``).
        var killTrigger: (matches: @Sendable (String) -> Bool, delay: Duration)?
    }

    private let process: Subprocess
    private let output = Mutex(Output())

    /// Starts the writer with arguments, and variables added to this process's environment;
    /// with `user`, as that user and group (through `setpriv`, which needs root).
    init(
        _ arguments: [String], environment: [String: String] = [:],
        user: (uid: UInt32, gid: UInt32)? = nil
    ) throws {
        let writer = try builtExecutable(named: "StoreCrashWriter")
        let executable: URL
        let fullArguments: [String]
        if let user {
            executable = URL(filePath: Self.setpriv)
            fullArguments =
                ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", writer.path]
                + arguments
        } else {
            executable = writer
            fullArguments = arguments
        }
        process = try Subprocess(
            executable: executable, arguments: fullArguments,
            environment: environment.isEmpty
                ? nil
                : ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: .pipe, standardError: .inherit)
        guard let reading = process.standardOutput else {
            throw SubprocessError(executable: executable.path, operation: "read", code: EBADF)
        }
        Thread.detachNewThread { [self] in
            while true {
                let chunk = reading.availableData
                let killDelay = output.withLock { output -> Duration? in
                    output.pending.append(chunk)
                    var killDelay: Duration?
                    while let newline = output.pending.firstIndex(of: 0x0A) {
                        let line = String(
                            decoding: output.pending[output.pending.startIndex..<newline],
                            as: UTF8.self)
                        output.completeLines.append(line)
                        output.pending.removeSubrange(output.pending.startIndex...newline)
                        if let trigger = output.killTrigger, trigger.matches(line) {
                            output.killTrigger = nil
                            killDelay = trigger.delay
                        }
                    }
                    if chunk.isEmpty { output.finished = true }
                    return killDelay
                }
                if let killDelay {
                    usleep(UInt32(killDelay / .microseconds(1)))
                    kill()
                }
                if chunk.isEmpty { return }
            }
        }
    }

    /// `setpriv`, which runs a program as another user.
    static let setpriv = "/usr/bin/setpriv"

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Every complete line printed so far.
    var lines: [String] {
        output.withLock { $0.completeLines }
    }

    private var isFinished: Bool {
        output.withLock { $0.finished }
    }

    /// How long a wait for the child lasts before the test fails: ``hangGuard``, since a
    /// child's saves can wait over a minute for their `fsync`s under a sanitizer.
    static let hangLimit = hangGuard

    /// Waits until a line starting with a prefix is printed.
    @discardableResult
    func waitForLine(
        startingWith prefix: String, within limit: Duration = hangLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        if let line = try await line(startingWith: prefix, within: limit) { return line }
        Issue.record(
            "the writer never printed \"\(prefix)…\": \(lines.suffix(20))",
            sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// The first line starting with a prefix, once printed; `nil` when the process ends or
    /// the time runs out first.
    func line(startingWith prefix: String, within limit: Duration) async throws -> String? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if isFinished { return nil }
            try await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// Waits for a random moment to kill the writer at: up to 8 ms after it started (while it
    /// opens), or up to `window` after it acknowledged its first save (`ack …`), so that the
    /// kill lands among saves, with at least one acknowledged to check.
    func waitForRandomMoment(
        whileOpening: Bool, upTo window: Duration,
        using generator: inout some RandomNumberGenerator
    ) async throws {
        if whileOpening {
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...8, using: &generator)))
        } else {
            try await waitForLine(startingWith: "ack ")
            let microseconds = Int(window / .microseconds(1))
            try await Task.sleep(
                for: .microseconds(Int.random(in: 0...microseconds, using: &generator)))
        }
    }

    /// Kills the process a moment after it prints a line that satisfies a condition, from the
    /// thread that reads its output, so that the kill lands within microseconds of the line
    /// rather than after a test's task notices it.
    ///
    /// - Parameters:
    ///   - matches: Whether a line printed from now on is the one to kill at.
    ///   - delay: How long after reading the line to kill.
    func kill(atLineWhere matches: @escaping @Sendable (String) -> Bool, after delay: Duration) {
        output.withLock { $0.killTrigger = (matches, delay) }
    }

    /// Kills the process at once; nothing once it has ended (its pid may be another's by then).
    func kill() {
        process.send(SIGKILL)
    }

    /// How a process ended.
    enum Termination: Equatable, CustomStringConvertible {
        /// Killed by a signal it did not handle.
        case signal(Int32)
        /// Exited on its own, with a status.
        case exit(Int32)

        var description: String {
            switch self {
            case .signal(let signal): "was killed by signal \(signal)"
            case .exit(let status): "exited on its own with status \(status)"
            }
        }
    }

    /// How the process ended (`waitpid`'s status): only once ``waitForExit(within:)``
    /// returned.
    var termination: Termination {
        switch process.termination {
        case .signalled(let signal): .signal(signal)
        case .exited(let status): .exit(status)
        case nil: .exit(-1)
        }
    }

    /// Records an issue unless the test's SIGKILL ended the process: a writer that failed,
    /// or ended on its own, before the kill is not a kill.
    ///
    /// - Returns: Whether SIGKILL ended it.
    @discardableResult
    func expectKilled(iteration: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let killed = termination == .signal(SIGKILL)
        #expect(
            killed,
            """
            iteration \(iteration): the writer \(termination) instead of being killed by \
            the test's SIGKILL; its last lines: \(lines.suffix(5))
            """,
            sourceLocation: sourceLocation)
        return killed
    }

    /// Waits for the process to end and its output to be read to the end.
    func waitForExit(within limit: Duration = hangLimit) async throws {
        let deadline = ContinuousClock.now + limit
        while process.termination == nil || !isFinished {
            guard ContinuousClock.now < deadline else {
                kill()
                Issue.record("the writer did not exit")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
