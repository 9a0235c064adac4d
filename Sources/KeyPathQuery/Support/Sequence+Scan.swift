extension Sequence {
    /// Visits the elements in order until `body` returns `false`.
    ///
    /// The query engine runs as unspecialized generic code (the model type is only known at
    /// run time), where a `for`-`in` loop instantiates iterator metadata on every step. Going
    /// through contiguous storage, when the sequence has it (arrays do), makes the loop plain
    /// pointer arithmetic.
    @inline(__always)
    func scan(_ body: (Element) throws -> Bool) rethrows {
        let scanned: Void? = try withContiguousStorageIfAvailable { buffer in
            var index = 0
            while index < buffer.count {
                guard try body(buffer[index]) else { return }
                index += 1
            }
        }
        if scanned != nil { return }
        for element in self {
            guard try body(element) else { return }
        }
    }

    /// The elements that satisfy `isIncluded`, in order (see ``scan(_:)`` for why).
    @inline(__always)
    func scanFilter(_ isIncluded: (Element) -> Bool) -> [Element] {
        var result: [Element] = []
        scan { element in
            if isIncluded(element) { result.append(element) }
            return true
        }
        return result
    }
}
