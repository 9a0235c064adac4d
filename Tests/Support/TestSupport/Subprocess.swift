import Foundation
import InternalSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`: what every test that starts a process uses,
/// instead of Foundation's `Process`.
///
/// swift-corelibs-foundation's `Process.run()` finds the descriptors to close in the child
/// by copying 256 bytes of each shorter `/proc/self/fd` entry name, reading past its buffer:
/// usually harmless, it crashed a whole test run once the read crossed into an unmapped page
/// (see `Scripts/asan-suppressions.txt`). This launcher reads no directory: the child closes
/// every descriptor above standard error with `posix_spawn_file_actions_addclosefrom_np`
/// (`POSIX_SPAWN_CLOEXEC_DEFAULT` on Apple platforms), and the pipes are made close-on-exec,
/// so that no other child keeps one of them open.
///
/// Like Foundation's, the child runs in a process group of its own. Unlike it, the child
/// starts with every signal unblocked and at its default action, whichever thread started it
/// (a dispatch worker blocks most signals).
///
/// The child is reaped on a thread of its own as soon as it ends, so that no task blocks in
/// `waitpid`, and ``wait()`` only suspends. Until it is reaped, its pid is its own:
/// ``send(_:)`` signals it then, and does nothing after.
///
/// ```swift
/// let child = try Subprocess(
///     executable: URL(filePath: "/bin/sh"), arguments: ["-c", "echo hi"],
///     standardOutput: .pipe, standardError: .pipe)
/// let (output, errors) = await child.readOutputToEnd()
/// let termination = await child.wait()
/// ```
public final class Subprocess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// This process's own stream.
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// A new pipe, whose other end is the subprocess's ``Subprocess/standardInput``,
        /// ``Subprocess/standardOutput`` or ``Subprocess/standardError``.
        case pipe
        /// An open file descriptor of this process, such as a log file's; it stays open here.
        case fileDescriptor(Int32)
    }

    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal it did not handle ended it.
        case signalled(Int32)

        /// The exit status, or the signal's number: what Foundation's `terminationStatus` says.
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }

        /// The signal that ended the child, or `nil` when it exited by itself.
        public var signal: Int32? {
            if case .signalled(let signal) = self { signal } else { nil }
        }

        /// Whether it exited with status 0.
        public var isSuccess: Bool { self == .exited(0) }

        /// `exit status 3` or `signal 9`.
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// What ``run(_:_:environment:directory:standardInput:)`` collected.
    public struct Output: Sendable {
        /// How the child ended.
        public var termination: Termination
        /// Everything it wrote to standard output.
        public var standardOutput: Data
        /// Everything it wrote to standard error.
        public var standardError: Data
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// The writing end of the child's standard input, with ``Stream/pipe``; close it to give
    /// the child end-of-file.
    public let standardInput: FileHandle?
    /// The reading end of the child's standard output, with ``Stream/pipe``.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error, with ``Stream/pipe``.
    public let standardError: FileHandle?

    /// Whether the child is reaped, and who waits for it until then.
    private enum State {
        case running([CheckedContinuation<Termination, Never>])
        case ended(Termination)
    }

    private let state = Mutex(State.running([]))
    /// Left once the child is reaped: what ``waitUntilExit()`` blocks on.
    private let reaped = DispatchGroup()

    /// Starts a child process.
    ///
    /// - Parameters:
    ///   - executable: The program's file; no `PATH` lookup (start `/usr/bin/env` for one).
    ///   - arguments: Its arguments, after the program's path as `argv[0]`.
    ///   - environment: Its whole environment, or `nil` for this process's.
    ///   - directory: Its working directory, or `nil` for this process's.
    ///   - standardInput: Where its standard input comes from.
    ///   - standardOutput: Where its standard output goes.
    ///   - standardError: Where its standard error goes.
    /// - Throws: ``SubprocessError`` when a pipe cannot be made or the program does not start
    ///   (no such file, not executable, no such directory).
    public init(
        executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
        directory: URL? = nil, standardInput: Stream = .inherit, standardOutput: Stream = .inherit,
        standardError: Stream = .inherit
    ) throws {
        let path = executable.path(percentEncoded: false)
        // The pipes' child ends, closed here once the child has its copies (or did not
        // start); their parent ends, closed here only when the start fails.
        var childEnds: [Int32] = []
        var parentEnds: [Int32?] = [nil, nil, nil]
        defer { for fd in childEnds { close(fd) } }
        func fail(_ what: String, _ code: Int32) -> SubprocessError {
            for fd in parentEnds.compactMap({ $0 }) { close(fd) }
            return SubprocessError(executable: path, operation: what, code: code)
        }

        var actions = SpawnFileActions()
        defer { actions.destroy() }
        let streams = [standardInput, standardOutput, standardError]
        for (target, stream) in zip(Int32(0)..., streams) {
            switch stream {
            case .inherit:
                actions.keep(target)
            case .nullDevice:
                actions.open(target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY)
            case .fileDescriptor(let fd):
                actions.duplicate(fd, to: target)
            case .pipe:
                guard let (read, write) = makePipe() else { throw fail("pipe", errno) }
                let (child, parent) = target == 0 ? (read, write) : (write, read)
                childEnds.append(child)
                parentEnds[Int(target)] = parent
                actions.duplicate(child, to: target)
            }
        }
        if let directory {
            guard actions.changeDirectory(to: directory.path(percentEncoded: false)) else {
                throw fail("chdir", ENOSYS)
            }
        }
        actions.closeTheRest()

        var attributes = SpawnAttributes()
        defer { attributes.destroy() }

        let argv = [path] + arguments
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
        var pid = pid_t()
        let code = withCStrings(argv) { argv in
            withCStrings(envp) { envp in
                actions.withPointer { actions in
                    attributes.withPointer { attributes in
                        posix_spawn(&pid, path, actions, attributes, argv, envp)
                    }
                }
            }
        }
        guard code == 0 else { throw fail("posix_spawn", code) }

        processIdentifier = pid
        let handles = parentEnds.map { fd in
            fd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        }
        self.standardInput = handles[0]
        self.standardOutput = handles[1]
        self.standardError = handles[2]
        reaped.enter()
        Thread.detachNewThread { [self] in reap() }
    }

    /// Starts a child process with its standard output and standard error piped, reads both
    /// to their ends, and waits for it to end.
    ///
    /// - Parameters:
    ///   - executable: The program's file.
    ///   - arguments: Its arguments.
    ///   - environment: Its whole environment, or `nil` for this process's.
    ///   - directory: Its working directory, or `nil` for this process's.
    ///   - standardInput: Where its standard input comes from.
    /// - Returns: How it ended and what it wrote.
    /// - Throws: ``SubprocessError`` when it does not start.
    public static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil,
        directory: URL? = nil, standardInput: Stream = .inherit
    ) async throws -> Output {
        let child = try Subprocess(
            executable: executable, arguments: arguments, environment: environment,
            directory: directory, standardInput: standardInput, standardOutput: .pipe,
            standardError: .pipe)
        let (output, error) = await child.readOutputToEnd()
        return Output(
            termination: await child.wait(), standardOutput: output, standardError: error)
    }

    /// Reads the piped standard output and standard error to their ends, both at once, each
    /// on a thread of its own: a child that fills one pipe while the other is read is never
    /// stuck, and no task's thread blocks.
    ///
    /// - Returns: What the child wrote to each; empty for a stream that is not piped.
    public func readOutputToEnd() async -> (output: Data, error: Data) {
        async let output = readPipe(standardOutput)
        async let error = readPipe(standardError)
        return await (output, error)
    }

    private func readPipe(_ handle: FileHandle?) async -> Data {
        guard let handle else { return Data() }
        return await readToEnd(of: handle)
    }

    /// How the child ended, or `nil` while it runs (or is not reaped yet).
    public var termination: Termination? {
        state.withLock { state in
            if case .ended(let termination) = state { termination } else { nil }
        }
    }

    /// Waits for the child to end, without blocking a thread: it is reaped on one of its own.
    ///
    /// - Returns: How it ended; every call returns the same.
    public func wait() async -> Termination {
        await withCheckedContinuation { continuation in
            let ended: Termination? = state.withLock { state in
                switch state {
                case .ended(let termination):
                    return termination
                case .running(var waiting):
                    waiting.append(continuation)
                    state = .running(waiting)
                    return nil
                }
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Blocks the calling thread until the child ends: for synchronous code only, never in a
    /// task that should not hold its thread.
    ///
    /// - Returns: How it ended.
    public func waitUntilExit() -> Termination {
        reaped.wait()
        guard let termination else { preconditionFailure("reaped without a termination") }
        return termination
    }

    /// Sends a signal to the child, unless it is reaped already: its pid may be another
    /// process's by then.
    ///
    /// - Parameter signal: The signal, such as `SIGKILL`.
    /// - Returns: Whether the signal was sent.
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            return kill(processIdentifier, signal) == 0
        }
    }

    /// Sends `SIGTERM`, as Foundation's `terminate()` does.
    public func terminate() { send(SIGTERM) }

    /// Waits for the child on this thread (of its own), then reaps it with the state locked,
    /// so that ``send(_:)`` never signals a pid that was reused.
    private func reap() {
        var info = siginfo_t()
        // Wait without reaping: the pid stays the child's until `waitpid` below.
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) != 0,
            errno == EINTR
        {}
        let waiting = state.withLock {
            (state: inout State) -> [CheckedContinuation<Termination, Never>] in
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &status, 0)
            } while result == -1 && errno == EINTR
            // -1 only when another waiter reaped it first (nothing in the tests does): its
            // status is lost.
            let termination: Termination =
                result == -1
                ? .exited(-1)
                : (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
            guard case .running(let waiting) = state else { return [] }
            state = .ended(termination)
            return waiting
        }
        reaped.leave()
        guard let termination else { return }
        for continuation in waiting { continuation.resume(returning: termination) }
    }
}

/// A child process did not start.
public struct SubprocessError: Error, CustomStringConvertible {
    /// The program.
    public var executable: String
    /// What failed: `pipe`, `chdir` or `posix_spawn`.
    public var operation: String
    /// The error number.
    public var code: Int32

    /// An error.
    ///
    /// - Parameters:
    ///   - executable: The program.
    ///   - operation: What failed.
    ///   - code: The error number.
    public init(executable: String, operation: String, code: Int32) {
        self.executable = executable
        self.operation = operation
        self.code = code
    }

    /// The program, what failed and the error's message.
    public var description: String {
        "\(executable) did not start: \(operation): \(String(cString: strerror(code)))"
    }
}

/// A pipe whose two ends are closed on `exec`: the child gets its end through a `dup2`,
/// which clears the flag, and no other child inherits either.
private func makePipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    #if canImport(Glibc)
        if let pipe2 = GlibcExtension.pipe2 {
            guard pipe2(&fds, O_CLOEXEC) == 0 else { return nil }
            return (fds[0], fds[1])
        }
    #endif
    // Without `pipe2`, the flags are set after: a child started in between by another thread
    // would inherit them, unless it closes what it does not need (as this launcher's do).
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
}

/// Strings as a null-terminated `char *[]`, valid in `body` alone.
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { buffer in
        // A non-empty array's buffer always has a base address.
        guard let base = buffer.baseAddress else { preconditionFailure("empty argument list") }
        return body(base)
    }
}

#if canImport(Glibc)
    /// The GNU extensions this launcher uses, looked up at run time.
    ///
    /// The Glibc module imports only what `spawn.h` and `unistd.h` declare without
    /// `_GNU_SOURCE`. Each is `nil` when the C library lacks it (`addclosefrom_np` came in
    /// glibc 2.34, `addchdir_np` in 2.29).
    private enum GlibcExtension {
        typealias Actions = UnsafeMutablePointer<posix_spawn_file_actions_t>
        typealias AddChdir = @convention(c) (Actions, UnsafePointer<CChar>) -> Int32
        typealias AddClosefrom = @convention(c) (Actions, Int32) -> Int32
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

        static let addchdir = function("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
        static let addclosefrom = function(
            "posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self)
        static let pipe2 = function("pipe2", as: Pipe2.self)

        private static func function<Function>(_ name: String, as type: Function.Type)
            -> Function?
        {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }
    }
#endif

#if canImport(Glibc)
    private typealias FileActionsValue = posix_spawn_file_actions_t
    private typealias AttributesValue = posix_spawnattr_t
#else
    // Opaque pointers on Apple platforms, imported as optionals where C points to them.
    private typealias FileActionsValue = posix_spawn_file_actions_t?
    private typealias AttributesValue = posix_spawnattr_t?
#endif

/// `posix_spawn_file_actions_t`, owned.
private struct SpawnFileActions {
    #if canImport(Glibc)
        private var actions = FileActionsValue()
    #else
        private var actions: FileActionsValue = nil
    #endif

    init() { posix_spawn_file_actions_init(&actions) }

    mutating func destroy() { posix_spawn_file_actions_destroy(&actions) }

    /// Leaves one of the standard descriptors as the child inherits it.
    mutating func keep(_ fd: Int32) {
        #if canImport(Darwin)
            // Under POSIX_SPAWN_CLOEXEC_DEFAULT, a descriptor is inherited only when a file
            // action names it; a `dup2` onto itself does.
            posix_spawn_file_actions_adddup2(&actions, fd, fd)
        #endif
    }

    mutating func open(_ fd: Int32, _ path: String, _ flags: Int32) {
        posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0)
    }

    mutating func duplicate(_ fd: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, fd, target)
    }

    /// Adds a change of the working directory; `false` when this C library cannot.
    mutating func changeDirectory(to path: String) -> Bool {
        #if canImport(Glibc)
            guard let addchdir = GlibcExtension.addchdir else { return false }
            return addchdir(&actions, path) == 0
        #else
            return posix_spawn_file_actions_addchdir_np(&actions, path) == 0
        #endif
    }

    /// Closes every descriptor above standard error in the child (on Apple platforms,
    /// POSIX_SPAWN_CLOEXEC_DEFAULT in ``SpawnAttributes`` does).
    mutating func closeTheRest() {
        #if canImport(Glibc)
            // Without it (glibc before 2.34), the child inherits what is not close-on-exec.
            _ = GlibcExtension.addclosefrom.map { $0(&actions, 3) }
        #endif
    }

    mutating func withPointer<Result>(_ body: (UnsafePointer<FileActionsValue>) -> Result)
        -> Result
    {
        withUnsafePointer(to: &actions) { body($0) }
    }
}

/// `posix_spawnattr_t`, owned: a process group of the child's own, every signal unblocked and
/// at its default action.
private struct SpawnAttributes {
    #if canImport(Glibc)
        private var attributes = AttributesValue()
    #else
        private var attributes: AttributesValue = nil
    #endif

    init() {
        posix_spawnattr_init(&attributes)
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        sigdelset(&signals, SIGKILL)
        sigdelset(&signals, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }

    mutating func destroy() { posix_spawnattr_destroy(&attributes) }

    mutating func withPointer<Result>(_ body: (UnsafePointer<AttributesValue>) -> Result)
        -> Result
    {
        withUnsafePointer(to: &attributes) { body($0) }
    }
}
