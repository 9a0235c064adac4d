/// Ids written for people: sorted, consecutive ones as a run, such as `7, 12, 51–151`.
enum IDRuns {
    /// The ids as runs; past `limit` runs, an ellipsis.
    ///
    /// - Parameters:
    ///   - ids: The ids, in any order; repeats count once.
    ///   - limit: The most runs written out.
    /// - Returns: The runs, such as `1–3, 7, 9–12`.
    static func describe(_ ids: some Sequence<Int>, limit: Int = 6) -> String {
        var runs: [ClosedRange<Int>] = []
        for id in Set(ids).sorted() {
            if let last = runs.last, last.upperBound + 1 == id {
                runs[runs.count - 1] = last.lowerBound...id
            } else {
                runs.append(id...id)
            }
        }
        let shown = runs.prefix(limit).map { run in
            run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)–\(run.upperBound)"
        }
        return shown.joined(separator: ", ") + (runs.count > limit ? ", …" : "")
    }
}
