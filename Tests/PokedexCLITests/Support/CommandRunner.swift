import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a built example executable as a subprocess, the way a user runs it.
struct CommandResult: Sendable {
    var status: Int32
    var output: String
    var error: String
    /// The signal that ended the process, or `nil` when it exited by itself.
    var signal: Int32?

    /// Standard output's lines.
    var lines: [String] { output.split(separator: "\n").map(String.init) }

    /// Standard error's lines.
    var errorLines: [String] { error.split(separator: "\n").map(String.init) }
}

enum CommandRunner {
    /// Starts `executable` with `arguments` and returns the process, running.
    ///
    /// - Parameters:
    ///   - executable: The name of an executable built beside the tests.
    ///   - arguments: Its arguments.
    ///   - environment: Variables to set over this process's, whose `LC_ALL` and `LANG` are
    ///     left out; `nil` removes one.
    ///   - directory: The working directory, or this process's.
    /// - Returns: The process, its standard output and standard error piped, its standard
    ///   input `/dev/null`.
    /// - Throws: An error when the executable is not built or does not start.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        directory: URL? = nil
    ) throws -> Subprocess {
        var merged = ProcessInfo.processInfo.environment
        // `pokedex` reads its language from these: English unless a test sets them.
        merged["LC_ALL"] = nil
        merged["LANG"] = nil
        for (name, value) in environment { merged[name] = value }
        return try Subprocess(
            executable: try builtExecutable(named: executable), arguments: arguments,
            environment: merged, directory: directory, standardInput: .nullDevice,
            standardOutput: .pipe, standardError: .pipe)
    }

    /// Runs `executable` to its end, in one of the ``ProcessSlots``.
    ///
    /// The subprocess is waited for on threads of its own: blocking reads on Swift's
    /// cooperative threads (two on a two-core machine) would starve the test's other tasks —
    /// such as the one that must release a lock the subprocess is waiting for.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        directory: URL? = nil
    ) async throws -> CommandResult {
        try await ProcessSlots.shared.inSlot {
            let process = try start(
                executable, arguments, environment: environment, directory: directory)
            let (outData, errData) = await process.readOutputToEnd()
            return await result(of: process, output: outData, error: errData)
        }
    }

    /// Runs `executable`, in one of the ``ProcessSlots``, and kills it with SIGKILL as soon as
    /// a line it writes to standard error satisfies `shouldKill`.
    ///
    /// Standard error is read line by line on a thread of its own, and the signal is sent
    /// from that thread, the moment the line arrives: however busy the test's tasks are, the
    /// process is killed at the point its output describes. A process that ends first is
    /// not killed; the result's ``CommandResult/signal`` tells which happened. Use it on a
    /// process that is still running after such a line, as a sync held up by the test server
    /// is: one that has ended and been reaped no longer owns its pid.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        killingWhenErrorLine shouldKill: @escaping @Sendable (String) -> Bool
    ) async throws -> CommandResult {
        try await ProcessSlots.shared.inSlot {
            try await runKilling(
                executable, arguments, environment: environment, when: shouldKill)
        }
    }

    private static func runKilling(
        _ executable: String, _ arguments: [String], environment: [String: String?],
        when shouldKill: @escaping @Sendable (String) -> Bool
    ) async throws -> CommandResult {
        let process = try start(executable, arguments, environment: environment)
        let output = process.standardOutput ?? FileHandle.nullDevice
        let error = process.standardError ?? FileHandle.nullDevice
        async let out = readToEnd(of: output)
        let errData = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let handle = error
                var received = Data()
                var unread = Data()
                var killed = false
                while true {
                    let chunk = handle.availableData
                    guard !chunk.isEmpty else { break }
                    received += chunk
                    unread += chunk
                    while let newline = unread.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: unread[..<newline], as: UTF8.self)
                        unread = Data(unread[unread.index(after: newline)...])
                        if !killed, shouldKill(line) {
                            process.send(SIGKILL)
                            killed = true
                        }
                    }
                }
                continuation.resume(returning: received)
            }
        }
        return await result(of: process, output: await out, error: errData)
    }

    /// Waits for `process` to end (it is reaped on a thread of its own), and collects what
    /// it wrote.
    private static func result(
        of process: Subprocess, output: Data, error: Data
    ) async -> CommandResult {
        let termination = await process.wait()
        return CommandResult(
            status: termination.status, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self), signal: termination.signal)
    }

    /// Runs `pokedex` with `arguments`.
    static func pokedex(_ arguments: String...) async throws -> CommandResult {
        try await run("pokedex", arguments)
    }

    /// Runs `pokedex` with `arguments` and environment variables set (`LANG`, `LC_ALL`).
    static func pokedex(
        _ arguments: [String], environment: [String: String?]
    ) async throws -> CommandResult {
        try await run("pokedex", arguments, environment: environment)
    }
}
