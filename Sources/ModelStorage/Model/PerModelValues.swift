/// A value that belongs to one model, of a type made from the model: a `StoreState<Model>`, a
/// `StoreTransaction<Model>`, a `LiveQueryRegistry<Model>`.
///
/// ``PerModelValues`` keeps such values, one of each type, and hands each back as its own
/// type.
package protocol PerModelValue: Sendable {
    /// The model the value belongs to.
    associatedtype Model: StorableModel
}

/// A database's state for each of its models, one value of each per-model type, reached as
/// that type: the one place where such state is kept by type.
///
/// A value's type names its model, so the type is the key, and a value comes back as the
/// type it was stored as, with no cast at the caller:
///
/// ```swift
/// var states = PerModelValues()
/// states[StoreState<Pokemon>.self] = StoreState(…)
/// let pokemon = states[StoreState<Pokemon>.self]    // StoreState<Pokemon>?
/// states.contains(StoreState<PokemonSpecies>.self)   // false
/// ```
///
/// Values of several types may share a table (a model's state and its live queries); each
/// type is a key of its own.
package struct PerModelValues: Sendable {
    private var values: [ObjectIdentifier: any Sendable]

    /// An empty table.
    package init() {
        values = [:]
    }

    /// The value of one per-model type, or `nil` when the table holds none.
    ///
    /// - Complexity: O(1).
    package subscript<Value: PerModelValue>(_ type: Value.Type) -> Value? {
        get {
            // The key is the value's own type, so the value is always of that type.
            values[ObjectIdentifier(type)] as? Value
        }
        set {
            values[ObjectIdentifier(type)] = newValue
        }
    }

    /// The value of one per-model type, made by `makeValue` when the table holds none: read,
    /// or changed in place and kept.
    ///
    /// - Complexity: O(1), and `makeValue` when the table holds no value of the type.
    package subscript<Value: PerModelValue>(
        _ type: Value.Type, default makeValue: @autoclosure () -> Value
    ) -> Value {
        get {
            self[type] ?? makeValue()
        }
        _modify {
            var value = removeValue(type) ?? makeValue()
            defer { values[ObjectIdentifier(type)] = value }
            yield &value
        }
    }

    /// Whether the table holds a value of one per-model type.
    ///
    /// - Complexity: O(1).
    package func contains<Value: PerModelValue>(_ type: Value.Type) -> Bool {
        values[ObjectIdentifier(type)] != nil
    }

    /// Removes the value of one per-model type and returns it, so that it can be changed
    /// without a copy.
    ///
    /// - Returns: The value, or `nil` when the table held none.
    /// - Complexity: O(1).
    @discardableResult
    package mutating func removeValue<Value: PerModelValue>(_ type: Value.Type) -> Value? {
        values.removeValue(forKey: ObjectIdentifier(type)) as? Value
    }

    /// Whether the table holds no value.
    package var isEmpty: Bool {
        values.isEmpty
    }
}

extension StoreState: PerModelValue {}
extension StoreTransaction: PerModelValue {}
extension LiveQueryRegistry: PerModelValue {}
extension Overlay: PerModelValue {}
