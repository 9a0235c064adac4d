import Foundation
import KeyPathQuery
import ModelStorage

/// A model with an attribute of every kind a table stores: text, numbers, a Boolean, a
/// date, a UUID, an optional, a large unsigned integer, an array and an array of
/// structures.
struct Gadget: StorableModel, Hashable {
    struct Part: Codable, Hashable, Sendable, Queryable {
        var name: String
        var weight: Int
        static let queryAttributes: AttributeMap<Part> = [\.name: "name", \.weight: "weight"]
    }

    var id: Int
    var label: String
    var price: Double
    var stock: Int
    var active: Bool
    var made: Date
    var serial: UUID
    var note: String?
    var big: UInt64
    var tags: [String]
    var parts: [Part]

    static let queryAttributes: AttributeMap<Gadget> = [
        \.id: "id", \.label: "label", \.price: "price", \.stock: "stock", \.active: "active",
        \.made: "made", \.serial: "serial", \.note: "note", \.big: "big", \.tags: "tags",
        \.parts: "parts",
    ]

    static let labels = [
        "Flabébé", "FLABEBE", "straße", "STRASSE", "Café", "cafe", "Émile", "émile", "Zoë",
        "zoe", "naïve", "ÅNGSTRÖM", "angstrom", "日本", "a*b?", "100% pure", "Ünïcödé", "",
    ]

    /// A deterministic sample: ties on every attribute, and every label above.
    static func sample(_ id: Int) -> Gadget {
        Gadget(
            id: id, label: labels[id % labels.count], price: Double(id % 7) * 2.5,
            stock: (id * 13) % 10, active: id % 3 != 0,
            made: Date(timeIntervalSinceReferenceDate: Double(id % 5) * 86_400.25),
            serial: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", id % 9))
                ?? UUID(),
            note: id % 4 == 0 ? nil : "note \(id % 6)",
            big: id % 5 == 0 ? UInt64.max - UInt64(id) : UInt64(id),
            tags: Array(["red", "green", "blue", "Grün"].prefix(id % 5)),
            parts: (0..<(id % 3)).map { Part(name: "p\($0 + id % 2)", weight: $0 * id % 11) })
    }
}
