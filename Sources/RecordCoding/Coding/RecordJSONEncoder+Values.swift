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
            output.pointee.writeString(reinterpret(value, as: String.self))
        } else if Value.self == Int.self {
            output.pointee.writeInteger(Int64(reinterpret(value, as: Int.self)))
        } else if Value.self == Bool.self {
            output.pointee.writeBool(reinterpret(value, as: Bool.self))
        } else if Value.self == Double.self {
            try output.pointee.writeFloat(reinterpret(value, as: Double.self))
        } else if Value.self == String?.self {
            if let string = reinterpret(value, as: String?.self) {
                output.pointee.writeString(string)
            } else {
                output.pointee.append("null")
            }
        } else if Value.self == Int?.self {
            if let integer = reinterpret(value, as: Int?.self) {
                output.pointee.writeInteger(Int64(integer))
            } else {
                output.pointee.append("null")
            }
        } else if Value.self == [String].self {
            output.pointee.append(UInt8(ascii: "["))
            for (index, string) in reinterpret(value, as: [String].self).enumerated() {
                if index > 0 { output.pointee.append(UInt8(ascii: ",")) }
                output.pointee.writeString(string)
            }
            output.pointee.append(UInt8(ascii: "]"))
        } else if Value.self == [Int].self {
            output.pointee.append(UInt8(ascii: "["))
            for (index, integer) in reinterpret(value, as: [Int].self).enumerated() {
                if index > 0 { output.pointee.append(UInt8(ascii: ",")) }
                output.pointee.writeInteger(Int64(integer))
            }
            output.pointee.append(UInt8(ascii: "]"))
        } else {
            return try writeFoundationType(value) || writeOtherScalar(value)
        }
        return true
    }

    /// Writes a `Date`, `Data`, `URL` or `Decimal` as `JSONEncoder` does.
    private func writeFoundationType<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Date.self {
            try output.pointee.writeFloat(
                reinterpret(value, as: Date.self).timeIntervalSinceReferenceDate)
        } else if Value.self == URL.self {
            output.pointee.writeString(reinterpret(value, as: URL.self).absoluteString)
        } else if Value.self == Data.self {
            output.pointee.writeString(reinterpret(value, as: Data.self).base64EncodedString())
        } else if Value.self == Decimal.self {
            let decimal = reinterpret(value, as: Decimal.self)
            guard !decimal.isNaN else {
                output.pointee.abandon()
                throw RecordJSONOutput.Abandoned()
            }
            output.pointee.appendRaw(decimal.description)
        } else {
            return false
        }
        return true
    }

    /// Writes the other standard numbers, as their single-value containers would.
    private func writeOtherScalar<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == Float.self {
            try output.pointee.writeFloat(reinterpret(value, as: Float.self))
        } else if Value.self == Int64.self {
            output.pointee.writeInteger(reinterpret(value, as: Int64.self))
        } else if Value.self == Int32.self {
            output.pointee.writeInteger(Int64(reinterpret(value, as: Int32.self)))
        } else if Value.self == Int16.self {
            output.pointee.writeInteger(Int64(reinterpret(value, as: Int16.self)))
        } else if Value.self == Int8.self {
            output.pointee.writeInteger(Int64(reinterpret(value, as: Int8.self)))
        } else if Value.self == UInt.self {
            output.pointee.writeUnsigned(UInt64(reinterpret(value, as: UInt.self)))
        } else if Value.self == UInt64.self {
            output.pointee.writeUnsigned(reinterpret(value, as: UInt64.self))
        } else if Value.self == UInt32.self {
            output.pointee.writeUnsigned(UInt64(reinterpret(value, as: UInt32.self)))
        } else if Value.self == UInt16.self {
            output.pointee.writeUnsigned(UInt64(reinterpret(value, as: UInt16.self)))
        } else if Value.self == UInt8.self {
            output.pointee.writeUnsigned(UInt64(reinterpret(value, as: UInt8.self)))
        } else {
            return false
        }
        return true
    }

    /// Writes a value through its `encode(to:)`, in a frame of its own above the innermost.
    ///
    /// - Returns: What the value wrote in its frame: ``RecordJSONOutput/Frame/Kind/empty``
    ///   when it encoded nothing (`{}` is written then, as `JSONEncoder` writes a nested
    ///   value that encodes nothing).
    @discardableResult
    func writeNested<Value: Encodable>(_ value: Value) throws -> RecordJSONOutput.Frame.Kind {
        let frame = output.pointee.push(.empty, isEncoding: true)
        do {
            try value.encode(to: RecordJSONValueEncoder(encoder: self, frame: frame))
        } catch {
            // Even an error the value's caller catches leaves the value to JSONEncoder: what
            // the value wrote before it threw is in the text already.
            output.pointee.abandon()
            throw error
        }
        try output.pointee.enter(frame)
        return output.pointee.closeInnermost()
    }

    /// A value as the type it is known to have.
    @inline(__always)
    private func reinterpret<Value, Known>(_ value: Value, as _: Known.Type) -> Known {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: Known.self) }
    }

    /// A frame's coding path, as a value reads it from its encoder or a container.
    ///
    /// The value is left to `JSONEncoder`: what it writes may depend on the path, and
    /// `JSONEncoder` gives the values in an unkeyed container a path of its own making
    /// (without the container's key, when the container is nested).
    func codingPathRead(of frame: RecordJSONOutput.FrameReference) -> [any CodingKey] {
        output.pointee.abandon()
        return output.pointee.codingPath(of: frame)
    }
}
