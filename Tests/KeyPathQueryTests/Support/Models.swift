import Foundation
import KeyPathQuery

/// A session a timer record belongs to; itself queryable, so `\.session.name` maps.
struct Session: Hashable, Sendable, Codable, Queryable {
    var name: String
    var tags: [String] = []

    static let queryAttributes: AttributeMap<Session> = [\.name: "name", \.tags: "tags"]
}

enum Mood: String, Hashable, Sendable, Codable, Comparable, QueryValueConvertible {
    case calm, focused, tired

    // Declared order differs from raw-value order on purpose: conditions compare raw values.
    static func < (lhs: Mood, rhs: Mood) -> Bool {
        let order: [Mood] = [.tired, .calm, .focused]
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}

/// A model that exercises every kind of attribute.
struct Record: Hashable, Sendable, Codable, Queryable {
    var id: Int
    var title: String
    var note: String?
    var score: Double
    var rank: Int8
    var big: UInt64
    var flag: Bool
    var when: Date
    var uuid: UUID
    var link: URL?
    var mood: Mood
    var optionalMood: Mood?
    var tags: [String]
    var session: Session
    var sessions: [Session]

    static let queryAttributes: AttributeMap<Record> = [
        \.id: "id", \.title: "title", \.note: "note", \.score: "score", \.rank: "rank",
        \.big: "big", \.flag: "flag", \.when: "when", \.uuid: "uuid", \.link: "link",
        \.mood: "mood", \.optionalMood: "optional_mood", \.tags: "tags",
        \.session: "session", \.sessions: "sessions",
    ]

    static func sample(_ id: Int) -> Record {
        Record(
            id: id, title: "Record \(id)", note: id.isMultiple(of: 2) ? "even" : nil,
            score: Double(id) / 2, rank: Int8(id % 5), big: UInt64(id) * 1_000_000_000_000,
            flag: id.isMultiple(of: 3), when: Date(timeIntervalSince1970: Double(id) * 86_400),
            uuid: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", id))
                ?? UUID(),
            link: id.isMultiple(of: 4) ? URL(string: "https://example.com/\(id)") : nil,
            mood: [Mood.calm, .focused, .tired][id % 3],
            optionalMood: id.isMultiple(of: 5) ? nil : [Mood.calm, .focused, .tired][id % 3],
            tags: Array(["a", "b", "c", "d"].prefix(id % 4)),
            session: Session(name: ["Deep work", "Email", "Café"][id % 3], tags: ["x"]),
            sessions: (0..<(id % 3)).map { Session(name: "s\($0)", tags: ["t\(id)"]) })
    }

    static let all = (0..<40).map(sample)
}
