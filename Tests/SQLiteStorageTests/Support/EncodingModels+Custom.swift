import Foundation

/// Values that use the encoding containers in unusual ways, each a case that writes itself.
enum Custom: String, Encodable, CaseIterable, CustomStringConvertible {
    // Nothing
    case nothing, singleValueOfNothing, unusedSingleValue, emptyKeyed, emptyUnkeyed, emptyNested
    // Super-encoders
    case superKeyed, superForKey, superUnkeyed, superUnused, superUnkeyedLate
    case superUnkeyedUnused, superTwice
    // Container order
    case interleaved, mergedKeyed, mergedUnkeyed, staleNested, staleSuper
    case parentWrittenInChild, deep, singleValueThenKeyed, readsCodingPath
    // Keys written twice
    case duplicate, duplicateNested, duplicateCanonical, duplicateAfterMany
    case duplicateInDictionaryKeys
    // Errors
    case caughtNaN, thrown, caughtThrown, caughtNested
    // Misuse that stops JSONEncoder's process
    case keyedAfterUnkeyed, twoSingleValues, keyedAfterSingleValue

    var description: String { rawValue }

    /// A dictionary whose two keys have the same coding key.
    static let collidingKeys = [CollidingKey(1): 1, CollidingKey(3): 2]

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .nothing, .singleValueOfNothing, .unusedSingleValue, .emptyKeyed, .emptyUnkeyed,
            .emptyNested:
            try encodeNothing(to: encoder)
        case .superKeyed, .superForKey, .superUnkeyed, .superUnused, .superUnkeyedLate,
            .superUnkeyedUnused, .superTwice:
            try encodeSuper(to: encoder)
        case .interleaved, .mergedKeyed, .mergedUnkeyed, .staleNested, .staleSuper,
            .parentWrittenInChild, .deep, .singleValueThenKeyed, .readsCodingPath:
            try encodeInOrder(to: encoder)
        case .duplicate, .duplicateNested, .duplicateCanonical, .duplicateAfterMany,
            .duplicateInDictionaryKeys:
            try encodeDuplicate(to: encoder)
        case .caughtNaN, .thrown, .caughtThrown, .caughtNested:
            try encodeFailing(to: encoder)
        case .keyedAfterUnkeyed, .twoSingleValues, .keyedAfterSingleValue:
            try encodeMisuse(to: encoder)
        }
    }

    private func encodeNothing(to encoder: any Encoder) throws {
        switch self {
        case .singleValueOfNothing:
            var container = encoder.singleValueContainer()
            try container.encode(Custom.nothing)
        case .unusedSingleValue: _ = encoder.singleValueContainer()
        case .emptyKeyed: _ = encoder.container(keyedBy: TestKey.self)
        case .emptyUnkeyed: _ = encoder.unkeyedContainer()
        case .emptyNested:
            var container = encoder.container(keyedBy: TestKey.self)
            _ = container.nestedContainer(keyedBy: TestKey.self, forKey: "object")
            _ = container.nestedUnkeyedContainer(forKey: "array")
            _ = container.superEncoder(forKey: "super")
            var array = container.nestedUnkeyedContainer(forKey: "array of empties")
            _ = array.nestedContainer(keyedBy: TestKey.self)
            _ = array.nestedUnkeyedContainer()
            _ = array.superEncoder()
        default: break
        }
    }

    private func encodeSuper(to encoder: any Encoder) throws {
        switch self {
        case .superKeyed:
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
            try Partner(species: "mew", level: 5, kind: .normal).encode(
                to: container.superEncoder())
        case .superForKey:
            var container = encoder.container(keyedBy: TestKey.self)
            try Custom.interleaved.encode(to: container.superEncoder(forKey: "b"))
            try container.encode(2, forKey: "a")
        case .superUnkeyed:
            var container = encoder.unkeyedContainer()
            try container.encode(1)
            try "x".encode(to: container.superEncoder())
            try container.encode(3)
        case .superUnused:
            var container = encoder.container(keyedBy: TestKey.self)
            _ = container.superEncoder()
            try container.encode(1, forKey: "a")
        case .superUnkeyedLate:
            var container = encoder.unkeyedContainer()
            let late = container.superEncoder()
            try container.encode(1)
            var single = late.singleValueContainer()
            try single.encode(2)
        case .superUnkeyedUnused:
            var container = encoder.unkeyedContainer()
            _ = container.superEncoder()
            try container.encode(1)
        default:
            var container = encoder.container(keyedBy: TestKey.self)
            let first = container.superEncoder(forKey: "a")
            let second = container.superEncoder(forKey: "b")
            try 2.encode(to: second)
            try 1.encode(to: first)
        }
    }

    private func encodeInOrder(to encoder: any Encoder) throws {
        switch self {
        case .interleaved:
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode("x", forKey: "id")
            var entries = container.nestedUnkeyedContainer(forKey: "entries")
            for slot in 1...3 {
                var entry = entries.nestedContainer(keyedBy: TestKey.self)
                try entry.encode(slot, forKey: "slot")
                var resource = entry.nestedContainer(keyedBy: TestKey.self, forKey: "type")
                try resource.encode("fire", forKey: "name")
                try entry.encode(slot.isMultiple(of: 2), forKey: "hidden")
            }
            try container.encode(2, forKey: "after")
        case .mergedKeyed:
            var first = encoder.container(keyedBy: TestKey.self)
            try first.encode(1, forKey: "a")
            var nested = first.nestedContainer(keyedBy: TestKey.self, forKey: "n")
            try nested.encode(true, forKey: "in")
            var second = encoder.container(keyedBy: OtherKey.self)
            try second.encode("z", forKey: .other)
            try first.encode(3, forKey: "c")
        case .mergedUnkeyed:
            var first = encoder.unkeyedContainer()
            try first.encode(1)
            var second = encoder.unkeyedContainer()
            try second.encode(2)
            try first.encode(3)
        case .staleNested:
            var container = encoder.container(keyedBy: TestKey.self)
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try container.encode(1, forKey: "b")
            try nested.encode(2, forKey: "c")
        case .staleSuper:
            var container = encoder.container(keyedBy: TestKey.self)
            let late = container.superEncoder(forKey: "a")
            try container.encode(1, forKey: "b")
            var single = late.singleValueContainer()
            try single.encode(3)
        case .parentWrittenInChild:
            let box = ContainerBox(encoder.container(keyedBy: TestKey.self))
            var container = box.container
            try container.encode(ParentWriter(box: box), forKey: "child")
        case .deep:
            try Nest(depth: 300).encode(to: encoder)
        case .singleValueThenKeyed:
            _ = encoder.singleValueContainer()
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
        default:
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(PathReporter(), forKey: "a")
            var array = container.nestedUnkeyedContainer(forKey: "b")
            try array.encode(PathReporter())
            try PathReporter().encode(to: array.superEncoder())
        }
    }

    private func encodeDuplicate(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        switch self {
        case .duplicate:
            try container.encode(1, forKey: "a")
            try container.encode("x", forKey: "a")
        case .duplicateNested:
            var first = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try first.encode(1, forKey: "b")
            var second = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try second.encode(2, forKey: "c")
        case .duplicateCanonical:
            try container.encode(1, forKey: TestKey(stringValue: "caf\u{E9}"))
            try container.encode(2, forKey: TestKey(stringValue: "cafe\u{301}"))
        case .duplicateAfterMany:
            for index in 0..<20 {
                try container.encode(index, forKey: TestKey(stringValue: "\(index)"))
            }
            try container.encode("again", forKey: "3")
        default:
            // The same instance every time: another's members may come in another order.
            try container.encode(Self.collidingKeys, forKey: "d")
        }
    }

    private func encodeFailing(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        switch self {
        case .caughtNaN:
            try? container.encode(Double.nan, forKey: "a")
            try container.encode(1, forKey: "b")
        case .thrown:
            try container.encode(1, forKey: "a")
            throw OwnError()
        case .caughtThrown:
            try? container.encode(Thrower(), forKey: "a")
            try container.encode(2, forKey: "b")
        default:
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try? nested.encode(Float.infinity, forKey: "b")
            try nested.encode(1, forKey: "c")
        }
    }

    private func encodeMisuse(to encoder: any Encoder) throws {
        switch self {
        case .keyedAfterUnkeyed:
            var array = encoder.unkeyedContainer()
            try array.encode(1)
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
        case .twoSingleValues:
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        default:
            var single = encoder.singleValueContainer()
            try single.encode(1)
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
        }
    }
}
