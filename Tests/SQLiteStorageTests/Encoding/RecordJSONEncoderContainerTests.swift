import Foundation
import Testing

@testable import ModelStorage
@testable import RecordCoding

/// RecordJSONEncoder's containers write what `JSONEncoder`'s do, however a value uses them:
/// nested, merged, interleaved, superseded, left empty or written twice.
@Suite("RecordJSONEncoder's containers")
struct RecordJSONEncoderContainerTests {
    @Test("dictionaries: by String and Int as objects, by other keys as arrays of pairs")
    func dictionaries() {
        let byString = ["a": 1, "": 2, "quote\"": 3, "back\\slash": 4, "\n\0": 5, "é": 6, "/": 7]
        EncoderComparison.expectSame(byString)
        EncoderComparison.expectSame([1: "a", -2: "b", Int.min: "c"])
        EncoderComparison.expectSame([Int8(3): "a"])
        EncoderComparison.expectSame([true: 1])
        EncoderComparison.expectSame([1.5: "a"])
        EncoderComparison.expectSame([Kind.fire: 1, .water: 2])
        EncoderComparison.expectSame([Date(timeIntervalSinceReferenceDate: 5): "a"])
        EncoderComparison.expectSame(["outer": ["inner": [1, 2]], "empty": [:]])
        EncoderComparison.expectSame([String: Int]())
        EncoderComparison.expectSame([Int: Int]())
        EncoderComparison.expectSame([Bool: Int]())
        // Past the keys an object looks up one by one.
        for size in [15, 16, 17, 18, 40, 1000] {
            let members = Dictionary(uniqueKeysWithValues: (0..<size).map { ("key \($0)", $0) })
            EncoderComparison.expectSame(members)
            EncoderComparison.expectSame(["nested": members, "other": ["x": 1]])
        }
    }

    @Test("structs and classes: synthesized, nested, Optionals present and absent")
    func models() {
        let trainer = Trainer(
            name: "Ash", badges: [1, 2],
            partner: Partner(species: "pikachu", level: 88, kind: .electric),
            rival: nil, notes: ["": [nil, "x"]], joined: Date(timeIntervalSinceReferenceDate: 1),
            photo: Data([9]), site: URL(string: "https://example.com/ash"), score: Decimal(7.5))
        EncoderComparison.expectSame(trainer)
        var rival = trainer
        rival.rival = Partner(species: "eevee", level: nil, kind: .normal)
        rival.site = nil
        EncoderComparison.expectSame([trainer, rival])
        EncoderComparison.expectSame(["team": [trainer], "empty": []])
        EncoderComparison.expectSame(Leader(name: "Brock", gym: "Pewter", badge: "boulder"))
        EncoderComparison.expectSame([Leader(name: "Misty", gym: "Cerulean", badge: "cascade")])
        EncoderComparison.expectSame(Empty())
        EncoderComparison.expectSame([Empty()])
    }

    @Test("explicit nil, encodeIfPresent, encodeNil in every container, encode(contentsOf:)")
    func nils() {
        EncoderComparison.expectSame(Nils(present: nil))
        EncoderComparison.expectSame(Nils(present: 4))
        EncoderComparison.expectSame([Nils(present: 4)])
    }

    @Test("a value that encodes nothing: {} inside, JSONEncoder's error at the top")
    func nothing() {
        EncoderComparison.expectSame(Custom.nothing)
        EncoderComparison.expectSame(["a": Custom.nothing])
        EncoderComparison.expectSame([Custom.nothing])
        EncoderComparison.expectSame(Custom.singleValueOfNothing)
        EncoderComparison.expectSame([Custom.singleValueOfNothing])
        EncoderComparison.expectSame(Custom.unusedSingleValue)
        EncoderComparison.expectSame([Custom.unusedSingleValue])
        EncoderComparison.expectSame(Custom.emptyKeyed)
        EncoderComparison.expectSame(Custom.emptyUnkeyed)
        EncoderComparison.expectSame(["a": Custom.emptyNested])
    }

    @Test("super-encoders: keyed, for a key, unkeyed, unused, used after a later element")
    func superEncoders() {
        for value in [
            Custom.superKeyed, .superForKey, .superUnkeyed, .superUnused, .superUnkeyedLate,
            .superUnkeyedUnused, .superTwice,
        ] {
            EncoderComparison.expectSame(value, "\(value)")
            EncoderComparison.expectSame(["in": [value]], "\(value)")
        }
    }

    @Test("containers: nested, merged, interleaved, used after their parent went on")
    func containerOrder() {
        for value in [
            Custom.interleaved, .mergedKeyed, .mergedUnkeyed, .staleNested, .staleSuper,
            .parentWrittenInChild, .deep, .singleValueThenKeyed, .readsCodingPath,
        ] {
            EncoderComparison.expectSame(value, "\(value)")
            EncoderComparison.expectSame([value, value], "\(value)")
        }
    }

    @Test("a key written twice: the last value, or merged containers, as JSONEncoder")
    func duplicateKeys() {
        for value in [
            Custom.duplicate, .duplicateNested, .duplicateCanonical, .duplicateAfterMany,
            .duplicateInDictionaryKeys,
        ] {
            EncoderComparison.expectSame(value, "\(value)")
            EncoderComparison.expectSame(["in": value], "\(value)")
        }
    }

    @Test("errors: caught ones leave the value to JSONEncoder, thrown ones are its own")
    func errors() {
        for value in [Custom.caughtNaN, .thrown, .caughtThrown, .caughtNested] {
            EncoderComparison.expectSame(value, "\(value)")
            EncoderComparison.expectSame(["in": [value]], "\(value)")
        }
    }

    @Test("one encoder writes value after value, whatever the one before did")
    func reuse() {
        let encoder = RecordJSONEncoder()
        for value in [
            Custom.nothing, .duplicate, .thrown, .interleaved, .superUnkeyedLate, .caughtNaN,
            .staleNested, .deep,
        ] {
            EncoderComparison.expectSame(value, encoder: encoder, "\(value)")
            EncoderComparison.expectSame(["a": 1], encoder: encoder, "after \(value)")
        }
        EncoderComparison.expectSame(Reentrant(encoder: encoder), encoder: encoder)
    }

    @Test("misuse JSONEncoder stops the process for throws an EncodingError instead")
    func misuse() {
        let encoder = RecordJSONEncoder()
        for value in [Custom.keyedAfterUnkeyed, .twoSingleValues, .keyedAfterSingleValue] {
            do {
                _ = try encoder.encode(["in": ["a": [value]]])
                Issue.record("\(value) encoded")
            } catch let EncodingError.invalidValue(_, context) {
                // The error says where: the path to the value that misused its encoder.
                #expect(context.codingPath.map(\.stringValue) == ["in", "a", "Index 0"])
                #expect(context.codingPath.last?.intValue == 0)
            } catch {
                Issue.record("\(value) threw \(error)")
            }
            EncoderComparison.expectSame(["after": value.rawValue], encoder: encoder)
        }
    }
}
