import Foundation
import Testing

/// Runs a built example executable as a subprocess, the way a user runs it.
struct CommandResult: Sendable {
    var status: Int32
    var output: String
    var error: String

    /// Standard output's lines.
    var lines: [String] { output.split(separator: "\n").map(String.init) }
}

enum CommandRunner {
    /// The folder with the built products (the executables sit beside the test bundle).
    static var productsDirectory: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// Starts `executable` with `arguments` and returns the process, running.
    static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = productsDirectory.appending(path: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        process.environment = merged
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, error)
    }

    /// Runs `executable` to its end.
    ///
    /// The subprocess is waited for on threads of its own: blocking reads on Swift's
    /// cooperative threads (two on a two-core machine) would starve the test's other tasks —
    /// such as the one that must release a lock the subprocess is waiting for.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> CommandResult {
        let (process, output, error) = try start(executable, arguments, environment: environment)
        async let out = readToEnd(output.fileHandleForReading)
        async let err = readToEnd(error.fileHandleForReading)
        let (outData, errData) = await (out, err)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                done.resume()
            }
        }
        return CommandResult(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
    }

    /// Everything a pipe delivers until it closes, read on a thread of its own.
    static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: handle.readDataToEndOfFile())
            }
        }
    }

    /// Runs `pokedex` with `arguments`.
    static func pokedex(_ arguments: String...) async throws -> CommandResult {
        try await run("pokedex", arguments)
    }
}

/// A fresh temporary directory, removed when the test is done.
func withTemporaryDirectory<Result>(
    _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "pokedex-cli-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
