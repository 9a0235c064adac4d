extension Condition where Model: Queryable {
    /// Renders the condition as an SQL boolean expression, for a `WHERE` clause: SQLite's by
    /// default, PostgreSQL's with ``SQLDialect/postgreSQL``.
    ///
    /// ```swift
    /// let condition: Condition<Pokemon> = .contains(\.types, .fire) && \.attack >= 80
    /// let fragment = try condition.sqlExpression()
    /// fragment.sql
    /// // (instr("types", ?) > 0
    /// //   AND EXISTS (SELECT 1 FROM json_each("types") AS e1 WHERE e1.value = ?))
    /// // AND "attack" >= ?
    /// fragment.bindings    // [.text("\"fire\""), .text("fire"), .integer(80)]
    /// ```
    ///
    /// Each attribute is the column of its name, quoted; a nested attribute such as
    /// `\.session.name` is the column `"session.name"`; arrays and sets are JSON arrays in a
    /// TEXT column. Values are always bindings. The expression selects exactly the rows whose
    /// values satisfy the condition in memory: <doc:OneMeaningInEveryTarget> says how, and
    /// <doc:OperatorsInEveryTarget> lists every operator's SQL.
    ///
    /// In the ``SQLDialect/postgreSQL`` dialect the placeholders are `$1`, `$2`, …; see
    /// <doc:OperatorsInEveryTarget> for each operator's PostgreSQL.
    ///
    /// ```swift
    /// let fragment = try condition.sqlExpression(options: SQLOptions(dialect: .postgreSQL))
    /// fragment.sql         // "types" @> CAST($1 AS jsonb) AND "attack" >= $2
    /// fragment.bindings    // [.text("[\"fire\"]"), .integer(80)]
    /// ```
    ///
    /// - Parameter options: The dialect (SQLite by default), and how dates are stored
    ///   (seconds since 1970 by default).
    /// - Returns: The expression and its bindings.
    /// - Throws: ``QueryError``: ``QueryError/unsupported(operation:target:reason:)`` for what
    ///   SQLite cannot express with the same meaning — ``matches(_:_:options:)``,
    ///   ``TextOptions/diacriticInsensitive``, ``TextOptions/caseInsensitive`` with an operand
    ///   outside ASCII, a `like` pattern holding NUL, an unsigned integer above `Int64.max`,
    ///   NaN, bytes inside JSON; ``QueryError/unmappedKeyPath(_:model:)`` for a key path without
    ///   an attribute name; ``QueryError/invalidValue(_:attribute:expected:)`` for a decoded
    ///   value that does not fit its attribute; and ``QueryError/conditionTooDeep(depth:limit:)``
    ///   beyond ``maximumDepth``.
    /// - Complexity: O(*n*) in the size of the condition.
    public func sqlExpression(options: SQLOptions = SQLOptions()) throws(QueryError) -> SQLFragment
    {
        guard depth <= Self.maximumDepth else {
            throw .conditionTooDeep(depth: depth, limit: Self.maximumDepth)
        }
        let piece = try SQLConditionRenderer(options: options).render(node, in: .row, level: 0)
        return SQLFragment(
            sql: SQLPlaceholders.number(piece.sql, in: options.dialect), bindings: piece.bindings)
    }
}
