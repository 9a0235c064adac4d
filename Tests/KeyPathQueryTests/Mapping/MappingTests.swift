import Foundation
import KeyPathQuery
import Testing

@Suite("Mapping key paths to attribute names")
struct MappingTests {
    struct Partial: Queryable {
        var id: Int
        var name: String
        var nickname: String
        var level: Int

        var displayName: String { nickname.isEmpty ? name : nickname }

        static let queryAttributes: AttributeMap<Partial> = [
            \.id: "id", \.name: "name", \.displayName: "name",
        ]
    }

    @Test("mapped key paths give their names, nested ones joined with dots")
    func names() throws {
        #expect(try Record.attributeName(for: \.optionalMood) == "optional_mood")
        #expect(try Record.attributeName(for: \.session.name) == "session.name")
        #expect(try Record.attributeName(for: \.session.tags) == "session.tags")
        #expect(
            try Record.attributeNames(for: \.id, \.title, \.session.name) == [
                "id", "title", "session.name",
            ])
    }

    @Test("an unmapped key path throws, naming the key path and the model")
    func unmapped() {
        let error = #expect(throws: QueryError.self) {
            try Partial.attributeName(for: \.level)
        }
        #expect(error == .unmappedKeyPath("\\Partial.level", model: "Partial"))
        #expect(error?.description.contains("\\Partial.level") == true)
        #expect(error?.description.contains("Partial.queryAttributes") == true)
    }

    @Test("a key path through a property that is not Queryable is unmapped")
    func notQueryableNested() {
        #expect(throws: QueryError.self) {
            try Record.attributeName(for: \.title.count)
        }
    }

    @Test("validation reports every unmapped stored property and duplicate name at once")
    func validation() {
        let sample = Partial(id: 1, name: "a", nickname: "b", level: 2)
        let error = #expect(throws: QueryError.self) {
            try Partial.validateQueryAttributes(against: sample)
        }
        #expect(
            error
                == .invalidMapping(
                    model: "Partial", unmappedProperties: ["nickname", "level"],
                    duplicateNames: ["name"]))
        #expect(error?.description.contains("nickname, level") == true)
    }

    /// A model whose every stored property is mapped.
    struct Complete: Queryable {
        var id: Int
        var name: String
        var level: Int

        static let queryAttributes: AttributeMap<Complete> = [
            \.id: "id", \.name: "name", \.level: "level",
        ]
    }

    /// The same model with `level` left out of its mapping.
    struct Incomplete: Queryable {
        var id: Int
        var name: String
        var level: Int

        static let queryAttributes: AttributeMap<Incomplete> = [\.id: "id", \.name: "name"]
    }

    @Test("a complete mapping validates")
    func completeMapping() throws {
        #expect(throws: Never.self) {
            try Complete.validateQueryAttributes(against: Complete(id: 1, name: "a", level: 2))
        }
        // One property fewer in the same mapping does not: validation looked at every one.
        #expect(
            throws: QueryError.invalidMapping(
                model: "Incomplete", unmappedProperties: ["level"], duplicateNames: [])
        ) {
            try Incomplete.validateQueryAttributes(against: Incomplete(id: 1, name: "a", level: 2))
        }
        // The suite's models: complete, every stored property under the name written here.
        #expect(throws: Never.self) { try Record.validateQueryAttributes(against: .sample(1)) }
        #expect(throws: Never.self) {
            try Session.validateQueryAttributes(against: Session(name: "x"))
        }
        #expect(
            try Record.attributeNames(
                for: \.id, \.title, \.note, \.score, \.rank, \.big, \.flag, \.when, \.uuid, \.link,
                \.mood, \.optionalMood, \.tags, \.session, \.sessions)
                == [
                    "id", "title", "note", "score", "rank", "big", "flag", "when", "uuid", "link",
                    "mood", "optional_mood", "tags", "session", "sessions",
                ])
        #expect(try Session.attributeNames(for: \.name, \.tags) == ["name", "tags"])
    }

    @Test("conditions on unmapped key paths still evaluate in memory")
    func unmappedEvaluates() throws {
        let condition: Condition<Partial> = \.level >= 2
        let values = [
            Partial(id: 1, name: "a", nickname: "", level: 1),
            Partial(id: 2, name: "b", nickname: "", level: 3),
        ]
        #expect(try condition.filter(values).map(\.id) == [2])
    }
}
