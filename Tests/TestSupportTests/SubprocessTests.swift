import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Subprocess`, the launcher every test that starts a child uses: exit statuses, signals,
/// output larger than a pipe holds, the environment and the working directory.
@Suite("Subprocess")
struct SubprocessTests {
    static let shell = URL(filePath: "/bin/sh")

    /// Runs a shell script to its end, failing the test rather than hanging it.
    static func sh(
        _ script: String, environment: [String: String]? = nil, directory: URL? = nil
    ) async throws -> (
        termination: Subprocess.Termination, standardOutput: Data, standardError: Data
    ) {
        let child = try Subprocess(
            executable: shell, arguments: ["-c", script], environment: environment,
            directory: directory, standardInput: .nullDevice, standardOutput: .pipe,
            standardError: .pipe)
        return try await withHangGuard(on: child) {
            let (output, error) = await child.readOutputToEnd()
            return (
                termination: await child.wait(), standardOutput: output, standardError: error
            )
        }
    }

    /// Runs `body`, killing `child` if it takes longer than ``hangGuard``: a deadlock fails.
    static func withHangGuard<Result: Sendable>(
        on child: Subprocess, _ body: @escaping @Sendable () async -> Result
    ) async throws -> Result {
        let timer = Task {
            try await Task.sleep(for: hangGuard)
            child.send(SIGKILL)
            Issue.record("the child was still running after \(hangGuard)")
        }
        defer { timer.cancel() }
        return await body()
    }

    @Test("exit statuses are reported")
    func exitStatus() async throws {
        #expect(try await Self.sh("exit 0").termination == .exited(0))
        let failed = try await Self.sh("exit 3").termination
        #expect(failed == .exited(3))
        #expect(failed.status == 3 && failed.signal == nil && !failed.isSuccess)
    }

    @Test("a signal that ends the child is reported")
    func signal() async throws {
        let own = try await Self.sh("kill -TERM $$").termination
        #expect(own == .signalled(SIGTERM))
        #expect(own.signal == SIGTERM && own.status == SIGTERM)

        // A child blocked in `sleep`, killed from here.
        let child = try Subprocess(
            executable: Self.shell, arguments: ["-c", "exec sleep 300"],
            standardOutput: .nullDevice)
        #expect(child.termination == nil)
        #expect(child.send(SIGKILL))
        let killed = try await Self.withHangGuard(on: child) { await child.wait() }
        #expect(killed == .signalled(SIGKILL))
        #expect(await child.wait() == killed, "every wait says the same")
        #expect(!child.send(SIGKILL), "a reaped child is not signalled")
    }

    @Test("SIGTERM ends a child, whichever thread started it (signals unblocked, at default)")
    func terminate() async throws {
        let child = try Subprocess(
            executable: Self.shell, arguments: ["-c", "exec sleep 300"],
            standardOutput: .nullDevice)
        child.terminate()
        #expect(
            try await Self.withHangGuard(on: child) { await child.wait() } == .signalled(SIGTERM))
    }

    @Test("standard output and standard error of 256 KiB each, interleaved, do not deadlock")
    func largeOutput() async throws {
        // Each stream gets more than a pipe's 64 KiB while the other waits to be read: a
        // launcher that read one to its end before the other would hang.
        let size = 256 * 1024
        let result = try await Self.sh(
            """
            yes err | head -c \(size) >&2
            yes out | head -c \(size)
            yes err | head -c \(size) >&2
            """)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.count == size)
        #expect(result.standardError.count == 2 * size)
        #expect(result.standardOutput.prefix(8) == Data("out\nout\n".utf8))
        #expect(result.standardError.prefix(8) == Data("err\nerr\n".utf8))
    }

    @Test("the environment given is the child's whole environment; none given, this process's")
    func environment() async throws {
        let given = try await Self.sh(
            #"printf '%s|%s' "$POKEDEX_SUBPROCESS_TEST" "${HOME-unset}""#,
            environment: ["POKEDEX_SUBPROCESS_TEST": "pikachu = 25"])
        #expect(String(decoding: given.standardOutput, as: UTF8.self) == "pikachu = 25|unset")

        let inherited = try await Self.sh(#"printf '%s' "${PATH-unset}""#)
        #expect(
            String(decoding: inherited.standardOutput, as: UTF8.self)
                == ProcessInfo.processInfo.environment["PATH"] ?? "unset")
    }

    @Test("the child runs in the directory given; none given, in this process's")
    func directory() async throws {
        try await withTemporaryDirectory { directory in
            /// A directory's path as `pwd -P` prints it: symbolic links resolved, no slash last.
            func printed(_ directory: URL) -> String {
                let path = directory.resolvingSymlinksInPath().path(percentEncoded: false)
                return (path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
                    + "\n"
            }
            let inside = try await Self.sh("pwd -P", directory: directory)
            #expect(String(decoding: inside.standardOutput, as: UTF8.self) == printed(directory))

            let here = try await Self.sh("pwd -P")
            let current = URL(filePath: FileManager.default.currentDirectoryPath)
            #expect(String(decoding: here.standardOutput, as: UTF8.self) == printed(current))
        }
    }

    @Test("a missing program or directory is an error, not a child")
    func startFailures() async throws {
        #expect(throws: SubprocessError.self) {
            try Subprocess(executable: URL(filePath: "/nonexistent/program"))
        }
        #expect(throws: SubprocessError.self) {
            try Subprocess(
                executable: Self.shell, arguments: ["-c", "true"],
                directory: URL(filePath: "/nonexistent/directory"))
        }
    }

    @Test(
        "the child inherits no descriptor but its standard three",
        .requires(.procFileSystem))
    func noLeakedDescriptors() async throws {
        // A pipe of this process, not close-on-exec, open while the child starts.
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        // `ls` opens the directory it lists as its fourth descriptor.
        let listed = try await Self.sh("ls /proc/self/fd")
        let descriptors = String(decoding: listed.standardOutput, as: UTF8.self)
            .split(separator: "\n").compactMap { Int($0) }
        #expect(descriptors.allSatisfy { $0 <= 3 }, "\(descriptors)")
    }

    @Test("standard input from a pipe, closed for end-of-file")
    func standardInput() async throws {
        let child = try Subprocess(
            executable: URL(filePath: "/bin/cat"), standardInput: .pipe, standardOutput: .pipe,
            standardError: .pipe)
        let input = try #require(child.standardInput)
        try input.write(contentsOf: Data("bulbasaur\n".utf8))
        try input.close()
        let (output, _) = try await Self.withHangGuard(on: child) {
            await child.readOutputToEnd()
        }
        #expect(String(decoding: output, as: UTF8.self) == "bulbasaur\n")
        #expect(child.waitUntilExit() == .exited(0))
    }
}
