import Foundation

/// The command line every benchmark takes: `--quick`, `--json PATH`, `--only A,B` and
/// `--sizes N,M`.
struct BenchmarkArguments {
    /// Smaller sizes and fewer runs, for a smoke test.
    var quick = false
    /// Where the results go as JSON.
    var jsonPath: URL
    /// What `--only` lists, as given: which parts to run.
    var only: [String] = []
    /// The record counts, when not the benchmark's default.
    var sizes: [Int]?

    /// Reads the arguments.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program's name.
    ///   - jsonPath: Where the results go without `--json`.
    ///   - onlyExample: What `--only` takes, for its error: "group numbers, such as 1,4".
    /// - Throws: ``BenchmarkError/setup(_:)`` for an unknown argument or a missing value.
    init(_ arguments: ArraySlice<String>, jsonPath: URL, onlyExample: String) throws {
        self.jsonPath = jsonPath
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json":
                guard let path = arguments.popFirst() else {
                    throw BenchmarkError.setup("--json needs a path")
                }
                self.jsonPath = URL(filePath: path)
            case "--only":
                guard let list = arguments.popFirst() else {
                    throw BenchmarkError.setup("--only needs \(onlyExample)")
                }
                only = list.split(separator: ",").map(String.init)
            case "--sizes":
                guard let list = arguments.popFirst() else {
                    throw BenchmarkError.setup("--sizes needs record counts, such as 1000,100000")
                }
                sizes = list.split(separator: ",").compactMap { Int($0) }
            default:
                throw BenchmarkError.setup(
                    "unknown argument \(argument); use --quick, --json PATH, --only (\(onlyExample)), "
                        + "--sizes 1000,100000")
            }
        }
    }
}
