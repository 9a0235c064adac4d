import KeyPathQuery
import ModelStorage

/// The model of the shared layer's tests.
struct Note: StorableModel, Hashable {
    var id: Int
    var text: String

    static let queryAttributes: AttributeMap<Note> = [\.id: "id", \.text: "text"]
}
