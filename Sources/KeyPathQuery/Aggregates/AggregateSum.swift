import Foundation

/// An exact sum of 64-bit integers, kept as the sums of their high and low 32-bit halves so
/// that no partial sum overflows: every target computes the same two sums (SQL as
/// `sum(x >> 32)` and `sum(x & 4294967295)`), and the total is checked once, at the end.
struct AggregateSum: Hashable, Sendable {
    /// The sum of each value's high half (`value >> 32`, arithmetic).
    var high: Int64 = 0
    /// The sum of each value's low half (`value & 0xFFFF_FFFF`, never negative).
    var low: Int64 = 0

    @inline(__always)
    mutating func add(_ value: Int64) {
        high &+= value >> 32
        low &+= value & 0xFFFF_FFFF
    }

    /// The sum as a high part and a low part in `0..<2^32`: `total = high * 2^32 + low`.
    var normalized: (high: Int64, low: Int64) {
        (high + (low >> 32), low & 0xFFFF_FFFF)
    }

    /// The sum, or `nil` when it does not fit in `Int64`.
    var total: Int64? {
        let (high, low) = normalized
        let shifted = high.multipliedReportingOverflow(by: 1 << 32)
        guard !shifted.overflow else { return nil }
        // A multiple of 2^32 that fits, plus less than 2^32, always fits.
        return shifted.partialValue + low
    }

    /// The sum as a `Double`, computed as every SQL target computes it: the high sum times
    /// 2^32, plus the low sum.
    var double: Double {
        Double(high) * 4_294_967_296.0 + Double(low)
    }

    /// Compares the exact sum with a number: an integer exactly, a `Double` through
    /// ``double``.
    func compare(to value: QueryValue) -> ComparisonResult? {
        switch value {
        case .integer(let other):
            let (high, low) = normalized
            let (otherHigh, otherLow) = (other >> 32, other & 0xFFFF_FFFF)
            if high != otherHigh {
                return high < otherHigh ? .orderedAscending : .orderedDescending
            }
            if low != otherLow { return low < otherLow ? .orderedAscending : .orderedDescending }
            return .orderedSame
        case .double: return QueryValue.double(double).compare(to: value)
        default: return nil
        }
    }
}
