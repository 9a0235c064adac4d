import KeyPathQuery
import ModelStorage

/// The second model of the database conformance checks: a note that may refer to a
/// ``ConformanceRecord`` by its id, a reference nullified when the record is deleted.
public struct ConformanceNote: StorableModel, Hashable {
    /// The note's id.
    public var id: Int
    /// The id of the record the note is about, or `nil`.
    public var recordID: Int?
    /// The note's text.
    public var text: String

    /// Creates a note.
    ///
    /// - Parameters:
    ///   - id: The note's id.
    ///   - recordID: The id of the record it is about, or `nil`.
    ///   - text: Its text.
    public init(id: Int, recordID: Int? = nil, text: String) {
        self.id = id
        self.recordID = recordID
        self.text = text
    }

    /// The note's attributes.
    public static let queryAttributes: AttributeMap<ConformanceNote> = [
        \.id: "id", \.recordID: "record_id", \.text: "text",
    ]

    /// The record the note is about: nullified when it is deleted.
    public static var references: [ModelReference<ConformanceNote>] {
        [ModelReference(\.recordID, to: ConformanceRecord.self, onDelete: .nullify)]
    }

    /// The records the notes refer to are looked up by it.
    public static var indexedAttributes: [IndexedAttribute<ConformanceNote>] {
        [IndexedAttribute(\.recordID)]
    }
}

/// A model no conformance database holds, to check that a database refuses it.
public struct ConformanceStray: StorableModel, Hashable {
    /// The stray's id.
    public var id: Int

    /// Creates a stray.
    ///
    /// - Parameter id: Its id.
    public init(id: Int) {
        self.id = id
    }

    /// The stray's attributes.
    public static let queryAttributes: AttributeMap<ConformanceStray> = [\.id: "id"]
}
