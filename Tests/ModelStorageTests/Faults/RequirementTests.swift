import Foundation
import TestSupport
import Testing

/// A test's requirement skips it where the machine lacks it, but fails it in CI unless
/// `Documentation/Reliability.md` documents the skip; and that document lists only
/// requirements the tests declare.
@Suite("Requirements")
struct RequirementTests {
    static let requirement = Requirement("a-program", "runs a program") { false }

    @Test func aMetRequirementRunsEverywhere() {
        for isCI in [false, true] {
            let decision = Self.requirement.decision(isMet: true, isCI: isCI, documentedSkips: [])
            #expect(decision == .run)
        }
    }

    @Test func aMissingRequirementSkipsOutsideCI() {
        let decision = Self.requirement.decision(isMet: false, isCI: false, documentedSkips: [])
        #expect(decision == .skip)
    }

    @Test func aMissingRequirementFailsInCIUnlessItsSkipIsDocumented() throws {
        let decision = Self.requirement.decision(isMet: false, isCI: true, documentedSkips: [])
        guard case .fail(let message) = decision else {
            Issue.record("expected a failure, got \(decision)")
            return
        }
        #expect(message.contains("a-program (runs a program)"))
        #expect(message.contains("\"Tests skipped in CI\" in Documentation/Reliability.md"))
        let documented = Self.requirement.decision(
            isMet: false, isCI: true, documentedSkips: ["a-program"])
        #expect(documented == .skip)
    }

    @Test func theDocumentedSkipsAreTheSectionsTableRows() {
        let document = """
            # Reliability

            | `outside` | a table of another section |

            ## Tests skipped in CI

            Some text, `not-a-row`.

            | Requirement | Tests | Why |
            | --- | --- | --- |
            | `non-root` | `A.b` | CI runs as root |
            | `no-sanitizer` | `C.d` | shadow memory |

            ## Limits

            | `after` | a table of the next section |
            """
        #expect(Requirement.documentedSkips(in: document) == ["non-root", "no-sanitizer"])
        #expect(Requirement.documentedSkips(in: "# Reliability\n| `x` | y |").isEmpty)
    }

    /// Every skip Reliability.md documents names a requirement some test declares (in
    /// `Tests/`), so that the list cannot keep a skip nothing asks for; CI runs as root, so
    /// the one that needs an ordinary user is among them.
    @Test func reliabilityDocumentsOnlyDeclaredRequirements() throws {
        let documented = Requirement.documentedSkips()
        #expect(documented.contains(Requirement.nonRoot.name))
        let repository = Requirement.reliabilityDocument
            .deletingLastPathComponent().deletingLastPathComponent()
        let declared = try Self.declaredRequirementNames(under: repository.appending(path: "Tests"))
        #expect(declared.isSuperset(of: ["sqlite3", "tmpfs", "non-root", "another-user"]))
        #expect(
            documented.subtracting(declared).isEmpty,
            "documented in Reliability.md, declared by no test: \(documented.subtracting(declared))"
        )
    }

    /// No test skips itself with a bare condition, which CI would not see: each goes through
    /// a `Requirement` (in `Tests/` and in the nested package's `Postgres/Tests/`).
    @Test func noTestSkipsWithoutARequirement() throws {
        let repository = Requirement.reliabilityDocument
            .deletingLastPathComponent().deletingLastPathComponent()
        var bare: [String] = []
        for tests in ["Tests", "Postgres/Tests"] {
            let directory = repository.appending(path: tests)
            for (path, text) in try Self.swiftFiles(under: directory) {
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                    .joined(separator: "\n")
                if code.contains(/\.(enabled|disabled)\(\s*if:/) { bare.append("\(tests)/\(path)") }
            }
        }
        #expect(bare.isEmpty, "conditions that skip without a Requirement: \(bare)")
    }

    /// The names in `Requirement("name", …)` in the Swift files under a directory.
    static func declaredRequirementNames(under directory: URL) throws -> Set<String> {
        var names: Set<String> = []
        for (_, text) in try swiftFiles(under: directory) {
            for match in text.matches(of: /Requirement\(\s*"([^"]+)"/) {
                names.insert(String(match.output.1))
            }
        }
        return names
    }

    /// The Swift files under a directory, by path from it, with their text.
    static func swiftFiles(under directory: URL) throws -> [(path: String, text: String)] {
        let files = try #require(FileManager.default.enumerator(atPath: directory.path))
        var found: [(path: String, text: String)] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            let url = directory.appending(path: path)
            // Links to directories formatted elsewhere (Postgres/Tests/Support) are read there.
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            found.append((path, text))
        }
        return found
    }
}
