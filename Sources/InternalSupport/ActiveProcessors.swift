import Foundation

/// The cores this process may use, read once.
///
/// On Linux, Foundation reads `activeProcessorCount` from the cgroup's files on every call:
/// too slow to ask on every write. The stores that spread encoding over threads read this
/// instead.
package enum ActiveProcessors {
    /// The number of cores this process may use, as Foundation first reported it.
    package static let count = ProcessInfo.processInfo.activeProcessorCount
}
