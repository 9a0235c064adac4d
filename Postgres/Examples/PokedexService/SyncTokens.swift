import Crypto
import Foundation

/// The bearer tokens the service accepts for sync, each mapped to its user, kept only as
/// SHA-256 hashes.
///
/// Tokens come from a file (`--tokens-file`, `POKEDEX_TOKENS_FILE`), one user a line:
///
/// ```text
/// # user   SHA-256 of the token, in hex
/// ash      4f8b…e1
/// misty    a3c9…07
/// ```
///
/// or from `POKEDEX_TOKENS`, the same pairs as `user:hash` separated by commas. Make a hash
/// with `printf %s "$TOKEN" | sha256sum`. The service never sees a token but in a request's
/// `Authorization` header, and never logs one.
struct SyncTokens: Sendable {
    /// Users by the hash of their token.
    private let users: [Data: String]

    /// No tokens: every sync request is refused.
    static let none = SyncTokens(users: [:])

    private init(users: [Data: String]) {
        self.users = users
    }

    /// Whether any token is accepted.
    var isEmpty: Bool { users.isEmpty }

    /// The tokens of a file and of a variable's text; either may be absent.
    ///
    /// - Throws: ``TokenError`` naming the file or the variable and the line or pair that
    ///   is not a user and a 64-digit hex hash, or a user named twice.
    static func read(file: String?, variable: String?) throws -> SyncTokens {
        var users: [Data: String] = [:]
        var named: Set<String> = []
        func add(_ user: String, _ hex: String, _ place: String) throws {
            guard !user.isEmpty, user.count <= 64,
                user.allSatisfy({ $0.isLetter || $0.isNumber || "-_.@".contains($0) })
            else {
                throw TokenError("\(place): '\(user)' is not a user name (letters, digits, -_.@)")
            }
            guard let hash = Data(hex: hex), hash.count == 32 else {
                throw TokenError("\(place): the hash of \(user)'s token is not 64 hex digits")
            }
            guard named.insert(user).inserted, users.updateValue(user, forKey: hash) == nil else {
                throw TokenError("\(place): \(user), or their token, is listed twice")
            }
        }
        if let file {
            let text: String
            do {
                text = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw TokenError(
                    "the tokens file \(file) cannot be read: \(error.localizedDescription)")
            }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                let content =
                    line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    .first ?? ""
                let fields = content.split(whereSeparator: \.isWhitespace)
                if fields.isEmpty { continue }
                guard fields.count == 2 else {
                    throw TokenError("\(file), line \(number + 1): expected a user and a hash")
                }
                try add(String(fields[0]), String(fields[1]), "\(file), line \(number + 1)")
            }
        }
        if let variable {
            for (number, pair) in variable.split(separator: ",").enumerated() {
                let parts = pair.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else {
                    throw TokenError("POKEDEX_TOKENS, pair \(number + 1): expected user:hash")
                }
                try add(
                    parts[0].trimmingCharacters(in: .whitespaces),
                    parts[1].trimmingCharacters(in: .whitespaces),
                    "POKEDEX_TOKENS, pair \(number + 1)")
            }
        }
        return SyncTokens(users: users)
    }

    /// The user a bearer token names, or `nil` for a token the service does not know.
    func user(for token: some StringProtocol) -> String? {
        users[Data(SHA256.hash(data: Data(token.utf8)))]
    }

    /// The SHA-256 of a token, in hex: what a tokens file lists.
    static func hash(of token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// A tokens file or variable that cannot be read, naming where.
struct TokenError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Data {
    /// Bytes from hex digits, or `nil` when the text is not an even number of them.
    fileprivate init?(hex: String) {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex {
            guard let digit = character.hexDigitValue else { return nil }
            if let first = high {
                bytes.append(first << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        guard high == nil else { return nil }
        self.init(bytes)
    }
}
