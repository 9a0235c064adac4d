import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where PostgreSQL's programs are: `$POSTGRES_BIN`, else the newest
/// `/usr/lib/postgresql/<version>/bin` (Debian's layout), else the directories of `PATH`.
struct PostgresBinaries {
    /// The directory holding `initdb` and `postgres`.
    let directory: URL

    /// A program's path.
    func path(_ program: String) -> String {
        directory.appendingPathComponent(program).path
    }

    /// Finds the programs, or throws saying what to install.
    static func locate() throws -> PostgresBinaries {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let configured = environment["POSTGRES_BIN"], !configured.isEmpty {
            candidates.append(URL(fileURLWithPath: configured, isDirectory: true))
        }
        let debian = URL(fileURLWithPath: "/usr/lib/postgresql", isDirectory: true)
        let versions =
            (try? FileManager.default.contentsOfDirectory(atPath: debian.path)) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            candidates.append(
                debian.appendingPathComponent(version, isDirectory: true)
                    .appendingPathComponent("bin", isDirectory: true))
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(URL(fileURLWithPath: String(directory), isDirectory: true))
        }
        for candidate in candidates {
            let binaries = PostgresBinaries(directory: candidate)
            if FileManager.default.isExecutableFile(atPath: binaries.path("initdb")),
                FileManager.default.isExecutableFile(atPath: binaries.path("postgres"))
            {
                return binaries
            }
        }
        throw PostgresTestServerError(
            "PostgreSQL's initdb and postgres were not found in $POSTGRES_BIN, "
                + "/usr/lib/postgresql/*/bin or PATH: install PostgreSQL (Debian: "
                + "apt-get install postgresql; .ci/run does so) or set POSTGRES_BIN.")
    }
}

/// The user the server runs as when the tests run as root, which PostgreSQL refuses to be:
/// `nobody`, which every Debian system has.
struct UnprivilegedUser {
    let name: String
    let userID: uid_t
    let groupID: gid_t

    /// `nil` when the process is not root (the server then runs as the current user).
    static func forCurrentProcess() throws -> UnprivilegedUser? {
        guard geteuid() == 0 else { return nil }
        guard let entry = getpwnam("nobody") else {
            throw PostgresTestServerError(
                "the tests run as root, and PostgreSQL refuses root, but there is no user "
                    + "'nobody' to run it as.")
        }
        return UnprivilegedUser(
            name: "nobody", userID: entry.pointee.pw_uid, groupID: entry.pointee.pw_gid)
    }

    /// Gives the user a file or directory, so that the server can write it.
    func take(_ url: URL) throws {
        guard chown(url.path, userID, groupID) == 0 else {
            throw PostgresTestServerError(
                "could not give \(url.path) to \(name): errno \(errno)")
        }
    }
}

/// Runs the server's programs.
enum ChildProcess {
    /// A program and its arguments; run through `setpriv` as `user` when there is one, and
    /// then, with `diesWithParent`, sent SIGTERM by the kernel if the test process dies
    /// without stopping it.
    static func command(
        _ program: String, _ arguments: [String], as user: UnprivilegedUser?,
        diesWithParent: Bool = false
    ) -> [String] {
        guard let user else { return [program] + arguments }
        var command = [
            "/usr/bin/setpriv", "--reuid=\(user.userID)", "--regid=\(user.groupID)",
            "--clear-groups",
        ]
        if diesWithParent { command.append("--pdeathsig=TERM") }
        return command + ["--", program] + arguments
    }

    /// Runs a command to its end, and throws with its output unless it succeeds.
    static func run(_ command: [String], what: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: "/", isDirectory: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PostgresTestServerError(
                "\(what) failed with status \(process.terminationStatus): \(text)")
        }
    }

    /// Starts a command whose output goes to a log file, and returns it running.
    ///
    /// It is started from ``LauncherThread``, which lives as long as the process: the kernel
    /// sends a child its parent-death signal (`setpriv --pdeathsig`) when the *thread* that
    /// started it ends, and a thread of Swift's cooperative pool ends after idling a few
    /// seconds, which stopped a benchmark's server under it ("the database system is
    /// shutting down" to every new connection).
    static func launch(_ command: [String], log: URL) throws -> Process {
        try LauncherThread.shared.perform { try start(command, log: log) }
    }

    private static func start(_ command: [String], log: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: "/", isDirectory: true)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        return process
    }
}

/// A thread that starts the server and then waits for the next start, as long as the process
/// lives (see ``ChildProcess/launch(_:log:)``).
///
/// `@unchecked Sendable`: `condition` guards `jobs`.
private final class LauncherThread: @unchecked Sendable {
    static let shared = LauncherThread()

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [self] in run() }
        thread.name = "PostgresTestServer launcher"
        thread.start()
    }

    /// Runs a job on the thread, blocking the caller until it is done.
    func perform<Value>(_ body: @escaping () throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        condition.lock()
        jobs.append {
            outcome.result = Result { try body() }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        guard let result = outcome.result else {
            throw PostgresTestServerError("the launcher thread did not run the job")
        }
        return try result.get()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// A job's result, written on the thread before the caller is signalled, and read after.
    private final class Outcome<Value> {
        var result: Result<Value, any Error>?
    }
}
