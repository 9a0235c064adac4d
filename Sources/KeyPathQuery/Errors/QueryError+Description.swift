extension QueryError: CustomStringConvertible {
    /// The error as one sentence that says what and where.
    public var description: String {
        switch storage {
        case .unmappedKeyPath(let keyPath, let model):
            return "The key path \(keyPath) has no attribute name: add it to "
                + "\(model).queryAttributes."
        case .invalidMapping(let model, let unmapped, let duplicates):
            var parts: [String] = []
            if !unmapped.isEmpty {
                parts.append(
                    "stored properties without an attribute name: "
                        + unmapped.joined(separator: ", "))
            }
            if !duplicates.isEmpty {
                parts.append(
                    "attribute names used twice: " + duplicates.joined(separator: ", "))
            }
            return "\(model).queryAttributes is incomplete: " + parts.joined(separator: "; ")
                + "."
        case .unknownAttribute(let name, let model):
            return "\(model) has no attribute named \"\(name)\"."
        case .invalidValue(let value, let attribute, let expected):
            return "The value \(value) does not fit the attribute \"\(attribute)\", "
                + "which holds \(expected)."
        case .unsupported(let operation, let target, let reason):
            return "\(target) cannot express \(operation): \(reason)"
        case .invalidRegularExpression(let pattern, let reason):
            return "The regular expression \"\(pattern)\" is invalid: \(reason)"
        case .invalidPagination(let limit, let offset):
            return "A query's limit and offset cannot be negative, nor a change feed's limit "
                + "below 1 (limit \(limit.map(String.init) ?? "none"), offset \(offset))."
        case .conditionTooDeep(let depth, let limit):
            return "The condition is nested \(depth) levels deep; the limit is \(limit)."
        case .aggregateOverflow(let aggregate):
            return "The \(aggregate) of a group does not fit in a 64-bit integer "
                + "(Int64.min...Int64.max)."
        case .invalidSearch(let text, let reason, let position):
            let shown = text.count > 80 ? text.prefix(80) + "…" : Substring(text)
            return "The search \"\(shown)\" is invalid at character \(position): \(reason)."
        }
    }
}
