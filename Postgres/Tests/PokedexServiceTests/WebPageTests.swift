import Foundation
import ModelSync
import PokedexKit
import PostgresTestServer
import SQLiteStorage
import Testing

/// The web Pokédex in a real browser: headless Chromium, driven by Selenium from
/// `Scripts/web-page-test.py`.
///
/// It needs Debian's `chromium` and `chromium-driver` and `pip install selenium`, which
/// `.ci/run` installs and then requires through `POKEDEX_BROWSER_TEST=required` (or where `CI`
/// is set): there a missing browser fails the test. Elsewhere the test says it cannot run and
/// passes without a browser.
@Suite("pokedex-service: the web page follows the user's favorites live")
struct WebPageTests {
    static let chromium =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
    static let required =
        ProcessInfo.processInfo.environment["POKEDEX_BROWSER_TEST"] == "required"
        || !["", "0", "false"].contains(ProcessInfo.processInfo.environment["CI"] ?? "")

    @Test(
        "A favorite synced from a store shows in the open page without a reload, and one marked there reaches the store"
    )
    func favoritesFollowTheUser() async throws {
        guard Self.chromium else {
            try #require(
                !Self.required, "the browser test is required here, and Chromium is missing")
            print("WebPageTests: needs /usr/bin/chromium and /usr/bin/chromedriver; not run")
            return
        }
        let database = try await PostgresTestServer.shared().makeDatabase()
        let directory = try SyncServiceTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = SyncServiceTests.tokens["ash"] ?? ""
        try await ServiceInstance.withInstances(
            2, on: database, environment: SyncServiceTests.environment
        ) {
            instances in
            let browser = try BrowserScript.start(
                url: instances[1].baseURL, token: token, watched: 6, marked: 25)
            defer { browser.stop() }
            try await browser.waitFor("READY")

            // The CLI's `pokedex favorite charizard && pokedex sync --remote URL`, through the
            // other instance.
            let (laptop, laptopDB) = try await SyncServiceTests.device(in: directory, "laptop")
            try await laptop.setFavorite(true, pokemonID: 6)
            let replica = try laptop.replica(
                transport: HTTPSyncTransport(baseURL: instances[0].baseURL, token: token))
            try await replica.sync()
            try await browser.waitFor("SEEN 6")
            try await browser.waitFor("MARKED 25")
            try await browser.waitFor("NOTED 25")
            try await replica.sync()
            #expect(try await laptop.favorites().map(\.pokemonID).sorted() == [6, 25])
            #expect(try await laptop.notes(pokemonID: 25).map(\.text) == ["Seen in the web page"])
            try await browser.finish()
            try await laptopDB.close()
        }
    }
}

/// `Scripts/web-page-test.py` as a child process, its output read line by line.
final class BrowserScript: @unchecked Sendable {
    private let process: Process
    private let output: LockedText

    private init(process: Process, output: LockedText) {
        self.process = process
        self.output = output
    }

    static func start(url: URL, token: String, watched: Int, marked: Int) throws -> BrowserScript {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Scripts/web-page-test.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script.path, url.absoluteString + "/", token, String(watched),
            String(marked),
        ]
        let output = LockedText()
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        try process.run()
        return BrowserScript(process: process, output: output)
    }

    /// Waits until the script prints a line, or fails with what it printed.
    func waitFor(_ line: String, within limit: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let text = output.text
            if text.split(separator: "\n").contains(where: { $0.hasPrefix(line) }) { return }
            if text.contains("FAILED") || !process.isRunning, !text.contains(line) {
                try await Task.sleep(for: .milliseconds(200))
                throw ServiceError("the browser script stopped before \(line): \(output.text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServiceError(
            "the browser script did not print \(line) within \(limit): \(output.text)")
    }

    /// Waits for the script to exit, and checks that it succeeded.
    func finish() async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!process.isRunning && process.terminationStatus == 0, "\(output.text)")
    }

    func stop() {
        if process.isRunning { process.terminate() }
    }
}
