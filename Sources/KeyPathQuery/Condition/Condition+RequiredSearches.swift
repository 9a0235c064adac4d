/// A word search that a condition requires, with the names of the attributes it looks in:
/// what a store's index of words answers (see ``Condition/requiredSearches()``).
///
/// Not nested in the generic ``Condition``: the stores' engine is not specialized for an
/// application's model.
package struct RequiredSearch: Hashable, Sendable {
    /// The names of the attributes searched, as the model's attribute map gives them, in the
    /// condition's order.
    package let attributeNames: [String]
    /// The search.
    package let search: TextSearch
}

extension Condition {
    /// The word searches a record must match for the condition to hold: the condition itself
    /// when it is a search, and the searches among the clauses of an `&&`, at any depth.
    ///
    /// A store that keeps the folded tokens of the attributes looks each search's tokens up
    /// instead of scanning every record, and evaluates the whole condition on what it finds,
    /// so the searches only have to narrow the records it can hold for. A search under a
    /// negation, an `||`, a quantifier or a reference is not required, nor is one over an
    /// attribute the model's map does not name.
    ///
    /// - Returns: The searches, in the condition's order; empty when it requires none.
    package func requiredSearches() -> [RequiredSearch] {
        var found: [RequiredSearch] = []
        node.collectRequiredSearches(into: &found)
        return found
    }
}

// On the node rather than the generic `Condition`, as `indexRanges(of:)` is.
extension ConditionNode {
    fileprivate func collectRequiredSearches(into found: inout [RequiredSearch]) {
        switch self {
        case .search(let keyPaths, let search):
            var names: [String] = []
            for keyPath in keyPaths {
                guard let name = try? AttributeIndex.of(keyPath.rootType).name(for: keyPath)
                else { return }
                names.append(name)
            }
            found.append(RequiredSearch(attributeNames: names, search: search))
        case .and(let children):
            for child in children { child.collectRequiredSearches(into: &found) }
        default:
            break
        }
    }
}
