import Foundation
import PostgresNIO

/// How the service is run: where it listens, and which database it serves.
///
/// Each setting is taken from its command-line option, else its environment variable
/// (PostgreSQL's own `PG…` names for the database), else its default.
struct ServiceConfiguration: Sendable {
    /// The address the HTTP server binds.
    var httpHost = "127.0.0.1"
    /// The HTTP port; 0 for any free one (the line printed at start names it).
    var httpPort = 8080
    /// The database server's host name or address, or the directory of its Unix socket (a
    /// path starting with `/`).
    var databaseHost = "127.0.0.1"
    /// The database server's port (also the number in its socket's name).
    var databasePort = 5432
    /// The database user.
    var databaseUser = "postgres"
    /// The database user's password, from `PGPASSWORD` only (never on a command line).
    var databasePassword: String?
    /// The database.
    var databaseName = "pokedex"
    /// How many connections answer reads.
    var readerCount = 2
    /// The file of sync users and their tokens' hashes (``SyncTokens``); empty for none.
    var tokensFile = ""
    /// The sync users and their tokens' hashes as `user:hash,…`, from `POKEDEX_TOKENS` only
    /// (never on a command line).
    var tokensVariable: String?

    /// One setting: its option, its variable, what it takes, and where it is stored.
    private struct Setting: Sendable {
        let option: String
        let variable: String?
        let placeholder: String
        let help: String
        /// What a value must be, for errors: `a port number, 0 to 65535`.
        let expects: String
        /// Stores a value; `false` when it is refused.
        let apply: @Sendable (inout ServiceConfiguration, String) -> Bool

        /// A setting that takes any text but the empty one.
        static func text(
            _ option: String, _ variable: String?, _ placeholder: String, help: String,
            _ keyPath: any WritableKeyPath<ServiceConfiguration, String> & Sendable
        ) -> Setting {
            Setting(
                option: option, variable: variable, placeholder: placeholder, help: help,
                expects: "a non-empty \(placeholder)",
                apply: { configuration, text in
                    configuration[keyPath: keyPath] = text
                    return !text.isEmpty
                })
        }

        /// A setting that takes a whole number in a range.
        static func number(
            _ option: String, _ variable: String?, _ placeholder: String, help: String,
            in range: ClosedRange<Int>, expects: String,
            _ keyPath: any WritableKeyPath<ServiceConfiguration, Int> & Sendable
        ) -> Setting {
            Setting(
                option: option, variable: variable, placeholder: placeholder, help: help,
                expects: "\(expects), \(range.lowerBound) to \(range.upperBound)",
                apply: { configuration, text in
                    guard let number = Int(text), range.contains(number) else { return false }
                    configuration[keyPath: keyPath] = number
                    return true
                })
        }
    }

    private static let settings: [Setting] = [
        .text(
            "http-host", "POKEDEX_HTTP_HOST", "ADDRESS",
            help: "address to listen on (default 127.0.0.1)", \.httpHost),
        .number(
            "http-port", "POKEDEX_HTTP_PORT", "PORT",
            help: "HTTP port, 0 for any free one (default 8080)", in: 0...65535,
            expects: "a port number", \.httpPort),
        .text(
            "db-host", "PGHOST", "HOST|DIR",
            help: "database host, or its Unix socket's directory (default 127.0.0.1)",
            \.databaseHost),
        .number(
            "db-port", "PGPORT", "PORT", help: "database port (default 5432)", in: 1...65535,
            expects: "a port number", \.databasePort),
        .text(
            "db-user", "PGUSER", "USER",
            help: "database user (default postgres; password from PGPASSWORD)", \.databaseUser),
        .text("db-name", "PGDATABASE", "NAME", help: "database (default pokedex)", \.databaseName),
        .number(
            "db-readers", nil, "N", help: "connections that answer reads (default 2)", in: 1...64,
            expects: "a number of connections", \.readerCount),
        .text(
            "tokens-file", "POKEDEX_TOKENS_FILE", "FILE",
            help:
                "sync users and SHA-256 hashes of their tokens, a pair a line (or $POKEDEX_TOKENS as user:hash,…)",
            \.tokensFile),
    ]

    /// The usage text, listing every option.
    static var usage: String {
        var lines = ["usage: pokedex-service [options]", "", "options (or environment variables):"]
        for setting in settings {
            let variable = setting.variable.map { ", $\($0)" } ?? ""
            let name = "  --\(setting.option) \(setting.placeholder)\(variable)"
            lines.append(name.padding(toLength: 38, withPad: " ", startingAt: 0) + setting.help)
        }
        lines.append("  --help".padding(toLength: 38, withPad: " ", startingAt: 0) + "this text")
        return lines.joined(separator: "\n")
    }

    /// Reads the configuration from the command line and the environment.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program's name.
    ///   - environment: The environment variables.
    /// - Returns: The configuration, or `nil` when `--help` is asked for.
    /// - Throws: ``UsageError`` naming the option or variable at fault and what it takes.
    static func read(arguments: [String], environment: [String: String]) throws(UsageError)
        -> ServiceConfiguration?
    {
        var configuration = ServiceConfiguration()
        configuration.databasePassword = environment["PGPASSWORD"]
        configuration.tokensVariable = environment["POKEDEX_TOKENS"]
        for setting in settings {
            guard let variable = setting.variable, let value = environment[variable] else {
                continue
            }
            guard setting.apply(&configuration, value) else {
                throw UsageError("\(variable) expects \(setting.expects), not '\(value)'")
            }
        }
        var remaining = arguments[...]
        while let word = remaining.popFirst() {
            if word == "--help" || word == "-h" { return nil }
            let equals = word.firstIndex(of: "=")
            let name = word[..<(equals ?? word.endIndex)]
            guard let setting = settings.first(where: { "--" + $0.option == name }) else {
                throw UsageError("unknown option '\(word)'")
            }
            let given = equals.map { String(word[word.index(after: $0)...]) }
            guard let value = given ?? remaining.popFirst() else {
                throw UsageError("--\(setting.option) needs a value: \(setting.placeholder)")
            }
            guard setting.apply(&configuration, value) else {
                throw UsageError("--\(setting.option) expects \(setting.expects), not '\(value)'")
            }
        }
        return configuration
    }

    /// How postgres-nio reaches the database.
    var connection: PostgresConnection.Configuration {
        if databaseHost.hasPrefix("/") {
            let socket = URL(fileURLWithPath: databaseHost, isDirectory: true)
                .appendingPathComponent(".s.PGSQL.\(databasePort)").path
            return PostgresConnection.Configuration(
                unixSocketPath: socket, username: databaseUser, password: databasePassword,
                database: databaseName)
        }
        return PostgresConnection.Configuration(
            host: databaseHost, port: databasePort, username: databaseUser,
            password: databasePassword, database: databaseName, tls: .disable)
    }

    /// The sync tokens of ``tokensFile`` and ``tokensVariable``.
    ///
    /// - Throws: ``TokenError`` naming the file or variable at fault.
    func syncTokens() throws -> SyncTokens {
        try SyncTokens.read(file: tokensFile.isEmpty ? nil : tokensFile, variable: tokensVariable)
    }

    /// The database as the start line names it: `pokedex on 127.0.0.1:5432`.
    var databaseDescription: String {
        "\(databaseName) on \(databaseHost)\(databaseHost.hasPrefix("/") ? " port " : ":")"
            + "\(databasePort)"
    }
}

/// A command line or environment the service cannot run with.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
