/// Reads one attribute from a model in memory, as fast as the key path allows.
///
/// The query engine runs as unspecialized generic code (the model type is only known at run
/// time), so it works on models in place, through pointers, and never copies a model to read
/// one attribute. For a stored property held inline in a struct, `MemoryLayout.offset(of:)`
/// gives its byte offset, and reading through that offset is documented to be equivalent to
/// reading through the key path; anything else (a class, a computed property, an optional
/// chain) is read through the key path itself.
struct AttributeReader<Root, Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `keyPath` is an immutable key path from a `Sendable` condition
    // (see `AttributeKeyPath`); `offset` is a plain integer.
    private let keyPath: KeyPath<Root, Value>
    private let offset: Int?

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// Reads the attribute of the model at `model`.
    @inline(__always)
    func read(_ model: UnsafePointer<Root>) -> Value {
        if let offset {
            return UnsafeRawPointer(model).load(fromByteOffset: offset, as: Value.self)
        }
        return model.pointee[keyPath: keyPath]
    }

    /// Passes the attribute of the model at `model` to `body`, borrowed where it lies when it
    /// is read at an offset: text is then compared in place, without retaining its storage.
    @inline(__always)
    func withValue<Result>(at model: UnsafePointer<Root>, _ body: (borrowing Value) -> Result)
        -> Result
    {
        if let offset {
            // As `MemoryLayout.offset(of:)` documents: the stored property's memory is bound
            // to its type.
            return body(
                (UnsafeRawPointer(model) + offset).assumingMemoryBound(to: Value.self).pointee)
        }
        return body(model.pointee[keyPath: keyPath])
    }
}

extension AttributeKeyPath {
    /// A reader of this key path's value from a `Root`.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` when the key path is not
    ///   rooted at `Root` or does not lead to a `Value`.
    func reader<Root, Value>(
        _: Root.Type, _: Value.Type
    ) throws(QueryError) -> AttributeReader<Root, Value> {
        guard let typed = typed(Root.self, Value.self) else {
            throw .unsupported(
                operation: description, target: .inMemory,
                reason: "the key path does not read a \(Value.self) from a \(Root.self).")
        }
        return AttributeReader(typed)
    }
}
