import Foundation

/// Prints and writes the results.
enum Report {
    static func print(_ results: [Result], quick: Bool, title: String = "PokedexKit benchmarks") {
        Swift.print("\(title)\(quick ? " (quick)" : "") — \(machine)")
        Swift.print("Every ratio is candidate ÷ baseline, both measured in this run (medians).\n")
        var group = ""
        for result in results {
            if result.group != group {
                group = result.group
                Swift.print("\n\(group)")
            }
            let verdict =
                result.target.maximumRatio.isFinite ? (result.passed ? "pass" : "FAIL") : ""
            Swift.print(
                "  \(pad(result.name, 46)) \(pad(seconds(result.candidateMedianSeconds), 10))"
                    + " vs \(pad(seconds(result.baselineMedianSeconds), 10))"
                    + " ratio \(pad(String(format: "%.3f", result.ratio), 7))"
                    + " target \(pad(result.target.text, 14)) \(verdict)")
            Swift.print("      \(result.candidate) vs \(result.baseline)")
            if let note = result.note { Swift.print("      note: \(note)") }
        }
    }

    static func write(_ results: [Result], quick: Bool, to url: URL) throws {
        struct Document: Encodable {
            var date: Date
            var machine: String
            var quick: Bool
            var results: [Result]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(Document(date: Date(), machine: machine, quick: quick, results: results))
            .write(to: url, options: .atomic)
    }

    static var machine: String {
        let info = ProcessInfo.processInfo
        let memory = Double(info.physicalMemory) / 1_073_741_824
        return "\(info.activeProcessorCount) cores, \(String(format: "%.0f", memory)) GiB, "
            + info.operatingSystemVersionString
    }

    static func seconds(_ value: Double) -> String {
        if value >= 1 { return String(format: "%.2f s", value) }
        if value >= 0.001 { return String(format: "%.1f ms", value * 1_000) }
        return String(format: "%.1f µs", value * 1_000_000)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
