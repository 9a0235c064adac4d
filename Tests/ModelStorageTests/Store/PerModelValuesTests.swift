import KeyPathQuery
import ModelStorage
import ModelStorageTesting
import Testing

/// A value of one model's, made from the model, that the table keys by its type.
private struct Tally<Model: StorableModel>: PerModelValue {
    var count = 0
}

/// Another per-model type, to show that two types of one model are two keys.
private struct Label<Model: StorableModel>: PerModelValue {
    var text: String
}

/// The table every database keeps its per-model state in: each value comes back as the type it
/// was stored as, under that type alone.
@Suite("PerModelValues: a database's state for each model, by type")
struct PerModelValuesTests {
    @Test("a value comes back as its type, and only under its model's type")
    func typedByModel() {
        var values = PerModelValues()
        #expect(values.isEmpty)
        values[Tally<Record>.self] = Tally(count: 3)
        #expect(values[Tally<Record>.self]?.count == 3)
        #expect(values[Tally<ConformanceNote>.self] == nil)
        #expect(values.contains(Tally<Record>.self))
        #expect(!values.contains(Tally<ConformanceNote>.self))
        #expect(!values.isEmpty)
    }

    @Test("two per-model types of one model are two values")
    func typesAreKeys() {
        var values = PerModelValues()
        values[Tally<Record>.self] = Tally(count: 1)
        values[Label<Record>.self] = Label(text: "records")
        values[Tally<Record>.self]?.count += 1
        #expect(values[Tally<Record>.self]?.count == 2)
        #expect(values[Label<Record>.self]?.text == "records")
    }

    @Test("the default subscript makes the value once, then changes it in place and keeps it")
    func defaultSubscript() {
        var values = PerModelValues()
        var made = 0
        func fresh() -> Tally<Record> {
            made += 1
            return Tally()
        }
        #expect(values[Tally<Record>.self, default: fresh()].count == 0)
        #expect(!values.contains(Tally<Record>.self), "reading with a default keeps nothing")
        values[Tally<Record>.self, default: fresh()].count += 5
        values[Tally<Record>.self, default: fresh()].count += 1
        #expect(values[Tally<Record>.self]?.count == 6)
        #expect(made == 2, "one read and the first change make a value; the second finds it")
    }

    @Test("removing a value returns it and leaves none; setting nil removes it too")
    func removal() {
        var values = PerModelValues()
        values[Tally<Record>.self] = Tally(count: 4)
        values[Label<Record>.self] = Label(text: "kept")
        #expect(values.removeValue(Tally<Record>.self)?.count == 4)
        #expect(values.removeValue(Tally<Record>.self) == nil)
        #expect(values[Label<Record>.self]?.text == "kept")
        values[Label<Record>.self] = nil
        #expect(values.isEmpty)
    }
}
