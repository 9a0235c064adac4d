import Foundation
import PokedexKit

/// One family ``BundledPokeAPITransport`` serves: its path, the ids it serves, their names
/// and their response bodies.
struct ServedFamily: Sendable {
    /// The family's name in PokeAPI's paths, such as `"pokemon-species"`.
    let path: String
    /// The ids served, in order.
    let ids: @Sendable () -> [Int]
    /// The id of a name, or `nil`.
    let id: @Sendable (String) -> Int?
    /// The name of an id, or `nil`.
    let name: @Sendable (Int) -> String?
    /// The response body of an id, in PokeAPI's shape as the family's model encodes it.
    let body: @Sendable (Int) throws -> Data

    /// A family served from a table of the bundle: whole, or only the ids of a range.
    ///
    /// The table is read on the family's first request, not before: serving a chain does
    /// not decode every species. `completed` adds to an entry what the table keeps apart,
    /// such as a Pokémon's learnset.
    init<Entry: Encodable & Sendable>(
        _ family: BundledDataError.Family,
        _ table:
            @autoclosure @escaping @Sendable () -> Result<
                BundledContents.Table<Entry>, any Error
            >,
        only range: ClosedRange<Int>? = nil,
        completed: @escaping @Sendable (Entry) throws -> Entry = { $0 }
    ) {
        path = family.rawValue
        ids = { ((try? table().get().ids) ?? []).filter { range?.contains($0) ?? true } }
        id = { name in
            guard let id = try? table().get().idsByName[name], range?.contains(id) ?? true
            else { return nil }
            return id
        }
        name = { try? table().get().namesByID[$0] }
        body = { id in
            guard range?.contains(id) ?? true, let entry = try table().get().entry(id: id) else {
                throw BundledDataError.notBundled(id: id, family: family)
            }
            return try BundledPokeAPI.body(of: completed(entry))
        }
    }
}
