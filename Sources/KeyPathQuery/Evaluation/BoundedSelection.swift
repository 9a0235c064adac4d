import Foundation

/// Selects the *k* smallest matching values of a sequence in one pass, keeping at most *k*
/// of them in a heap: O(*n* log *k*) time and O(*k*) memory, where sorting every match would
/// take O(*m* log *m*) and copy all *m* of them.
enum BoundedSelection {
    /// The `count` smallest values that satisfy `isIncluded`, in order; values that compare
    /// equal keep the order they came in, exactly as a stable sort would leave them.
    static func smallest<Element>(
        _ count: Int, of values: some Sequence<Element>,
        where isIncluded: (UnsafePointer<Element>) -> Bool,
        by ordering: (UnsafePointer<Element>, UnsafePointer<Element>) -> ComparisonResult
    ) -> [Element] {
        guard count > 0 else { return [] }
        var heap = Heap<Element>(capacity: count)
        var arrival = 0
        values.scan { value in
            guard isIncluded(value) else { return true }
            heap.offer(value, arrival: arrival, ordering: ordering)
            arrival += 1
            return true
        }
        return heap.sorted(by: ordering)
    }
}

/// A max-heap of at most `capacity` values, rooted at the value that sorts last — the first
/// to leave when a smaller one arrives.
///
/// Ties are broken by arrival, so the selection and its final order are those of a stable
/// sort. Values and arrivals are kept side by side, and compared in place.
private struct Heap<Element> {
    private var values: [Element] = []
    private var arrivals: [Int] = []
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        values.reserveCapacity(Swift.min(capacity, 1_024))
        arrivals.reserveCapacity(Swift.min(capacity, 1_024))
    }

    typealias Ordering = (UnsafePointer<Element>, UnsafePointer<Element>) -> ComparisonResult

    /// Whether the value at `a` (which arrived at `arrivalA`) sorts after the one at `b`.
    private static func sortsAfter(
        _ a: UnsafePointer<Element>, _ arrivalA: Int, _ b: UnsafePointer<Element>,
        _ arrivalB: Int, _ ordering: Ordering
    ) -> Bool {
        switch ordering(a, b) {
        case .orderedDescending: true
        case .orderedAscending: false
        case .orderedSame: arrivalA > arrivalB
        }
    }

    mutating func offer(_ value: UnsafePointer<Element>, arrival: Int, ordering: Ordering) {
        if values.count < capacity {
            values.append(value.pointee)
            arrivals.append(arrival)
            siftUp(from: values.count - 1, ordering)
            return
        }
        let replacesTop = values.withUnsafeBufferPointer { buffer -> Bool in
            guard let top = buffer.baseAddress else { return false }
            return Self.sortsAfter(top, arrivals[0], value, arrival, ordering)
        }
        guard replacesTop else { return }
        values[0] = value.pointee
        arrivals[0] = arrival
        siftDown(from: 0, ordering)
    }

    private func isAbove(_ i: Int, _ j: Int, _ ordering: Ordering) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return Self.sortsAfter(base + i, arrivals[i], base + j, arrivals[j], ordering)
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        values.swapAt(i, j)
        arrivals.swapAt(i, j)
    }

    private mutating func siftUp(from index: Int, _ ordering: Ordering) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard isAbove(child, parent, ordering) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from index: Int, _ ordering: Ordering) {
        var parent = index
        while true {
            var top = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < values.count && isAbove(left, top, ordering) { top = left }
            if right < values.count && isAbove(right, top, ordering) { top = right }
            guard top != parent else { return }
            swapAt(parent, top)
            parent = top
        }
    }

    /// The values, smallest first.
    func sorted(by ordering: Ordering) -> [Element] {
        values.withUnsafeBufferPointer { buffer -> [Element] in
            guard let base = buffer.baseAddress else { return [] }
            var order = Array(buffer.indices)
            order.sort {
                Self.sortsAfter(base + $1, arrivals[$1], base + $0, arrivals[$0], ordering)
            }
            return order.map { base[$0] }
        }
    }
}
