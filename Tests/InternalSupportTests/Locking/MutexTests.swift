import InternalSupport
import Testing

@Suite("Mutex")
struct MutexTests {
    private struct Refusal: Error, Equatable {
        let seen: Int
    }

    /// A resource that must not be copied, as a file descriptor's owner.
    private struct Token: ~Copyable {
        var uses = 0
    }

    @Test("increments from many detached tasks at once reach the exact total")
    func concurrentIncrements() async {
        let tasks = 8
        let incrementsPerTask = 20_000
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                let task = Task.detached {
                    for _ in 0..<incrementsPerTask { counter.increment() }
                }
                group.addTask { await task.value }
            }
        }
        #expect(counter.value == tasks * incrementsPerTask)
    }

    @Test("the body's result comes back, and its changes stay")
    func result() {
        let mutex = Mutex([1, 2])
        let count = mutex.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(mutex.withLock { $0 } == [1, 2, 3])
    }

    @Test("a thrown error comes back typed, and the lock is free again after it")
    func thrownError() {
        let mutex = Mutex(0)
        #expect(throws: Refusal(seen: 1)) {
            try mutex.withLock { (value) throws(Refusal) in
                value += 1
                throw Refusal(seen: value)
            }
        }
        // Taking the lock again would never return had the throw left it held.
        #expect(mutex.withLock { $0 } == 1)
        let typed: Result<Int, Refusal> = Result { () throws(Refusal) -> Int in
            try mutex.withLock { (value) throws(Refusal) -> Int in
                guard value > 1 else { throw Refusal(seen: value) }
                return value
            }
        }
        #expect(typed == .failure(Refusal(seen: 1)))
    }

    @Test("a noncopyable value is changed in place")
    func noncopyableValue() {
        let mutex = Mutex(Token())
        for _ in 0..<3 {
            mutex.withLock { $0.uses += 1 }
        }
        #expect(mutex.withLock { $0.uses } == 3)
    }

    @Test("a static mutex is shared by every caller")
    func staticMutex() async {
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { Registry.names.withLock { _ = $0.insert("name \(index)") } }
            }
        }
        #expect(Registry.names.withLock { $0.count } == 100)
    }
}

/// A class whose only state is a mutex: `Sendable` as the compiler checks it.
private final class Counter: Sendable {
    private let count = Mutex(0)

    /// Reads, keeps writing back what it read for a while, then writes the increment: without
    /// the lock, an increment another thread made in between would be lost.
    func increment() {
        count.withLock { count in
            let read = count
            for _ in 0..<64 { count = read }
            count = read + 1
        }
    }

    var value: Int {
        count.withLock { $0 }
    }
}

private enum Registry {
    static let names = Mutex<Set<String>>([])
}
