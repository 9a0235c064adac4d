/// Lays out rows of text as an aligned table: numbers right-aligned, text left-aligned,
/// each column as wide as its widest cell in terminal columns (``DisplayWidth``).
struct TableFormatter {
    enum Alignment {
        case left, right
    }

    struct Column {
        var title: String
        var alignment: Alignment
    }

    var columns: [Column]

    func format(_ rows: [[String]]) -> String {
        var widths = columns.map(\.title.displayWidth)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        func line(_ cells: [String]) -> String {
            zip(cells, zip(columns, widths)).map { cell, layout in
                let padding = String(repeating: " ", count: layout.1 - cell.displayWidth)
                return layout.0.alignment == .left ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        var lines = [line(columns.map(\.title))]
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
