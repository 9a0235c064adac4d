import Foundation
import InternalSupport
import KeyPathQuery
import Observation

/// A live query for SwiftUI and any other `Observation` client: the records a query selects
/// and the store's total, kept current as the store changes.
///
/// ```swift
/// struct FavoritesView: View {
///     @State private var favorites: LiveQuery<Pokemon>
///
///     init(store: some ModelStore<Pokemon>) {
///         _favorites = State(initialValue: LiveQuery(
///             RecordQuery(where: \.favorite == true, sortedBy: [.ascending(\.name)]), in: store))
///     }
///
///     var body: some View {
///         List(favorites.records) { Text($0.name) }
///             .overlay { if favorites.isLoaded && favorites.records.isEmpty { Text("No favorites") } }
///     }
/// }
/// ```
///
/// It follows ``ModelStore/observe(_:)``: the current results first, then new ones after
/// every commit of the store that can change them. Changing ``query`` starts over with the
/// new query. Observation stops when the live query is released. `Observation` works on
/// Linux too.
@MainActor
@Observable
public final class LiveQuery<Model: StorableModel> {
    /// The records the query selects, as of the latest result; empty until the first.
    public private(set) var records: [Model] = []
    /// The number of records in the store, matching or not; zero until the first result.
    public private(set) var totalCount = 0
    /// The store's version of the latest result, or `nil` before the first.
    public private(set) var version: UInt64?
    /// Why observing stopped: an invalid query, a closed store; `nil` while it runs.
    public private(set) var error: (any Error)?

    private var currentQuery: RecordQuery<Model>
    @ObservationIgnored private let store: any ModelStore<Model>
    /// The task that observes: replaced when the query changes, cancelled when the live query
    /// goes away (in `deinit`, which may run off the main actor).
    @ObservationIgnored private let observation = Mutex<Task<Void, Never>?>(nil)

    /// Starts observing a query.
    ///
    /// - Parameters:
    ///   - query: The query; every record by default.
    ///   - store: The store to observe.
    public init(_ query: RecordQuery<Model> = .everyRecord, in store: some ModelStore<Model>) {
        self.currentQuery = query
        self.store = store
        start()
    }

    deinit {
        observation.withLock { $0.take() }?.cancel()
    }

    /// The query observed; setting it starts over with the new one.
    public var query: RecordQuery<Model> {
        get { currentQuery }
        set {
            currentQuery = newValue
            start()
        }
    }

    /// Whether the first result has arrived, so that empty ``records`` mean "nothing
    /// matches" rather than "not loaded yet".
    public var isLoaded: Bool { version != nil }

    private func start() {
        error = nil
        let store = store
        let query = currentQuery
        let task = Task { [weak self] in
            do {
                for await result in try await store.observe(query) {
                    guard let self else { return }
                    self.records = result.records
                    self.totalCount = result.totalCount
                    self.version = result.version
                }
            } catch {
                self?.error = error
            }
        }
        let replaced = observation.withLock { current in
            let replaced = current
            current = task
            return replaced
        }
        replaced?.cancel()
    }
}
