import ModelStorage

/// Makes a fresh, empty store for one conformance check; called once or more per check.
public typealias ConformanceStoreFactory = ModelStoreFactory<ConformanceRecord>

/// Makes a fresh, empty store of a model for one check of a conformance suite.
public typealias ModelStoreFactory<Model: StorableModel> =
    @Sendable () async throws -> any ModelStore<Model>

/// One named check of the `ModelStore` contract, run against a backend's fresh stores of
/// ``ConformanceRecord`` (see ``StoreConformance``).
public typealias StoreConformanceCheck = ConformanceCheck<ConformanceRecord>

/// One named check of a conformance suite, run against a backend's fresh stores of a model.
///
/// Run every check from any test framework; each throws a ``ConformanceFailure`` that says
/// what the store did wrong:
///
/// ```swift
/// // Swift Testing
/// @Test(arguments: StoreConformance.checks)
/// func conformance(_ check: StoreConformanceCheck) async throws {
///     try await check.run { InMemoryStore<ConformanceRecord>() }
/// }
/// ```
public struct ConformanceCheck<Model: StorableModel>: Sendable {
    /// The check's name, such as `mergePolicyError`.
    public let name: String
    /// What the check proves, as a sentence.
    public let summary: String
    private let body: @Sendable (ModelStoreFactory<Model>) async throws -> Void

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - name: The check's name.
    ///   - summary: What it proves.
    ///   - body: The check; it makes stores with the factory and throws a
    ///     ``ConformanceFailure`` when the store does something wrong.
    public init(
        name: String, summary: String,
        body: @escaping @Sendable (ModelStoreFactory<Model>) async throws -> Void
    ) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    /// Runs the check.
    ///
    /// - Parameter makeStore: Makes a fresh, empty store of the backend under test.
    /// - Throws: ``ConformanceFailure`` naming this check and what went wrong, including an
    ///   error the store threw unexpectedly.
    public func run(_ makeStore: @escaping ModelStoreFactory<Model>) async throws {
        try await ConformanceFailure.naming(check: name) { try await body(makeStore) }
    }
}

extension ConformanceCheck: CustomStringConvertible {
    /// The check's name.
    public var description: String { name }
}

/// A store that does not meet the `ModelStore` contract: which check, what went wrong, and
/// where in the check.
public struct ConformanceFailure: Error, CustomStringConvertible {
    /// The failing check's name.
    public var check: String
    /// What the store did, against what it should have done.
    public var message: String
    /// The check's source file.
    public var file: String
    /// The line in it.
    public var line: Int

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - check: The failing check's name.
    ///   - message: What went wrong.
    ///   - file: The check's source file.
    ///   - line: The line in it.
    public init(check: String, message: String, file: String, line: Int) {
        self.check = check
        self.message = message
        self.file = file
        self.line = line
    }

    /// Runs a check's body, and names the check in any failure it throws.
    ///
    /// An error that is not a ``ConformanceFailure`` becomes one.
    static func naming(
        check name: String, _ body: () async throws -> Void
    ) async throws(ConformanceFailure) {
        do {
            try await body()
        } catch var failure as ConformanceFailure {
            failure.check = name
            throw failure
        } catch {
            throw ConformanceFailure(
                check: name, message: "unexpected error: \(error)", file: "", line: 0)
        }
    }

    /// The failure as one line: check, message, place.
    public var description: String {
        let place = file.isEmpty ? "" : " (\(file):\(line))"
        return "\(check): \(message)\(place)"
    }
}

// MARK: - Expectations

/// Fails the check unless a condition holds.
func expect(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) throws(ConformanceFailure) {
    guard !condition else { return }
    throw ConformanceFailure(
        check: "", message: message(), file: "\(file)", line: Int(line))
}

/// Fails the check unless two values are equal.
func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) throws(ConformanceFailure) {
    try expect(
        actual == expected, "\(what()): expected \(expected), got \(actual)", file: file,
        line: line)
}

/// Fails the check unless the body throws the expected store error.
func expectError<Result>(
    _ expected: StoreError, _ what: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line, _ body: () async throws -> Result
) async throws(ConformanceFailure) {
    try await expectError(
        where: { ($0 as? StoreError) == expected }, "\(what()) throws \(expected)", file: file,
        line: line, body)
}

/// Fails the check unless the body throws an error that satisfies a test.
func expectError<Result>(
    where matches: (any Error) -> Bool, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line, _ body: () async throws -> Result
) async throws(ConformanceFailure) {
    let outcome: String
    do {
        let result = try await body()
        outcome = "returned \(result)"
    } catch {
        if matches(error) { return }
        outcome = "threw \(error)"
    }
    throw ConformanceFailure(
        check: "", message: "\(what()), but it \(outcome)", file: "\(file)", line: Int(line))
}
