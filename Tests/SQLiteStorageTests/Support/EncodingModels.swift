import Foundation

@testable import ModelStorage
@testable import RecordCoding

// Models for RecordJSONEncoder's tests: synthesized ones, and values that use the
// encoding containers every way `Encoder` allows.

/// A type whose cases are dictionary keys.
enum Kind: String, Codable, CodingKeyRepresentable {
    case fire, water, electric, normal
}

/// A synthesized model with one of everything.
struct Trainer: Encodable {
    var name: String
    var badges: [Int]
    var partner: Partner
    var rival: Partner?
    var notes: [String: [String?]]
    var joined: Date
    var photo: Data
    var site: URL?
    var score: Decimal
}

/// A synthesized model nested in ``Trainer``.
struct Partner: Encodable {
    var species: String
    var level: Int?
    var kind: Kind
}

/// A model with no properties: an empty keyed container.
struct Empty: Encodable {}

/// A base class that encodes its own keys.
class Person: Encodable {
    let name: String

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

/// A subclass that encodes its superclass into its own container and into a super-encoder.
final class Leader: Person {
    let gym: String
    let badge: String

    init(name: String, gym: String, badge: String) {
        self.gym = gym
        self.badge = badge
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case gym, badge }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gym, forKey: .gym)
        try super.encode(to: encoder)
        try container.encode(badge, forKey: .badge)
        try super.encode(to: container.superEncoder())
    }
}

/// Every way to write nothing: `encodeNil`, `encodeIfPresent` and Optionals in each
/// container, and sequences.
struct Nils: Encodable {
    var present: Int?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        try container.encodeNil(forKey: "nil")
        try container.encodeIfPresent(present, forKey: "present")
        try container.encodeIfPresent(String?.none, forKey: "absent")
        try container.encodeIfPresent(Partner?.none, forKey: "absent partner")
        try container.encode(Int?.none, forKey: "optional")
        try container.encode(Partner?.none, forKey: "optional partner")
        var elements = container.nestedUnkeyedContainer(forKey: "elements")
        try elements.encodeNil()
        try elements.encode(contentsOf: [1, 2, 3])
        try elements.encode(contentsOf: ["a", "b"])
        try elements.encode(present)
        try elements.encode(Partner?.none)
        var single = container.superEncoder(forKey: "single").singleValueContainer()
        try single.encodeNil()
    }
}

/// A key made of any text.
struct TestKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

/// Keys of another type, for a second container of the same encoder.
enum OtherKey: String, CodingKey {
    case other
}

/// A dictionary key whose coding key repeats another's.
struct CollidingKey: Hashable, Encodable, CodingKeyRepresentable {
    let number: Int

    var codingKey: any CodingKey { TestKey(stringValue: "k\(number % 2)") }

    init(_ number: Int) { self.number = number }
    init?<T: CodingKey>(codingKey: T) { nil }
}

/// An error of a value's own.
struct OwnError: Error, CustomStringConvertible {
    var description: String { "the value refused" }
}

/// A container to write in from a nested value's `encode(to:)`.
final class ContainerBox {
    let container: KeyedEncodingContainer<TestKey>

    init(_ container: KeyedEncodingContainer<TestKey>) { self.container = container }
}

/// A value that writes into its parent's container while it encodes.
struct ParentWriter: Encodable {
    let box: ContainerBox

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        try container.encode(1, forKey: "child")
        var parent = box.container
        try parent.encode(2, forKey: "from child")
    }
}

/// A value that writes part of itself, then throws.
struct Thrower: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        try container.encode(1, forKey: "partial")
        throw OwnError()
    }
}

/// A value that writes its coding path.
struct PathReporter: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.codingPath.map(\.stringValue))
    }
}

/// Objects nested `depth` deep, in arrays every other level.
struct Nest: Encodable {
    let depth: Int

    func encode(to encoder: any Encoder) throws {
        guard depth > 0 else {
            var container = encoder.singleValueContainer()
            try container.encode("bottom")
            return
        }
        if depth.isMultiple(of: 2) {
            var container = encoder.unkeyedContainer()
            try container.encode(depth)
            try container.encode(Nest(depth: depth - 1))
        } else {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(Nest(depth: depth - 1), forKey: "n")
            try container.encode(depth, forKey: "depth")
        }
    }
}

/// A value that encodes another with the encoder that is encoding it.
struct Reentrant: Encodable {
    let encoder: RecordJSONEncoder

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TestKey.self)
        try container.encode(try self.encoder.encode(["inner": [1, 2]]), forKey: "json")
        try container.encode(3, forKey: "after")
    }
}
