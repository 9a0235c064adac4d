extension QueryError {
    /// The key path without an attribute name, as Swift prints it, for
    /// ``Code/unmappedKeyPath``.
    public var keyPath: String? {
        guard case .unmappedKeyPath(let keyPath, _) = storage else { return nil }
        return keyPath
    }

    /// The model's type name, for ``Code/unmappedKeyPath``, ``Code/invalidMapping`` and
    /// ``Code/unknownAttribute``.
    public var model: String? {
        switch storage {
        case .unmappedKeyPath(_, let model), .invalidMapping(let model, _, _),
            .unknownAttribute(_, let model):
            model
        default: nil
        }
    }

    /// The stored properties without an attribute name, for ``Code/invalidMapping``; empty
    /// for the other codes.
    public var unmappedProperties: [String] {
        guard case .invalidMapping(_, let unmapped, _) = storage else { return [] }
        return unmapped
    }

    /// The attribute names used twice, for ``Code/invalidMapping``; empty for the other codes.
    public var duplicateNames: [String] {
        guard case .invalidMapping(_, _, let duplicates) = storage else { return [] }
        return duplicates
    }

    /// The attribute's name, for ``Code/unknownAttribute`` and ``Code/invalidValue``.
    public var attribute: String? {
        switch storage {
        case .unknownAttribute(let name, _), .invalidValue(_, let name, _): name
        default: nil
        }
    }

    /// The value that does not fit its attribute, for ``Code/invalidValue``.
    public var value: QueryValue? {
        guard case .invalidValue(let value, _, _) = storage else { return nil }
        return value
    }

    /// What the attribute holds, such as `Int`, for ``Code/invalidValue``.
    public var expectedType: String? {
        guard case .invalidValue(_, _, let expected) = storage else { return nil }
        return expected
    }

    /// The operation a target cannot express, such as `CONTAINS[d]`, for
    /// ``Code/unsupported``.
    public var operation: String? {
        guard case .unsupported(let operation, _, _) = storage else { return nil }
        return operation
    }

    /// The target that cannot express the operation, for ``Code/unsupported``.
    public var target: QueryTarget? {
        guard case .unsupported(_, let target, _) = storage else { return nil }
        return target
    }

    /// Why, in a sentence, for ``Code/unsupported``, ``Code/invalidRegularExpression`` and
    /// ``Code/invalidSearch``.
    public var reason: String? {
        switch storage {
        case .unsupported(_, _, let reason), .invalidRegularExpression(_, let reason),
            .invalidSearch(_, let reason, _):
            reason
        default: nil
        }
    }

    /// The regular expression that does not compile, for ``Code/invalidRegularExpression``.
    public var pattern: String? {
        guard case .invalidRegularExpression(let pattern, _) = storage else { return nil }
        return pattern
    }

    /// The query's limit, for ``Code/invalidPagination``; `nil` also when the query has none.
    public var limit: Int? {
        guard case .invalidPagination(let limit, _) = storage else { return nil }
        return limit
    }

    /// The query's offset, for ``Code/invalidPagination``.
    public var offset: Int? {
        guard case .invalidPagination(_, let offset) = storage else { return nil }
        return offset
    }

    /// How deep the condition is nested, for ``Code/conditionTooDeep``.
    public var depth: Int? {
        guard case .conditionTooDeep(let depth, _) = storage else { return nil }
        return depth
    }

    /// The deepest nesting allowed, ``Condition/maximumDepth``, for
    /// ``Code/conditionTooDeep``.
    public var depthLimit: Int? {
        guard case .conditionTooDeep(_, let limit) = storage else { return nil }
        return limit
    }

    /// The aggregate whose sum overflowed, as it reads in messages, for
    /// ``Code/aggregateOverflow``.
    public var aggregate: String? {
        guard case .aggregateOverflow(let aggregate) = storage else { return nil }
        return aggregate
    }

    /// The text a search was to be parsed from, as typed, for ``Code/invalidSearch``.
    public var searchText: String? {
        guard case .invalidSearch(let text, _, _) = storage else { return nil }
        return text
    }

    /// Where in ``searchText`` the problem is, as an offset in `Character`s from its start,
    /// for ``Code/invalidSearch``: the first character past the length limit, the first
    /// character of the word past the word limit, or 0 when the whole text is at fault.
    public var position: Int? {
        guard case .invalidSearch(_, _, let position) = storage else { return nil }
        return position
    }
}
