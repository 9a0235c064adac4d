// A word search rendered against the tokens a store keeps (`SQLSearchIndex`): each of the
// search's tokens is the keys of the records with a token it begins, and every one is
// required.

extension SQLConditionRenderer {
    /// `"_key" IN (SELECT "_key" FROM "tokens" WHERE "token" >= ? AND "token" < ? AND
    /// "attribute" IN (…)) AND …`, one `IN` for each of the search's tokens.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the model names no
    ///   token table (``SQLTables/addSearchIndex(_:_:)``), the table does not keep one of the
    ///   attributes, or the search is on a collection's elements.
    func search(
        _ keyPaths: [AttributeKeyPath], _ search: TextSearch, in scope: Scope
    ) throws(QueryError) -> Piece {
        var names: [String] = []
        for keyPath in keyPaths { names.append(try RenderingChecks.name(of: keyPath)) }
        guard let root = keyPaths.first?.rootType else { return constant(false) }
        let outer: String
        switch scope {
        case .row: outer = ""
        case .table(let alias): outer = alias + "."
        case .element: try RenderingChecks.refuseSearch(keyPaths, search, target: target)
        }
        guard let index = options.tables.searchIndex(for: ObjectIdentifier(root)),
            names.allSatisfy(index.attributes.contains)
        else { try RenderingChecks.refuseSearch(keyPaths, search, target: target) }
        let key = try Self.quotedIdentifier(index.keyColumn, in: dialect)
        // Every column of the subquery is the token table's, named so: an unqualified name
        // the table lacked would silently read the row around it.
        let tokens = try Self.quotedIdentifier(index.table, in: dialect)
        let token = "\(tokens).\"token\"" + (dialect.textCollation.map { " " + $0 } ?? "")
        let attributes =
            names.count == 1
            ? "\(tokens).\"attribute\" = ?"
            : "\(tokens).\"attribute\" IN (" + names.map { _ in "?" }.joined(separator: ", ")
                + ")"
        let select = "SELECT \(tokens).\(key) FROM \(tokens) WHERE "
        var pieces: [Piece] = []
        for wanted in search.tokens {
            var bindings: [SQLBinding] = [.text(wanted)]
            var range = "\(token) >= ?"
            if let upper = SQLSearchIndex.upperBound(ofPrefix: wanted) {
                range += " AND \(token) < ?"
                bindings.append(.text(upper))
            }
            bindings += names.map { .text($0) }
            pieces.append(
                Piece(
                    sql: outer + key + " IN (" + select + range + " AND " + attributes + ")",
                    bindings: bindings, mayBeNull: false))
        }
        return join(pieces, keyword: "AND", empty: false)
    }
}
