extension Array {
    /// Two arrays, each sorted by an order, merged into one sorted by it; on a tie, the
    /// element of `self` comes first.
    ///
    /// The indexes of the record engine merge the entries written since their last sort into
    /// their sorted ones with it.
    ///
    /// - Parameters:
    ///   - other: The other sorted array.
    ///   - precedes: The order: whether one element comes before another.
    /// - Returns: Every element of both, in order.
    /// - Complexity: O(*n* + *m*) for arrays of *n* and *m* elements.
    func mergingSorted(_ other: [Element], by precedes: (Element, Element) -> Bool) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count + other.count)
        var left = 0
        var right = 0
        while left < count, right < other.count {
            if precedes(other[right], self[left]) {
                merged.append(other[right])
                right += 1
            } else {
                merged.append(self[left])
                left += 1
            }
        }
        merged += self[left...]
        merged += other[right...]
        return merged
    }
}
