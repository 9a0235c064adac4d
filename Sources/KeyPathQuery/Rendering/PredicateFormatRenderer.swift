/// Renders a condition's tree as an `NSPredicate` format string and its arguments.
///
/// Every attribute name is an argument for `%K` and every value an argument for `%@`; the
/// format holds only keywords, operators, `nil`, the variables of `SUBQUERY` and the constant
/// `0` of `@count` tests. Each node renders to a ``Piece`` that carries its own arguments, so
/// arguments always follow the order of their specifiers.
struct PredicateFormatRenderer {
    /// Where attribute names are looked up.
    enum Scope {
        /// The model: `%K`.
        case model
        /// The elements of a collection inside `SUBQUERY`: `$x1.%K`, or `$x1` itself.
        case element(variable: String)
        /// A record referred to through to-one relationships, from the model or from a
        /// `SUBQUERY` variable: `%K` with `species.name`, or `$r1.%K`.
        case related(variable: String?, path: String)
    }

    /// A rendered node.
    struct Piece {
        var format: String
        var arguments: [QueryValue]
        /// Whether the piece must be parenthesized inside `AND` or `OR`.
        var isCompound = false

        static func constant(_ value: Bool) -> Piece {
            Piece(format: value ? "TRUEPREDICATE" : "FALSEPREDICATE", arguments: [])
        }
    }

    private let target = QueryTarget.predicateFormat

    /// Renders a node in a scope; `level` counts the `SUBQUERY`s around it.
    func render(_ node: ConditionNode, in scope: Scope, level: Int) throws(QueryError) -> Piece {
        switch node {
        case .constant(let value):
            return .constant(value)
        case .comparison(let keyPath, let comparison, let value):
            return try renderComparison(keyPath, comparison, value, in: scope)
        case .between(let keyPath, let lower, let upper):
            let attribute = try attribute(keyPath, in: scope)
            let bounds = try RenderingChecks.operands(
                [lower, upper], fitting: keyPath.valueType, attribute: attribute.name,
                target: target)
            // A missing bound orders against nothing: false, as in memory.
            if bounds.contains(where: \.isNull) { return .constant(false) }
            return Piece(
                format: attribute.format + " BETWEEN %@",
                arguments: attribute.arguments + [.list(bounds)])
        case .oneOf(let keyPath, let values):
            let attribute = try attribute(keyPath, in: scope)
            return membership(
                attribute,
                try RenderingChecks.operands(
                    values, fitting: keyPath.valueType, attribute: attribute.name, target: target),
                quantifier: "")
        case .text(let keyPath, let operation, let operand, let options):
            return try text(keyPath, operation, operand, options, in: scope)
        case .textOneOf(let keyPath, let operands, let options):
            return try textOneOf(keyPath, operands, options, in: scope)
        case .search(let keyPaths, let search):
            try RenderingChecks.refuseSearch(keyPaths, search, target: target)
        case .collection(let keyPath, let test):
            return try collection(keyPath, test, in: scope)
        case .quantified(let keyPath, let quantifier, let element):
            return try quantified(keyPath, quantifier, element, in: scope, level: level)
        case .referenced(let link, let inner):
            return try referenced(link, inner, in: scope, level: level)
        case .referring(let link, let quantifier, let inner):
            return try referring(link, quantifier, inner, in: scope, level: level)
        case .not(let inner):
            let piece = try render(inner, in: scope, level: level)
            return Piece(format: "NOT (" + piece.format + ")", arguments: piece.arguments)
        case .and(let nodes):
            return try junction(nodes, keyword: "AND", empty: true, in: scope, level: level)
        case .or(let nodes):
            return try junction(nodes, keyword: "OR", empty: false, in: scope, level: level)
        case .tooDeep(let depth):
            throw .conditionTooDeep(depth: depth, limit: Condition<Void>.maximumDepth)
        }
    }

    // MARK: Attributes

    /// An attribute as the format names it.
    struct Attribute {
        /// The attribute name, for messages and `%K`.
        var name: String
        /// `%K`, `$x1.%K`, `SELF` or `$x1`.
        var format: String
        /// The name for `%K`, or nothing for `SELF` and a variable.
        var arguments: [QueryValue]
    }

    private func attribute(
        _ keyPath: AttributeKeyPath, in scope: Scope
    ) throws(QueryError) -> Attribute {
        let name = try RenderingChecks.name(of: keyPath)
        switch (scope, keyPath.isIdentity) {
        case (.model, true): return Attribute(name: name, format: "SELF", arguments: [])
        case (.model, false): return Attribute(name: name, format: "%K", arguments: [.string(name)])
        case (.element(let variable), true):
            return Attribute(name: name, format: variable, arguments: [])
        case (.element(let variable), false):
            return Attribute(name: name, format: variable + ".%K", arguments: [.string(name)])
        case (.related, true):
            throw .unsupported(
                operation: "a condition on \(keyPath.description) itself", target: target,
                reason: "a record referred to is not a value; name one of its attributes.")
        case (.related(let variable, let path), false):
            return Attribute(
                name: name, format: (variable.map { $0 + "." } ?? "") + "%K",
                arguments: [.string(path + "." + name)])
        }
    }

    // MARK: References

    /// A condition on the record referred to, through the to-one relationship named after
    /// the attribute: `%K == %@` with `species.is_legendary`.
    private func referenced(
        _ link: ReferenceLink, _ inner: ConditionNode, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let relationship = link.relationshipName(
            attributeName: try RenderingChecks.name(of: link.attribute))
        let related: Scope =
            switch scope {
            case .model: .related(variable: nil, path: relationship)
            case .element(let variable): .related(variable: variable, path: relationship)
            case .related(let variable, let path):
                .related(variable: variable, path: path + "." + relationship)
            }
        return try render(inner, in: related, level: level)
    }

    /// A condition on the records that refer to this one, as a `SUBQUERY` through the to-many
    /// relationship the condition names.
    private func referring(
        _ link: ReferenceLink, _ quantifier: Quantifier, _ inner: ConditionNode,
        in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        guard let inverse = link.inverseName else {
            throw .unsupported(
                operation: "a condition on the \(link.referring) records that refer to a "
                    + "\(link.referred) through \(link)", target: target,
                reason: "an NSPredicate reaches them through a to-many relationship; name it "
                    + "with the condition's `inverse:`.")
        }
        let collection: Attribute =
            switch scope {
            case .model: Attribute(name: inverse, format: "%K", arguments: [.string(inverse)])
            case .element(let variable):
                Attribute(name: inverse, format: variable + ".%K", arguments: [.string(inverse)])
            case .related(let variable, let path):
                Attribute(
                    name: inverse, format: (variable.map { $0 + "." } ?? "") + "%K",
                    arguments: [.string(path + "." + inverse)])
            }
        let variable = "$r\(level + 1)"
        let rendered = try render(inner, in: .element(variable: variable), level: level + 1)
        return subquery(collection, variable: variable, quantifier, rendered)
    }

    // MARK: Comparisons

    private func renderComparison(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ written: QueryValue,
        in scope: Scope
    ) throws(QueryError) -> Piece {
        let attribute = try attribute(keyPath, in: scope)
        let value = try RenderingChecks.operand(
            written, fitting: keyPath.valueType, attribute: attribute.name, target: target)
        guard !value.isNull else {
            switch comparison {
            case .equal, .notEqual:
                return Piece(
                    format: attribute.format + " \(comparison.symbol) nil",
                    arguments: attribute.arguments)
            case .less, .lessOrEqual, .greater, .greaterOrEqual:
                // Nothing orders against nil: false, as in memory.
                return .constant(false)
            }
        }
        return Piece(
            format: attribute.format + " \(comparison.symbol) %@",
            arguments: attribute.arguments + [value])
    }

    /// `IN` over the present values (`==` for one), or'ed with `== nil` when the list holds
    /// `nil`; `quantifier` is `""` for an attribute, `"ANY "` for a collection's elements.
    private func membership(
        _ attribute: Attribute, _ values: [QueryValue], quantifier: String
    ) -> Piece {
        let present = values.filter { !$0.isNull }
        let matchesNil = present.count < values.count
        let isNil = Piece(
            format: quantifier + attribute.format + " == nil", arguments: attribute.arguments)
        if present.isEmpty { return matchesNil ? isNil : .constant(false) }
        let isIn =
            present.count == 1
            ? Piece(
                format: quantifier + attribute.format + " == %@",
                arguments: attribute.arguments + present)
            : Piece(
                format: quantifier + attribute.format + " IN %@",
                arguments: attribute.arguments + [.list(present)])
        guard matchesNil else { return isIn }
        return Piece(
            format: isIn.format + " OR " + isNil.format,
            arguments: isIn.arguments + isNil.arguments, isCompound: true)
    }

    // MARK: Text

    private func text(
        _ keyPath: AttributeKeyPath, _ operation: TextOperator, _ operand: String,
        _ options: TextOptions, in scope: Scope
    ) throws(QueryError) -> Piece {
        let attribute = try attribute(keyPath, in: scope)
        let keyword = operation.predicateKeyword + options.predicateModifier
        try RenderingChecks.checkText(
            keyPath.valueType, attribute: attribute.name,
            operation: "\(attribute.name) \(keyword)", target: target)
        switch operation {
        case .contains, .hasPrefix, .hasSuffix:
            if operand.isEmpty {
                // The empty string is in every present text; NSString's answer differs (its
                // `hasPrefix:` of "" is NO), so the test is rendered as what it means.
                return Piece(format: attribute.format + " != nil", arguments: attribute.arguments)
            }
        case .matches:
            // NSPredicate would raise when evaluating an invalid expression; refuse it now.
            _ = try TextMatcher.regularExpression(operand, options: options)
        case .like:
            break
        }
        return Piece(
            format: attribute.format + " " + keyword + " %@",
            arguments: attribute.arguments + [.string(operand)])
    }

    /// The attribute equal to one of the texts, compared as `options` say.
    ///
    /// Exact, the list as ``membership(_:_:quantifier:)`` renders it; with options, one
    /// `==[c]` comparison per operand, or'ed. Not `IN[c]`: what `NSPredicate` and Core Data's
    /// stores make of options on `IN` is not documented, and `==[c]` is.
    private func textOneOf(
        _ keyPath: AttributeKeyPath, _ operands: [String], _ options: TextOptions,
        in scope: Scope
    ) throws(QueryError) -> Piece {
        let attribute = try attribute(keyPath, in: scope)
        let keyword = "==" + options.predicateModifier
        try RenderingChecks.checkText(
            keyPath.valueType, attribute: attribute.name,
            operation: "\(attribute.name) \(keyword)", target: target)
        guard !options.isEmpty else {
            return membership(attribute, operands.map(QueryValue.string), quantifier: "")
        }
        let comparisons = operands.map { operand in
            Piece(
                format: attribute.format + " " + keyword + " %@",
                arguments: attribute.arguments + [.string(operand)])
        }
        return join(comparisons, keyword: "OR", empty: false)
    }

    // MARK: Collections

    private func collection(
        _ keyPath: AttributeKeyPath, _ test: CollectionTest, in scope: Scope
    ) throws(QueryError) -> Piece {
        let attribute = try attribute(keyPath, in: scope)
        let elementType = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: attribute.name,
            operation: "a collection test on \"\(attribute.name)\"", target: target)
        func elements(_ values: [QueryValue]) throws(QueryError) -> [QueryValue] {
            try RenderingChecks.operands(
                values, fitting: elementType, attribute: attribute.name, target: target)
        }
        switch test {
        case .contains(let value):
            return membership(attribute, try elements([value]), quantifier: "ANY ")
        case .containsAny(let values):
            return membership(attribute, try elements(values), quantifier: "ANY ")
        case .containsAll(let values):
            var pieces: [Piece] = []
            for value in try elements(values) {
                pieces.append(membership(attribute, [value], quantifier: "ANY "))
            }
            return join(pieces, keyword: "AND", empty: true)
        case .count(let comparison, let number):
            return Piece(
                format: attribute.format + ".@count \(comparison.symbol) %@",
                arguments: attribute.arguments + [.integer(Int64(number))])
        }
    }

    private func quantified(
        _ keyPath: AttributeKeyPath, _ quantifier: Quantifier, _ element: ConditionNode,
        in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        let attribute = try attribute(keyPath, in: scope)
        _ = try RenderingChecks.elementType(
            of: keyPath.valueType, attribute: attribute.name,
            operation: "\(quantifier.rawValue) element of \"\(attribute.name)\"", target: target)
        let variable = "$x\(level + 1)"
        let inner = try render(element, in: .element(variable: variable), level: level + 1)
        return subquery(attribute, variable: variable, quantifier, inner)
    }

    /// `SUBQUERY(collection, variable, condition).@count`, compared as the quantifier says.
    private func subquery(
        _ attribute: Attribute, variable: String, _ quantifier: Quantifier, _ inner: Piece
    ) -> Piece {
        let (condition, count) =
            switch quantifier {
            case .any: (inner.format, ".@count > 0")
            case .all: ("NOT (" + inner.format + ")", ".@count == 0")
            case .none: (inner.format, ".@count == 0")
            }
        return Piece(
            format: "SUBQUERY(" + attribute.format + ", " + variable + ", " + condition + ")"
                + count,
            arguments: attribute.arguments + inner.arguments)
    }

    // MARK: Combining

    private func junction(
        _ nodes: [ConditionNode], keyword: String, empty: Bool, in scope: Scope, level: Int
    ) throws(QueryError) -> Piece {
        var pieces: [Piece] = []
        for node in nodes {
            pieces.append(try render(node, in: scope, level: level))
        }
        return join(pieces, keyword: keyword, empty: empty)
    }

    private func join(_ pieces: [Piece], keyword: String, empty: Bool) -> Piece {
        guard pieces.count > 1 else { return pieces.first ?? .constant(empty) }
        var formats: [String] = []
        var arguments: [QueryValue] = []
        for piece in pieces {
            formats.append(piece.isCompound ? "(" + piece.format + ")" : piece.format)
            arguments += piece.arguments
        }
        return Piece(
            format: formats.joined(separator: " \(keyword) "), arguments: arguments,
            isCompound: true)
    }
}

extension TextOperator {
    /// The operator's keyword in `NSPredicate` format.
    var predicateKeyword: String {
        switch self {
        case .contains: "CONTAINS"
        case .hasPrefix: "BEGINSWITH"
        case .hasSuffix: "ENDSWITH"
        case .like: "LIKE"
        case .matches: "MATCHES"
        }
    }
}
