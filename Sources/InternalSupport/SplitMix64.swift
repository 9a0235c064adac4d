/// A small seeded generator (Steele, Lea and Flood's SplitMix64), so that random inputs (the
/// conformance suite's queries, the tests' values and kill moments) are the same on every run
/// and platform, and a failure can be reproduced from its seed: no system randomness, no
/// Foundation.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose numbers follow from a seed alone.
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, worked out here rather than by the standard library, so that
    /// a seed means the same inputs whatever its version; `0` when `bound` is not positive.
    package mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    /// `true` with a chance of one in `odds`.
    package mutating func oneIn(_ odds: Int) -> Bool {
        below(odds) == 0
    }

    /// An element of a non-empty array.
    package mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
