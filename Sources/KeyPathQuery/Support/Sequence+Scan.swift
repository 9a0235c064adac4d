extension Sequence {
    /// Visits the elements in order, in place, until `body` returns `false`.
    ///
    /// The query engine runs as unspecialized generic code, where a `for`-`in` loop
    /// instantiates iterator metadata and copies each element on every step. Through
    /// contiguous storage (arrays have it), each element is visited where it lies, by pointer;
    /// other sequences are visited one element at a time.
    @inline(__always)
    func scan(_ body: (UnsafePointer<Element>) throws -> Bool) rethrows {
        let scanned: Void? = try withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            while index < buffer.count {
                guard try body(base + index) else { return }
                index += 1
            }
        }
        if scanned != nil { return }
        for element in self {
            guard try withUnsafePointer(to: element, body) else { return }
        }
    }

    /// The elements whose pointer satisfies `isIncluded`, in order.
    ///
    /// The hottest loop of the engine, written out rather than built on ``scan(_:)`` so that
    /// each element costs one indirect call.
    @inline(__always)
    func scanFilter(_ isIncluded: @Sendable (UnsafePointer<Element>) -> Bool) -> [Element] {
        let contiguous = withContiguousStorageIfAvailable { buffer -> [Element] in
            guard let base = buffer.baseAddress else { return [] }
            var result: [Element] = []
            var index = 0
            let count = buffer.count
            while index < count {
                if isIncluded(base + index) { result.append(base[index]) }
                index += 1
            }
            return result
        }
        if let contiguous { return contiguous }
        var result: [Element] = []
        for element in self where withUnsafePointer(to: element, isIncluded) {
            result.append(element)
        }
        return result
    }
}
