import Foundation
import InternalSupport

/// A random nested value for RecordJSONEncoder's differential test: objects, arrays and
/// dictionaries of scalars of every kind, written through every container method.
indirect enum RandomShape: Encodable {
    /// A scalar through a single-value container.
    case scalar(RandomScalar)
    /// An object through a keyed container.
    case object([RandomMember])
    /// An array through an unkeyed container.
    case array([RandomElement])
    /// Dictionaries, by String and Int (objects) and by Bool (pairs).
    case byString([String: RandomShape])
    case byInt([Int: RandomShape])
    case byBool([Bool: RandomShape])
    /// An Optional of a shape, through a single-value container.
    case optional(RandomShape?)
    /// A value that encodes nothing.
    case nothing

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .scalar(let scalar): try scalar.encode(to: encoder)
        case .object(let members):
            var container = encoder.container(keyedBy: TestKey.self)
            for member in members { try member.encode(in: &container) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try element.encode(in: &container) }
        case .byString(let members): try members.encode(to: encoder)
        case .byInt(let members): try members.encode(to: encoder)
        case .byBool(let members): try members.encode(to: encoder)
        case .optional(let shape):
            var container = encoder.singleValueContainer()
            try container.encode(shape)
        case .nothing: break
        }
    }
}

/// A member of a random object, written through one of the keyed container's methods.
enum RandomMember {
    /// A scalar through the container's method for its type.
    case direct(String, RandomScalar)
    /// A scalar through the container's generic method.
    case generic(String, RandomScalar)
    /// A shape as a value.
    case value(String, RandomShape)
    /// Nested containers.
    case object(String, [RandomMember])
    case array(String, [RandomElement])
    /// A shape through a super-encoder (`superEncoder()` without a key).
    case superEncoded(String?, RandomShape)
    /// `encodeNil(forKey:)`.
    case null(String)
    /// `encodeIfPresent(_:forKey:)`.
    case ifPresent(String, Int?)

    func encode(in container: inout KeyedEncodingContainer<TestKey>) throws {
        switch self {
        case .direct(let key, let scalar):
            try scalar.encodeDirectly(in: &container, forKey: TestKey(stringValue: key))
        case .generic(let key, let scalar):
            try scalar.open { value in
                try container.encode(value, forKey: TestKey(stringValue: key))
            }
        case .value(let key, let shape):
            try container.encode(shape, forKey: TestKey(stringValue: key))
        case .object(let key, let members):
            var nested = container.nestedContainer(
                keyedBy: TestKey.self, forKey: TestKey(stringValue: key))
            for member in members { try member.encode(in: &nested) }
        case .array(let key, let elements):
            var nested = container.nestedUnkeyedContainer(forKey: TestKey(stringValue: key))
            for element in elements { try element.encode(in: &nested) }
        case .superEncoded(let key, let shape):
            try shape.encode(
                to: key.map { container.superEncoder(forKey: TestKey(stringValue: $0)) }
                    ?? container.superEncoder())
        case .null(let key): try container.encodeNil(forKey: TestKey(stringValue: key))
        case .ifPresent(let key, let value):
            try container.encodeIfPresent(value, forKey: TestKey(stringValue: key))
        }
    }
}

/// An element of a random array, written through one of the unkeyed container's methods.
enum RandomElement {
    case direct(RandomScalar)
    case generic(RandomScalar)
    case value(RandomShape)
    case object([RandomMember])
    case array([RandomElement])
    case superEncoded(RandomShape)
    case null

    func encode(in container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .direct(let scalar): try scalar.encodeDirectly(in: &container)
        case .generic(let scalar): try scalar.open { value in try container.encode(value) }
        case .value(let shape): try container.encode(shape)
        case .object(let members):
            var nested = container.nestedContainer(keyedBy: TestKey.self)
            for member in members { try member.encode(in: &nested) }
        case .array(let elements):
            var nested = container.nestedUnkeyedContainer()
            for element in elements { try element.encode(in: &nested) }
        case .superEncoded(let shape): try shape.encode(to: container.superEncoder())
        case .null: try container.encodeNil()
        }
    }
}

/// A random scalar of one of the types encoders know.
enum RandomScalar: Encodable {
    case string(String), bool(Bool), double(Double), float(Float)
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
    case date(Date), data(Data), url(URL), decimal(Decimal)
    case strings([String]), ints([Int]), optionalString(String?), optionalInt(Int?)

    /// Calls `body` with the scalar's value as its own type, generically.
    func open(_ body: (any Encodable) throws -> Void) rethrows {
        switch self {
        case .string(let value): try body(value)
        case .bool(let value): try body(value)
        case .double(let value): try body(value)
        case .float(let value): try body(value)
        case .int(let value): try body(value)
        case .int8(let value): try body(value)
        case .int16(let value): try body(value)
        case .int32(let value): try body(value)
        case .int64(let value): try body(value)
        case .uint(let value): try body(value)
        case .uint8(let value): try body(value)
        case .uint16(let value): try body(value)
        case .uint32(let value): try body(value)
        case .uint64(let value): try body(value)
        case .date(let value): try body(value)
        case .data(let value): try body(value)
        case .url(let value): try body(value)
        case .decimal(let value): try body(value)
        case .strings(let value): try body(value)
        case .ints(let value): try body(value)
        case .optionalString(let value): try body(value)
        case .optionalInt(let value): try body(value)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try open { value in try container.encode(value) }
    }

    /// Writes the scalar through the keyed container's method for its type.
    func encodeDirectly(in container: inout KeyedEncodingContainer<TestKey>, forKey key: TestKey)
        throws
    {
        switch self {
        case .string(let value): try container.encode(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .optionalString(let value): try container.encodeIfPresent(value, forKey: key)
        case .optionalInt(let value): try container.encodeIfPresent(value, forKey: key)
        default: try open { value in try container.encode(value, forKey: key) }
        }
    }

    /// Writes the scalar through the unkeyed container's method for its type.
    func encodeDirectly(in container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        default: try open { value in try container.encode(value) }
        }
    }
}

/// Makes random shapes from a seed.
struct RandomShapeMaker {
    var random: SplitMix64
    /// The nested containers' keys made so far.
    private var nestedKeys = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A shape at most `depth` levels deep.
    mutating func shape(depth: Int) -> RandomShape {
        guard depth > 0 else { return .scalar(scalar()) }
        switch random.below(20) {
        case 0..<5: return .scalar(scalar())
        case 5..<10: return .object(members(depth: depth - 1))
        case 10..<14: return .array((0..<count()).map { _ in element(depth: depth - 1) })
        case 14:
            return .byString(
                Dictionary((0..<count()).map { _ in (key(), shape(depth: depth - 1)) }) { $1 })
        case 15:
            return .byInt(
                Dictionary((0..<count()).map { _ in (integer(), shape(depth: depth - 1)) }) { $1 })
        case 16: return .byBool([random.oneIn(2): shape(depth: depth - 1)])
        case 17: return .optional(random.oneIn(3) ? nil : shape(depth: depth - 1))
        case 18: return .nothing
        default: return .object(members(depth: depth - 1, count: 14 + random.below(30)))
        }
    }

    private mutating func count() -> Int { random.below(6) }

    private mutating func members(depth: Int, count: Int? = nil) -> [RandomMember] {
        (0..<(count ?? self.count())).map { _ in member(depth: depth) }
    }

    private mutating func member(depth: Int) -> RandomMember {
        let key = key()
        switch random.below(16) {
        case 0..<4: return .direct(key, scalar())
        case 4..<7: return .generic(key, scalar())
        case 7..<10: return .value(key, shape(depth: depth))
        // JSONEncoder stops the process when a nested container's key holds a value.
        case 10: return .object(nestedKey(), members(depth: depth - 1))
        case 11: return .array(nestedKey(), (0..<count()).map { _ in element(depth: depth - 1) })
        case 12: return .superEncoded(random.oneIn(2) ? nil : key, shape(depth: depth))
        case 13: return .null(key)
        default: return .ifPresent(key, random.oneIn(2) ? nil : integer())
        }
    }

    private mutating func element(depth: Int) -> RandomElement {
        switch random.below(14) {
        case 0..<4: return .direct(scalar())
        case 4..<7: return .generic(scalar())
        case 7..<10: return .value(shape(depth: depth))
        case 10: return .object(members(depth: depth - 1))
        case 11: return .array((0..<count()).map { _ in element(depth: depth - 1) })
        case 12: return .superEncoded(shape(depth: depth))
        default: return .null
        }
    }

    /// A key of its own, for a nested container.
    private mutating func nestedKey() -> String {
        nestedKeys += 1
        return "nested \(nestedKeys)"
    }

    /// A key: mostly distinct ones, sometimes one that needs escaping or repeats.
    private mutating func key() -> String {
        switch random.below(10) {
        case 0:
            return random.pick([
                "", "quote\"", "back\\slash", "line\nbreak", "nul\0", "/", "é", "e\u{301}",
                "日本", "super", "😀", "\u{1F}",
            ])
        default: return "k\(random.below(400))"
        }
    }

    private mutating func integer() -> Int {
        random.oneIn(4)
            ? random.pick([0, -1, .min, .max])
            : Int(truncatingIfNeeded: random.next()) >> random.below(64)
    }

    private mutating func text() -> String {
        let scalars = (0..<random.below(12)).compactMap { _ -> Unicode.Scalar? in
            switch random.below(6) {
            case 0: Unicode.Scalar(UInt8(random.below(0x20)))
            case 1: random.pick(["\"", "\\", "/", "\u{7F}", "\u{2028}", "é", "😀"])
            case 2: Unicode.Scalar(UInt32(0x80 + random.below(0x10000 - 0x80)))
            default: Unicode.Scalar(UInt8(0x20 + random.below(0x5F)))
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    private mutating func double() -> Double {
        switch random.below(8) {
        case 0: Double(bitPattern: random.next())
        case 1:
            random.pick([
                0, -0.0, 1, 0.1, 1e-5, 1e20, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
            ])
        case 2: Double(integer()) / 100
        default: Double(random.below(1_000_000)) / Double(1 + random.below(1000))
        }
    }

    /// A scalar; a non-finite float or a Decimal NaN once in a while.
    mutating func scalar() -> RandomScalar {
        var double = double()
        if !double.isFinite, !random.oneIn(20) { double = 1.5 }
        switch random.below(22) {
        case 0, 1: return .string(text())
        case 2: return .bool(random.oneIn(2))
        case 3, 4: return .double(double)
        case 5: return .float(Float(double))
        case 6, 7: return .int(integer())
        case 8: return .int8(Int8(truncatingIfNeeded: random.next()))
        case 9: return .int16(Int16(truncatingIfNeeded: random.next()))
        case 10: return .int32(Int32(truncatingIfNeeded: random.next()))
        case 11: return .int64(random.oneIn(4) ? .min : Int64(truncatingIfNeeded: random.next()))
        case 12: return .uint(UInt(truncatingIfNeeded: random.next()))
        case 13: return .uint8(UInt8(truncatingIfNeeded: random.next()))
        case 14: return .uint16(UInt16(truncatingIfNeeded: random.next()))
        case 15: return .uint32(UInt32(truncatingIfNeeded: random.next()))
        case 16: return .uint64(random.oneIn(4) ? .max : random.next())
        case 17: return .date(Date(timeIntervalSinceReferenceDate: double))
        case 18:
            return .data(
                Data((0..<random.below(8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        case 19:
            return .url(
                URL(string: "https://example.com/\(random.below(100))/a%20b?q=\(random.below(9))")
                    ?? URL(filePath: "/"))
        case 20:
            let decimal =
                random.oneIn(40)
                ? Decimal.nan
                : Decimal(
                    sign: random.oneIn(2) ? .minus : .plus, exponent: random.below(40) - 20,
                    significand: Decimal(random.next() >> random.below(64)))
            return .decimal(decimal)
        default:
            switch random.below(4) {
            case 0: return .strings((0..<count()).map { _ in text() })
            case 1: return .ints((0..<count()).map { _ in integer() })
            case 2: return .optionalString(random.oneIn(2) ? nil : text())
            default: return .optionalInt(random.oneIn(2) ? nil : integer())
            }
        }
    }
}
