import Foundation
import Hummingbird
import ModelStorage
import ModelSync
import PokedexKit

/// The signed-in user's favorites and notes, for the web page: each request carries the same
/// bearer token as sync, and reads or writes only the user's records.
///
/// - `GET /me`: `{"user": …}`, to check a token;
/// - `GET /me/favorites`: the user's ``PokedexKit/Favorite`` records;
/// - `PUT /me/favorites/{pokemonID}` and `DELETE /me/favorites/{pokemonID}`: mark a Pokémon a
///   favorite (once), or unmark it (every favorite of it the user has);
/// - `GET /me/notes?pokemon={id}`: the user's notes, about one Pokémon or all;
/// - `POST /me/notes` with `{"pokemonID": 6, "text": "…"}`: a new note;
/// - `DELETE /me/notes/{id}`: one of the user's notes.
///
/// The records are written in the shared database, where the change feed carries them to every
/// replica of the user, and the notices stream tells the open pages.
struct UserRoutes: Sendable {
    let database: any ModelDatabase
    let tokens: SyncTokens

    /// The body of `POST /me/notes`.
    struct NewNote: Decodable {
        var pokemonID: Int
        var text: String
    }

    /// The answer of `GET /me`.
    struct Identity: Encodable {
        var user: String
    }

    func add(to router: Router<some RequestContext>) {
        router.get("me") { request, _ in
            await SyncRoutes.answer { Identity(user: try tokens.authenticate(request)) }
        }
        router.get("me/favorites") { request, _ in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                return try await database.store(for: Favorite.self).fetch(
                    RecordQuery(where: \.userID == user, sortedBy: [.ascending(\.createdAt)]))
            }
        }
        router.put("me/favorites/:pokemon") { request, context in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                let pokemonID = try Self.number(context.parameters.get("pokemon"), "pokemon")
                return try await database.transaction { transaction in
                    guard transaction[Pokemon.self].contains(id: pokemonID) else {
                        throw SyncError(.invalidRequest, "No Pokémon has the id \(pokemonID)")
                    }
                    let mine: Condition<Favorite> = \.userID == user && \.pokemonID == pokemonID
                    if let existing = try transaction[Favorite.self].fetch(
                        RecordQuery(where: mine, limit: 1)
                    ).first {
                        return existing
                    }
                    let favorite = Favorite(userID: user, pokemonID: pokemonID)
                    try transaction[Favorite.self].insert(favorite)
                    return favorite
                }
            }
        }
        router.delete("me/favorites/:pokemon") { request, context in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                let pokemonID = try Self.number(context.parameters.get("pokemon"), "pokemon")
                let removed = try await database.transaction { transaction in
                    try transaction[Favorite.self].delete(
                        where: \.userID == user && \.pokemonID == pokemonID)
                }
                return ["removed": removed]
            }
        }
        router.get("me/notes") { request, _ in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                var condition: Condition<Note> = \.userID == user
                if let text = request.uri.queryParameters.get("pokemon") {
                    let pokemonID = try Self.number(text, "pokemon")
                    condition = condition && \.pokemonID == pokemonID
                }
                return try await database.store(for: Note.self).fetch(
                    RecordQuery(where: condition, sortedBy: [.ascending(\.createdAt)]))
            }
        }
        router.post("me/notes") { request, _ in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                let body = try await SyncRoutes.decode(NewNote.self, from: request, limit: 64 << 10)
                let text: String
                do {
                    text = try Note.checkedText(body.text, pokemonID: body.pokemonID)
                } catch {
                    throw SyncError(.invalidRequest, "\(error)")
                }
                let stored = Note(userID: user, pokemonID: body.pokemonID, text: text)
                return try await database.transaction { transaction in
                    guard transaction[Pokemon.self].contains(id: stored.pokemonID) else {
                        throw SyncError(
                            .invalidRequest, "No Pokémon has the id \(stored.pokemonID)")
                    }
                    try transaction[Note.self].insert(stored)
                    return stored
                }
            }
        }
        router.delete("me/notes/:id") { request, context in
            await SyncRoutes.answer {
                let user = try tokens.authenticate(request)
                let id = context.parameters.get("id") ?? ""
                let removed = try await database.transaction { transaction in
                    guard let note = transaction[Note.self].fetch(id: id) else { return 0 }
                    guard note.userID == user else {
                        throw SyncError(.forbidden, "The note \(id) belongs to another user")
                    }
                    return transaction[Note.self].delete(id: id) ? 1 : 0
                }
                return ["removed": removed]
            }
        }
    }

    /// A whole number from a path or query parameter.
    static func number(_ text: String?, _ name: String) throws(SyncError) -> Int {
        guard let text, let number = Int(text), number > 0 else {
            throw SyncError(
                .invalidRequest, "\(name) expects a positive whole number, not '\(text ?? "")'")
        }
        return number
    }
}
