import CLibFuzzer
import Foundation

/// One fuzz target: what it does with an input, and the inputs it starts from.
///
/// A target checks properties, not just survival: an input that breaks one ends the process
/// with `fatalError`, which libFuzzer reports as a crash and saves the input of.
///
/// ```swift
/// @main
/// enum ParserFuzz: FuzzTarget {
///     static func seeds() throws -> [String: Data] { ["empty": Data("{}".utf8)] }
///     static func run(_ input: Data) { _ = try? Parser.parse(input) }
///     static func main() { FuzzDriver.main(Self.self) }
/// }
/// ```
public protocol FuzzTarget {
    /// The seed inputs by file name, made from the repository's real fixtures.
    static func seeds() throws -> [String: Data]

    /// Runs one input, ending the process when a property does not hold.
    static func run(_ input: Data)
}

/// Runs a target under libFuzzer, or writes its seeds.
public enum FuzzDriver {
    /// The input runner libFuzzer calls; set once, before libFuzzer starts.
    ///
    /// `nonisolated(unsafe)`: written once on the main thread before the driver runs, then
    /// only read, by libFuzzer on that same thread.
    nonisolated(unsafe) static var runner: ((Data) -> Void)?

    /// Runs a target: with `--write-seeds DIRECTORY`, writes its seeds there and exits;
    /// otherwise hands the command line to libFuzzer (or, in a build without libFuzzer,
    /// replays the files it names).
    public static func main<Target: FuzzTarget>(_: Target.Type) -> Never {
        let arguments = CommandLine.arguments
        if arguments.count == 3, arguments[1] == "--write-seeds" {
            writeSeeds(Target.self, to: URL(filePath: arguments[2], directoryHint: .isDirectory))
        }
        warmUp(Target.self)
        runner = Target.run
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { testOneInput($0, $1) })
    }

    private static func writeSeeds<Target: FuzzTarget>(_: Target.Type, to directory: URL) -> Never {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            let seeds = try Target.seeds()
            for (name, data) in seeds {
                try data.write(to: directory.appending(path: name))
            }
            print("wrote \(seeds.count) seeds to \(directory.path)")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("cannot write seeds: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Runs the target on its seeds, on this thread, with the leak check off, before libFuzzer
    /// starts.
    ///
    /// The statics and caches the target and the library make lazily then exist, and are never
    /// taken for leaks of the inputs libFuzzer runs next. The seeds themselves are gone when it
    /// returns.
    private static func warmUp<Target: FuzzTarget>(_: Target.Type) {
        __lsan_disable()
        defer { __lsan_enable() }
        do {
            for seed in try Target.seeds().values { Target.run(seed) }
        } catch {
            FileHandle.standardError.write(Data("cannot make the seeds: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Waits on this thread for async work, run as a task of its own: for seeds made with an
    /// async API.
    ///
    /// - Parameter work: The work.
    /// - Returns: Its result.
    /// - Throws: What `work` throws.
    public static func wait<Result: Sendable>(
        _ work: @escaping @Sendable () async throws -> Result
    ) throws -> Result {
        let outcome = Outcome<Result>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            outcome.set(await Swift.Result { try await work() })
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }
}

/// The result of work on another thread.
///
/// `@unchecked Sendable`: `result` is written once before a semaphore is signalled and read
/// only after it is waited on.
private final class Outcome<Value: Sendable>: @unchecked Sendable {
    private var result: Result<Value, any Error>?

    func set(_ result: Result<Value, any Error>) {
        self.result = result
    }

    func get() throws -> Value {
        guard let result else { throw CancellationError() }
        return try result.get()
    }
}

extension Result where Failure == any Error {
    /// The result of async work.
    fileprivate init(_ work: () async throws -> Success) async {
        do {
            self = .success(try await work())
        } catch {
            self = .failure(error)
        }
    }
}

/// libFuzzer's entry point: runs one input through the current target.
///
/// libFuzzer's own `main` refers to it, so it must exist even though ``FuzzDriver`` starts
/// the driver itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let runner = FuzzDriver.runner else { return 0 }
    let input = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    runner(input)
    return 0
}

/// Ends the run with a message when a property does not hold; libFuzzer saves the input.
///
/// - Parameters:
///   - condition: The property.
///   - message: What broke, for the report.
///   - file: The file to report, the caller's by default.
///   - line: The line to report, the caller's by default.
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #file, line: UInt = #line
) {
    guard condition() else { fatalError(message(), file: file, line: line) }
}
