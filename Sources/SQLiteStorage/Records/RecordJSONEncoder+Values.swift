import Foundation

/// Values: the types `JSONEncoder` writes its own way, the common ones written without
/// their `encode(to:)`, and every other value through its `encode(to:)`.
extension RecordJSONEncoder {
    /// Writes a value of a type `JSONEncoder` writes without the type's `encode(to:)`, or a
    /// common one whose `encode(to:)` writes what this writes directly.
    ///
    /// `JSONEncoder`'s own cases, with its default strategies: a `Date` as its seconds since
    /// 2001 (what `Date.encode(to:)` writes), `Data` as base64, a `URL` as its absolute
    /// string, a `Decimal` as a number (`NaN`, which is not JSON, is left to `JSONEncoder`).
    ///
    /// - Returns: Whether the value was written; `false` when its `encode(to:)` must write
    ///   it.
    func writeSpecial<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == String.self {
            writeString(reinterpret(value, as: String.self))
        } else if Value.self == Int.self {
            writeInteger(Int64(reinterpret(value, as: Int.self)))
        } else if Value.self == Bool.self {
            writeBool(reinterpret(value, as: Bool.self))
        } else if Value.self == Double.self {
            try writeFloat(reinterpret(value, as: Double.self))
        } else if Value.self == String?.self {
            if let string = reinterpret(value, as: String?.self) {
                writeString(string)
            } else {
                append("null")
            }
        } else if Value.self == Int?.self {
            if let integer = reinterpret(value, as: Int?.self) {
                writeInteger(Int64(integer))
            } else {
                append("null")
            }
        } else if Value.self == [String].self {
            append(UInt8(ascii: "["))
            for (index, string) in reinterpret(value, as: [String].self).enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                writeString(string)
            }
            append(UInt8(ascii: "]"))
        } else if Value.self == [Int].self {
            append(UInt8(ascii: "["))
            for (index, integer) in reinterpret(value, as: [Int].self).enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                writeInteger(Int64(integer))
            }
            append(UInt8(ascii: "]"))
        } else {
            return try writeFoundationType(value) || writeOtherScalar(value)
        }
        return true
    }

    /// Writes a `Date`, `Data`, `URL` or `Decimal` as `JSONEncoder` does.
    private func writeFoundationType<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Date.self {
            try writeFloat(reinterpret(value, as: Date.self).timeIntervalSinceReferenceDate)
        } else if Value.self == URL.self {
            writeString(reinterpret(value, as: URL.self).absoluteString)
        } else if Value.self == Data.self {
            writeString(reinterpret(value, as: Data.self).base64EncodedString())
        } else if Value.self == Decimal.self {
            let decimal = reinterpret(value, as: Decimal.self)
            guard !decimal.isNaN else {
                abandon()
                throw Abandoned()
            }
            appendRaw(decimal.description)
        } else {
            return false
        }
        return true
    }

    /// Writes the other standard numbers, as their single-value containers would.
    private func writeOtherScalar<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Float.self {
            try writeFloat(reinterpret(value, as: Float.self))
        } else if Value.self == Int64.self {
            writeInteger(reinterpret(value, as: Int64.self))
        } else if Value.self == Int32.self {
            writeInteger(Int64(reinterpret(value, as: Int32.self)))
        } else if Value.self == Int16.self {
            writeInteger(Int64(reinterpret(value, as: Int16.self)))
        } else if Value.self == Int8.self {
            writeInteger(Int64(reinterpret(value, as: Int8.self)))
        } else if Value.self == UInt.self {
            writeUnsigned(UInt64(reinterpret(value, as: UInt.self)))
        } else if Value.self == UInt64.self {
            writeUnsigned(reinterpret(value, as: UInt64.self))
        } else if Value.self == UInt32.self {
            writeUnsigned(UInt64(reinterpret(value, as: UInt32.self)))
        } else if Value.self == UInt16.self {
            writeUnsigned(UInt64(reinterpret(value, as: UInt16.self)))
        } else if Value.self == UInt8.self {
            writeUnsigned(UInt64(reinterpret(value, as: UInt8.self)))
        } else {
            return false
        }
        return true
    }

    /// Writes a value through its `encode(to:)`, in a frame of its own above the innermost.
    ///
    /// - Returns: What the value wrote in its frame: ``Frame/Kind/empty`` when it encoded
    ///   nothing (`{}` is written then, as `JSONEncoder` writes a nested value that encodes
    ///   nothing).
    @discardableResult
    func writeNested<Value: Encodable>(_ value: Value, at component: PathComponent) throws
        -> Frame.Kind
    {
        let frame = push(.empty, isEncoding: true, at: component)
        do {
            try value.encode(to: RecordJSONValueEncoder(encoder: self, frame: frame))
        } catch {
            // Even an error the value's caller catches leaves the value to JSONEncoder: what
            // the value wrote before it threw is in the text already.
            abandon()
            throw error
        }
        try enter(frame)
        let kind = frames[frame.index].kind
        closeInnermost()
        return kind
    }

    /// A value as the type it is known to have.
    @inline(__always)
    private func reinterpret<Value, Known>(_ value: Value, as _: Known.Type) -> Known {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: Known.self) }
    }
}
