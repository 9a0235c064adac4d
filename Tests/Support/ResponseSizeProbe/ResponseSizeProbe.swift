import Foundation
import PokedexKit

/// A child process for the response-size tests, which read its standard output: it fetches
/// Pokémon 25 from a server with a limit on the response's size, then says what it got and
/// the most memory it ever held, so that a test measures the client alone.
///
/// `ResponseSizeProbe <base URL> <maximum response size>` prints `ok <name>` or
/// `error <description>`, then `peak <kilobytes>` (the process's `VmHWM`).
@main
enum ResponseSizeProbe {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let baseURL = URL(string: arguments[1]),
            let limit = Int(arguments[2])
        else {
            print("usage: ResponseSizeProbe <base URL> <maximum response size>")
            exit(2)
        }
        let client = PokeAPIClient(
            configuration: .init(
                baseURL: baseURL, retryPolicy: .never, maximumResponseSize: limit))
        do {
            let pokemon = try await client.pokemon(id: 25)
            print("ok \(pokemon?.name ?? "nil")")
        } catch {
            print("error \(error)")
        }
        print("peak \(peakKilobytes())")
    }

    /// The most resident memory the process held, from `/proc/self/status`; 0 elsewhere.
    static func peakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    }
}
