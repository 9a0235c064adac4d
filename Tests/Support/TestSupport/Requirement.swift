import Foundation
import Testing

/// Something a test needs from the machine that runs it — a program, root, a tmpfs it may
/// mount — which skips the test where it is missing, except in CI, where a missing requirement
/// fails the test unless its skip is documented.
///
/// Use it instead of a bare `.enabled(if:)`:
///
/// ```swift
/// @Test(.requires(.sqlite3Shell))
/// func sqlite3Shell() async throws { … }
/// ```
///
/// Where the environment variable `CI` is set (to anything but `0` or `false`), as it is
/// when CI runs `bash .ci/run`, a test whose requirement is missing is not skipped: it fails,
/// saying what is missing, so that CI installs it. The exceptions are the requirements that
/// the section "Tests skipped in CI" of `Documentation/Reliability.md` lists, each with the
/// reason CI cannot meet it (CI runs as root, say, so a test that needs an ordinary user
/// cannot run there). That list is read from the repository when a test asks, so that the
/// document and the tests cannot drift apart.
public struct Requirement: Sendable, CustomStringConvertible {
    /// The requirement's name, as `Documentation/Reliability.md` lists it: `sqlite3`,
    /// `tmpfs`, `non-root`.
    public let name: String
    /// What the test needs it for, shown when it is skipped.
    public let purpose: String
    private let check: @Sendable () -> Bool

    /// Creates a requirement.
    ///
    /// - Parameters:
    ///   - name: The name `Documentation/Reliability.md` lists it by, if its skip is
    ///     documented.
    ///   - purpose: What the test needs it for.
    ///   - isMet: Whether this machine meets it.
    public init(
        _ name: String, _ purpose: String, isMet: @escaping @Sendable () -> Bool
    ) {
        self.name = name
        self.purpose = purpose
        check = isMet
    }

    /// Whether this machine meets the requirement.
    public var isMet: Bool { check() }

    /// The name with the purpose: `sqlite3 (runs /usr/bin/sqlite3)`.
    public var description: String { "\(name) (\(purpose))" }

    /// What a test with a requirement does.
    public enum Decision: Equatable, Sendable {
        /// Runs: the requirement is met.
        case run
        /// Is skipped: the requirement is missing, outside CI or with its skip documented.
        case skip
        /// Fails with a message: the requirement is missing in CI and its skip is not
        /// documented.
        case fail(String)
    }

    /// What a test with this requirement does in an environment.
    ///
    /// - Parameters:
    ///   - isMet: Whether the requirement is met.
    ///   - isCI: Whether the tests run in CI.
    ///   - documentedSkips: The names of the requirements whose skips are documented.
    /// - Returns: Run, skip, or fail.
    public func decision(isMet: Bool, isCI: Bool, documentedSkips: Set<String>) -> Decision {
        if isMet { return .run }
        guard isCI && !documentedSkips.contains(name) else { return .skip }
        return .fail(
            """
            This test needs \(description), which this CI machine lacks. Install or set it \
            up in .ci/run, or, if CI cannot meet it, list "\(name)" under "\(Self.sectionTitle)" \
            in Documentation/Reliability.md with the reason.
            """)
    }

    /// What a test with this requirement does here.
    public var decision: Decision {
        let isMet = isMet
        return decision(
            isMet: isMet, isCI: Self.isCI, documentedSkips: isMet ? [] : Self.documentedSkips())
    }

    /// Whether the tests run in CI: the environment variable `CI` is set, and neither `0`
    /// nor `false`.
    public static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// The title of the section of `Documentation/Reliability.md` that lists the skips CI
    /// allows.
    public static let sectionTitle = "Tests skipped in CI"

    /// `Documentation/Reliability.md` in this repository.
    public static let reliabilityDocument = URL(filePath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
        .appending(path: "Documentation/Reliability.md")

    /// The names of the requirements whose skips `Documentation/Reliability.md` documents:
    /// none when it cannot be read.
    public static func documentedSkips() -> Set<String> {
        guard let text = try? String(contentsOf: reliabilityDocument, encoding: .utf8) else {
            return []
        }
        return documentedSkips(in: text)
    }

    /// The names a document's section "Tests skipped in CI" lists: the first cell of each
    /// row of its table, in backquotes (`` | `non-root` | … | ``).
    ///
    /// - Parameter document: The Markdown text.
    /// - Returns: The names, none when the section is missing.
    public static func documentedSkips(in document: String) -> Set<String> {
        var names: Set<String> = []
        var inSection = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inSection =
                    line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                    == sectionTitle
                continue
            }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            if !cell.isEmpty { names.insert(String(cell)) }
        }
        return names
    }
}

/// The error a test with a requirement missing in CI fails with.
struct MissingRequirement: Error, CustomStringConvertible {
    let description: String
}

extension Trait where Self == ConditionTrait {
    /// Runs the test where a requirement is met; skips it where it is not, except in CI,
    /// where it fails unless `Documentation/Reliability.md` documents the skip (see
    /// ``Requirement``).
    ///
    /// - Parameters:
    ///   - requirement: What the test needs.
    ///   - sourceLocation: Where the trait is.
    /// - Returns: The trait.
    public static func requires(
        _ requirement: Requirement, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        .enabled(
            Comment(rawValue: "needs \(requirement.description)"),
            sourceLocation: sourceLocation
        ) {
            switch requirement.decision {
            case .run: return true
            case .skip: return false
            case .fail(let message): throw MissingRequirement(description: message)
            }
        }
    }
}

extension Requirement {
    /// The `sqlite3` shell, at `/usr/bin/sqlite3` (Debian's `sqlite3`).
    public static let sqlite3Shell = Requirement("sqlite3", "runs /usr/bin/sqlite3") {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
    }

    /// A tmpfs this process may mount: root, where the sandbox allows it.
    public static let tmpfs = Requirement("tmpfs", "mounts a tmpfs, as root") {
        Tmpfs.canMount
    }

    /// An ordinary user, whom permissions stop: root writes into read-only directories.
    public static let nonRoot = Requirement("non-root", "an ordinary user, whom permissions stop") {
        getuid() != 0
    }

    /// A read-only file: an ordinary user's `chmod`, or for root a tmpfs remounted read-only.
    public static let readOnlyFile = Requirement(
        "read-only-file", "a file it cannot write: an ordinary user, or root with a tmpfs"
    ) { getuid() != 0 || Tmpfs.canMount }

    /// Running a child process as another user: root, with `setpriv` (util-linux).
    public static let anotherUser = Requirement(
        "another-user", "runs a child as nobody: root, with /usr/bin/setpriv"
    ) { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    /// An ordinary user, or root with `setpriv` to run a child as one.
    public static let unprivilegedChild = Requirement(
        "unprivileged-child", "a process permissions stop: an ordinary user, or root with setpriv"
    ) { getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

    /// Linux's `/proc`, where a process lists its open descriptors (`/proc/self/fd`).
    public static let procFileSystem = Requirement("proc", "lists descriptors in /proc/self/fd") {
        FileManager.default.fileExists(atPath: "/proc/self/fd")
    }
}
