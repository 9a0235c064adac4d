import Testing

@testable import pokedex

/// What the progress reporter draws: the terminal bar and the plain lines, as pure functions
/// of the progress and the width.
@Suite("pokedex sync's progress: the bar and the plain lines")
struct ProgressReporterTests {
    /// `count` full cells then `empty` empty ones.
    static func cells(_ count: Int, _ empty: Int) -> String {
        String(repeating: "█", count: count) + String(repeating: "░", count: empty)
    }

    @Test(
        "on a wide terminal: a 30-cell bar, then the counts",
        arguments: [
            (0, 151, 0, cells(0, 30) + " 0/151"),
            (1, 151, 0, cells(0, 30) + " 1/151"),
            (75, 150, 0, cells(15, 15) + " 75/150"),
            (150, 151, 0, cells(29, 1) + " 150/151"),
            (151, 151, 0, cells(30, 0) + " 151/151"),
            (50, 100, 2, cells(15, 15) + " 50/100  2 failed"),
            (100, 100, 100, cells(30, 0) + " 100/100  100 failed"),
            (0, 0, 0, cells(30, 0) + " 0/0"),
        ])
    func wide(done: Int, total: Int, failed: Int, line: String) {
        #expect(ProgressReporter.bar(done: done, total: total, failed: failed, width: 79) == line)
    }

    @Test(
        "on a narrow terminal: a shorter bar, then the counts alone, never cut",
        arguments: [
            (20, cells(7, 8) + " 5/10"),  // 15 cells: what "5/10" and a space leave
            (10, cells(2, 3) + " 5/10"),  // 5 cells, the shortest bar
            (9, "5/10"),
            (4, "5/10"),
            (3, ""),
            (0, ""),
            (-1, ""),
        ])
    func narrow(width: Int, line: String) {
        #expect(ProgressReporter.bar(done: 5, total: 10, failed: 0, width: width) == line)
    }

    @Test("with failures and little room, the failures go before the counts do")
    func narrowWithFailures() {
        let bar = { (width: Int) in
            ProgressReporter.bar(done: 40, total: 151, failed: 3, width: width)
        }
        #expect(bar(40) == Self.cells(6, 17) + " 40/151  3 failed")
        #expect(bar(22) == Self.cells(1, 4) + " 40/151  3 failed")
        #expect(bar(21) == "40/151  3 failed")
        #expect(bar(15) == "40/151")
        #expect(bar(5) == "")
    }

    @Test("a line never passes its width, and counts out of range are clamped")
    func fitsAndClamps() {
        for width in 0...60 {
            for (done, total, failed) in [(0, 151, 0), (77, 151, 5), (151, 151, 151), (3, 0, 0)] {
                let line = ProgressReporter.bar(
                    done: done, total: total, failed: failed, width: width)
                #expect(line.count <= width, "\(width): '\(line)'")
            }
        }
        #expect(
            ProgressReporter.bar(done: 200, total: 100, failed: 0, width: 79) == Self.cells(30, 0)
                + " 100/100")
        #expect(
            ProgressReporter.bar(done: -5, total: 100, failed: 0, width: 79) == Self.cells(0, 30)
                + " 0/100")
    }

    @Test("the reporter keeps a column free, so the cursor never wraps")
    func widthFromColumns() {
        #expect(ProgressReporter(isTerminal: true, columns: 40).width == 39)
    }

    @Test("off a terminal: a line every 25 ids and at the end")
    func plainLines() {
        #expect(ProgressReporter.plainLine(done: 0, total: 151, failed: 0) == "synced 0/151")
        #expect(ProgressReporter.plainLine(done: 24, total: 151, failed: 0) == nil)
        #expect(ProgressReporter.plainLine(done: 25, total: 151, failed: 0) == "synced 25/151")
        #expect(
            ProgressReporter.plainLine(done: 50, total: 151, failed: 2)
                == "synced 50/151, 2 failed")
        #expect(ProgressReporter.plainLine(done: 151, total: 151, failed: 0) == "synced 151/151")
        #expect(ProgressReporter.plainLine(done: 7, total: 7, failed: 7) == "synced 7/7, 7 failed")
    }
}
