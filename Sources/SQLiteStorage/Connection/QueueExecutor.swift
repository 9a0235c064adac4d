import Dispatch

/// A serial executor on a dispatch queue of its own, for an actor that makes blocking SQLite
/// calls: they run on this queue's thread, off Swift's cooperative thread pool, so that a
/// commit waiting for the disk never holds up other tasks.
///
/// Its properties never change after `init`, so it is `Sendable` as it is.
final class QueueExecutor: SerialExecutor {
    private let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(on: self.asUnownedSerialExecutor())
        }
    }

    /// Whether the caller runs on this executor's queue.
    var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}
