import Crypto
import Foundation

/// The SHA-256 of some bytes, in hex: what the service's token list holds.
func sha256(_ data: Data) -> String {
    SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
}
