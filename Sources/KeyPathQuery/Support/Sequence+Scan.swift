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

    /// The elements that satisfy a compiled condition, in order.
    ///
    /// The hottest loop of the engine, written out rather than built on ``scan(_:)`` so that
    /// each element costs one indirect call. Through contiguous storage it makes two passes:
    /// the first tests every element once and marks the matches in a bitmap, the second copies
    /// them into a result allocated once at its exact size (or returns the array itself when
    /// every element matches). Appending as matches come would grow the result by doubling —
    /// copying it about twice over and faulting in every intermediate buffer — which costs
    /// more than the test itself when many elements match.
    ///
    /// A conjunction is marked clause by clause, 64 elements at a time: its cheapest clause
    /// for each element of the block, then each other clause for the elements still marked,
    /// every bit set or cleared without a branch on the clause's result. With no branch that
    /// depends on an element's value, the processor reads the next elements while one is
    /// still on its way from memory, and a scan of a large array is bound by those reads.
    @inline(__always)
    func scanFilter(_ condition: CompiledCondition<Element>) -> [Element] {
        let isIncluded = condition.test
        let contiguous = withContiguousStorageIfAvailable { buffer -> [Element] in
            guard let base = buffer.baseAddress else { return [] }
            let count = buffer.count
            var matches = 0
            var marks = [UInt64](repeating: 0, count: (count + 63) / 64)
            marks.withUnsafeMutableBufferPointer { marks in
                if let stages = condition.stages {
                    matches = Self.mark(base, count: count, stages: stages, into: marks)
                    return
                }
                var index = 0
                while index < count {
                    if isIncluded(base + index) {
                        marks[index &>> 6] |= 1 &<< UInt64(index & 63)
                        matches += 1
                    }
                    index += 1
                }
            }
            // No match: the empty array. `Array(unsafeUninitializedCapacity: 0)` writes a count
            // of 0 into the shared empty-array singleton, which ThreadSanitizer reports as a
            // race with every other thread reading an empty array.
            guard matches > 0 else { return [] }
            // Every element matches: an array is its own result, shared rather than copied,
            // which spares touching every element again (the candidates an index found).
            if matches == count, let whole = self as? [Element] { return whole }
            return [Element](unsafeUninitializedCapacity: matches) { result, initialized in
                guard let target = result.baseAddress else { return }
                for (wordIndex, word) in marks.enumerated() {
                    var word = word
                    while word != 0 {
                        let index = wordIndex &<< 6 | word.trailingZeroBitCount
                        (target + initialized).initialize(to: base[index])
                        initialized += 1
                        word &= word &- 1
                    }
                }
            }
        }
        if let contiguous { return contiguous }
        var result: [Element] = []
        for element in self where withUnsafePointer(to: element, isIncluded) {
            result.append(element)
        }
        return result
    }

    /// Marks the elements that satisfy every clause, a block of 64 at a time (one word of
    /// `marks`), and returns how many do.
    ///
    /// Before a further clause tests the elements still marked, the attribute it reads is
    /// loaded from each of them, one plain load after another: the loads do not wait on one
    /// another, so the processor fetches those memory lines together, and the clause then
    /// finds them in its cache instead of waiting for each in turn.
    @inline(__always)
    private static func mark(
        _ base: UnsafePointer<Element>, count: Int, stages: CompiledCondition<Element>.Stages,
        into marks: UnsafeMutableBufferPointer<UInt64>
    ) -> Int {
        let clauses = stages.clauses
        let leading = clauses[0].test
        var matches = 0
        var start = 0
        var wordIndex = 0
        while start < count {
            let end = Swift.min(start &+ 64, count)
            var word: UInt64 = 0
            var index = start
            if let range = stages.leadingRange {
                while index < end {
                    let passes = range.contains(UnsafeRawPointer(base + index))
                    word |= UInt64(passes ? 1 : 0) &<< UInt64(index &- start)
                    index &+= 1
                }
            } else {
                while index < end {
                    word |= UInt64(leading(base + index) ? 1 : 0) &<< UInt64(index &- start)
                    index &+= 1
                }
            }
            var clause = 1
            while clause < clauses.count, word != 0 {
                let test = clauses[clause].test
                if let offset = stages.offsets[clause] {
                    var loaded: UInt8 = 0
                    var pending = word
                    while pending != 0 {
                        let element = UnsafeRawPointer(base + start + pending.trailingZeroBitCount)
                        loaded |= element.load(fromByteOffset: offset, as: UInt8.self)
                        pending &= pending &- 1
                    }
                    keepLoaded(loaded)
                }
                var unchecked = word
                while unchecked != 0 {
                    let bit = unchecked & (0 &- unchecked)
                    let passes = test(base + start + unchecked.trailingZeroBitCount)
                    word ^= passes ? 0 : bit
                    unchecked ^= bit
                }
                clause &+= 1
            }
            marks[wordIndex] = word
            matches &+= word.nonzeroBitCount
            start = end
            wordIndex &+= 1
        }
        return matches
    }
}

/// Takes a value so that the loads that made it are kept: the optimizer cannot see through
/// this function, and so cannot drop them as unused.
@inline(never) @_optimize(none)
private func keepLoaded(_: UInt8) {}
