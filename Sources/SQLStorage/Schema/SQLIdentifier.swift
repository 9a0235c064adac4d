import KeyPathQuery

/// Names in SQL: quoting, and names kept within a database's length limit.
public enum SQLIdentifier {
    /// An identifier in double quotes, inner double quotes doubled, as SQLite and PostgreSQL
    /// (and the SQL standard) read it.
    ///
    /// ```swift
    /// SQLIdentifier.quoted(#"my "table""#)   // "my ""table"""
    /// ```
    ///
    /// - Parameter identifier: The name, unquoted.
    /// - Returns: The name, quoted.
    public static func quoted(_ identifier: String) -> String {
        SQLQuoting.quoted(identifier, in: "\"")
    }

    /// A name made of a prefix and a name, or of the prefix and a 64-bit FNV-1a hash of the
    /// name when both together are longer than a database keeps (PostgreSQL keeps 63 bytes
    /// of an identifier and cuts the rest).
    ///
    /// ```swift
    /// SQLIdentifier.bounded("modelstorage_", "pokemon")   // modelstorage_pokemon
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: What the name starts with.
    ///   - name: The rest, replaced by its hash when too long.
    ///   - maximumLength: The most bytes of UTF-8 a name may have; 63 by default.
    /// - Returns: The name, unquoted.
    public static func bounded(_ prefix: String, _ name: String, maximumLength: Int = 63)
        -> String
    {
        guard (prefix + name).utf8.count > maximumLength else { return prefix + name }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return prefix + String(hash, radix: 16)
    }
}
