import InternalSupport
import ModelStorage
import SQLStorage

/// What each queued write's caller was resumed with, by the write's name.
final class Outcomes: Sendable {
    private let results = Mutex<[String: Result<String, any Error>]>([:])

    /// A write named `name` whose body runs `body` and returns `name`.
    func write(
        _ name: String, _ body: @escaping @Sendable (inout StoreTransaction<Note>) throws -> Void
    ) -> QueuedWrite {
        QueuedWrite(
            of: Note.self,
            { transaction in
                try body(&transaction)
                return name
            }
        ) { result in
            self.results.withLock { $0[name] = result }
        }
    }

    /// A write named `name` whose body runs across models and returns `name`.
    func databaseWrite(
        _ name: String, _ body: @escaping @Sendable (inout DatabaseTransaction) throws -> Void
    ) -> QueuedWrite {
        QueuedWrite({ transaction in
            try body(&transaction)
            return name
        }) { result in
            self.results.withLock { $0[name] = result }
        }
    }

    /// Whether the write's caller got its result.
    func succeeded(_ name: String) -> Bool {
        results.withLock { (try? $0[name]?.get()) == name }
    }

    /// The error the write's caller got, or `nil`.
    func error(_ name: String) -> (any Error)? {
        results.withLock { results in
            guard case .failure(let error) = results[name] else { return nil }
            return error
        }
    }

    /// How many callers were resumed.
    var count: Int { results.withLock { $0.count } }
}

/// A body's own error.
struct BodyError: Error, Equatable {}
