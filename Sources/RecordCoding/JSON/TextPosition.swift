/// A line and column in a text file, both counted from 1; the column counts characters
/// (UTF-8 sequences), not bytes.
package struct TextPosition: Hashable, Sendable {
    package let line: Int
    package let column: Int

    /// The position of a byte offset in some bytes.
    package init(offset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        self.column = column
    }
}
