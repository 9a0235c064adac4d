import Foundation
import KeyPathQuery
import ModelStorage

/// A work session a timer measured: the generic layers with a model that is not a Pokémon.
struct TimerRecord: StorableModel, Hashable {
    var id: UUID
    /// The day, as yyyymmdd.
    var dayCode: Int
    /// How long, in seconds.
    var duration: Double
    var session: Session
    var tags: [String]

    static let queryAttributes: AttributeMap<TimerRecord> = [
        \.id: "id",
        \.dayCode: "day_code",
        \.duration: "duration",
        \.session: "session",
        \.tags: "tags",
    ]
}

/// What a timer was for; itself queryable, so `\.session.name` maps to "session.name".
struct Session: Codable, Hashable, Sendable, Queryable {
    var name: String
    var project: String

    static let queryAttributes: AttributeMap<Session> = [
        \.name: "name",
        \.project: "project",
    ]
}
