import Foundation
import TestSupport
import Testing

/// The committed bundle is what `Scripts/make-offline-data.py` makes from `Data/pokeapi/all/`.
@Suite("The bundle's script")
struct BundledDataScriptTests {
    /// The committed bundle.
    static var committed: URL {
        RepositoryData.root.appending(path: "Sources/PokedexOfflineData/Resources")
    }

    @Test("the script makes the committed bundle, byte for byte")
    func scriptMakesTheCommittedBundle() async throws {
        try await withTemporaryDirectory { output in
            let process = try Subprocess(
                executable: URL(filePath: "/usr/bin/env"),
                arguments: [
                    "python3",
                    RepositoryData.root.appending(path: "Scripts/make-offline-data.py").path,
                    "--source", RepositoryData.allDirectory.path, "--output", output.path,
                ],
                standardError: .pipe)
            let (_, message) = await process.readOutputToEnd()
            #expect(
                await process.wait().status == 0, "\(String(decoding: message, as: UTF8.self))")

            let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
            let committedNames = try FileManager.default.contentsOfDirectory(
                atPath: Self.committed.path
            ).sorted()
            #expect(names == committedNames)
            #expect(names.count == 8)
            for name in names {
                let made = try Data(contentsOf: output.appending(path: name))
                let kept = try Data(contentsOf: Self.committed.appending(path: name))
                #expect(made == kept, "\(name) differs from what the script makes")
            }
        }
    }

    @Test("the bundle is at most 3 MB and records its source and licence")
    func sizeAndNotice() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.committed.path)
        let bytes = try names.reduce(0) { total, name in
            total + (try Data(contentsOf: Self.committed.appending(path: name))).count
        }
        #expect(bytes <= 3_000_000, "\(bytes) bytes")
        let readme = try String(
            contentsOf: Self.committed.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("PokeAPI/api-data, commit 9b351758"))
        #expect(readme.contains("BSD-3-Clause"))
        #expect(readme.contains("PokéAPI contributors"))
    }
}
