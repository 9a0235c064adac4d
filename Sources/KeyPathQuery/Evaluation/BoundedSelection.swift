import Foundation

/// Selects the *k* smallest matching values of a sequence in one pass, keeping at most *k*
/// of them in a heap: O(*n* log *k*) time and O(*k*) memory, where sorting every match would
/// take O(*m* log *m*) and copy all *m* of them.
enum BoundedSelection {
    /// The `count` smallest values that satisfy `isIncluded`, in order; values that compare
    /// equal keep the order they came in, exactly as a stable sort would leave them.
    static func smallest<Element>(
        _ count: Int, of values: some Sequence<Element>, where isIncluded: (Element) -> Bool,
        by ordering: (Element, Element) -> ComparisonResult
    ) -> [Element] {
        guard count > 0 else { return [] }
        // A max-heap of (arrival, value): its root is the entry that sorts last, the first to
        // leave when a smaller one arrives. Ties are broken by arrival, so the selection and
        // its final order are those of a stable sort.
        var heap: [(arrival: Int, value: Element)] = []
        heap.reserveCapacity(Swift.min(count, 1024))
        func sortsAfter(_ a: (arrival: Int, value: Element), _ b: (arrival: Int, value: Element))
            -> Bool
        {
            switch ordering(a.value, b.value) {
            case .orderedDescending: true
            case .orderedAscending: false
            case .orderedSame: a.arrival > b.arrival
            }
        }
        var arrival = 0
        values.scan { value in
            guard isIncluded(value) else { return true }
            defer { arrival += 1 }
            if heap.count < count {
                heap.append((arrival, value))
                siftUp(&heap, from: heap.count - 1, by: sortsAfter)
            } else if sortsAfter(heap[0], (arrival, value)) {
                heap[0] = (arrival, value)
                siftDown(&heap, from: 0, by: sortsAfter)
            }
            return true
        }
        heap.sort { sortsAfter($1, $0) }
        return heap.map(\.value)
    }

    private static func siftUp<T>(_ heap: inout [T], from index: Int, by isAbove: (T, T) -> Bool) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard isAbove(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func siftDown<T>(_ heap: inout [T], from index: Int, by isAbove: (T, T) -> Bool)
    {
        var parent = index
        while true {
            var top = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < heap.count && isAbove(heap[left], heap[top]) { top = left }
            if right < heap.count && isAbove(heap[right], heap[top]) { top = right }
            guard top != parent else { return }
            heap.swapAt(parent, top)
            parent = top
        }
    }
}
