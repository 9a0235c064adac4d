import Foundation
import PokedexKit

extension SyncCommand {
    /// The options of `sync --remote`.
    enum RemoteOptions {
        /// `--remote URL`: a pokedex-service to exchange the user's data with.
        static let remote = Option<URL?>(
            "remote", "URL",
            help: "exchange your favorites and notes with a pokedex-service, such as "
                + "http://127.0.0.1:8080 (token from $POKEDEX_TOKEN or --token-file)",
            convert: expecting("a service URL such as http://127.0.0.1:8080") { text in
                URL(string: text).flatMap { $0.host == nil ? nil : $0 }
            })

        /// `--token-file FILE`: the file the bearer token is read from.
        static let tokenFile = Option<URL?>(
            "token-file", "FILE",
            help: "read the sync token from FILE (with --remote); else $POKEDEX_TOKEN",
            convert: expecting("a file") { path in path.isEmpty ? nil : URL(filePath: path) })
    }

    /// Pushes the user's favorites and notes written here to the service, and pulls what
    /// other devices wrote.
    func exchange(with remote: URL) async throws {
        let token = try Self.token(file: tokenFile)
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let report = try await store.withPokedex { pokedex in
            let replica = try pokedex.replica(
                transport: HTTPSyncTransport(baseURL: remote, token: token))
            return try await replica.sync()
        }
        let pushed = report.pushResults.count
        Console.out(
            "Exchanged with \(remote.absoluteString): pushed \(pushed) "
                + (pushed == 1 ? "write" : "writes") + ", pulled \(report.pulledChanges) "
                + (report.pulledChanges == 1 ? "change" : "changes") + ".")
        for overruled in report.overruled {
            Console.error(
                "  the service kept its own \(overruled.model) \(overruled.id) "
                    + "(\(overruled.outcome.rawValue)); this store now holds the service's")
        }
    }

    /// The bearer token: the file's first line, else `POKEDEX_TOKEN`; never an argument, so
    /// that it stays out of the shell's history and the process list.
    static func token(file: URL?) throws -> String {
        if let file {
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw CommandFailure(
                    "the token file \(file.path) cannot be read: \(error.localizedDescription)")
            }
            let token = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !token.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CommandFailure("the token file \(file.path) is empty")
            }
            return token.trimmingCharacters(in: .whitespaces)
        }
        guard let token = ProcessInfo.processInfo.environment["POKEDEX_TOKEN"], !token.isEmpty
        else {
            throw CommandFailure(
                "sync --remote needs a token: set POKEDEX_TOKEN, or give --token-file FILE")
        }
        return token
    }
}
