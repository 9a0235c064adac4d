/// The columns a line takes in a terminal, counted apart from the tool's `displayWidth` so
/// that a test of the tool's output does not check the tool against itself: Hangul, kana,
/// Han and fullwidth forms take two, combining marks none, anything else one.
enum TerminalColumns {
    static func count(_ line: some StringProtocol) -> Int {
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x20000...0x3FFFD,
        ]
        return line.unicodeScalars.reduce(0) { total, scalar in
            if scalar.properties.generalCategory == .nonspacingMark { return total }
            return total + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }
}
