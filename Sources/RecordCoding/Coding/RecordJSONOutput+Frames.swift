import Foundation

/// The open levels of the output: where each write goes, and whether it comes in the order
/// the text needs.
///
/// Every encoder and container refers to its frame by index and generation. A write to a
/// frame closes the frames above it (a nested container the value is done with, a
/// super-encoder it never used); a write to a frame that is closed, or below a frame whose
/// value's `encode(to:)` still runs, is out of order for text written front to back, and
/// leaves the value to `JSONEncoder`.
extension RecordJSONOutput {
    /// An open object's keys are compared one by one up to this many, and looked up in a
    /// set beyond.
    static var keysComparedInTurn: Int { 16 }

    /// Opens a frame above the others.
    mutating func push(_ kind: Frame.Kind, isEncoding: Bool) -> FrameReference {
        generation += 1
        frames.append(
            Frame(kind: kind, isEncoding: isEncoding, generation: generation, firstKey: keys.count))
        return FrameReference(index: frames.count - 1, generation: generation)
    }

    /// Makes a frame the innermost, closing the frames above it, to write in it.
    ///
    /// - Throws: ``Abandoned``, leaving the value to `JSONEncoder`, when the frame is closed
    ///   or a value's `encode(to:)` still runs above it, or the value is already abandoned.
    @inline(__always)
    mutating func enter(_ frame: FrameReference) throws {
        if frame.index == frames.count - 1, frames[frame.index].generation == frame.generation,
            !isAbandoned
        {
            return
        }
        try enterClosingAbove(frame)
    }

    private mutating func enterClosingAbove(_ frame: FrameReference) throws {
        guard !isAbandoned else { throw Abandoned() }
        guard frame.index >= 0, frame.index < frames.count,
            frames[frame.index].generation == frame.generation
        else {
            abandon()
            throw Abandoned()
        }
        while frames.count - 1 > frame.index {
            guard !frames[frames.count - 1].isEncoding else {
                abandon()
                throw Abandoned()
            }
            closeInnermost()
        }
    }

    /// Closes the innermost frame: ends its container, or writes `{}` for a value that wrote
    /// nothing.
    ///
    /// - Returns: What the frame held.
    @discardableResult
    mutating func closeInnermost() -> Frame.Kind {
        let frame = frames.removeLast()
        switch frame.kind {
        case .empty: append("{}")
        case .array: append(UInt8(ascii: "]"))
        case .value: break
        case .object:
            append(UInt8(ascii: "}"))
            if frame.count > Self.keysComparedInTurn { keySets[frames.count] = nil }
        }
        if keys.count > frame.firstKey {
            keys.removeLast(keys.count - frame.firstKey)
            fingerprints.removeLast(fingerprints.count - frame.firstKey)
        }
        return frame.kind
    }

    /// A frame's coding path: each object's last key and each array's last index, below it.
    func codingPath(of frame: FrameReference) -> [any CodingKey] {
        guard frame.index > 0, frame.index < frames.count else { return [] }
        return (1...frame.index).compactMap { index in
            switch frames[index - 1].kind {
            // A frame opens after its member's key is stored.
            case .object: RecordJSONKey(stringValue: keys[frames[index].firstKey - 1])
            case .array: RecordJSONKey(index: frames[index - 1].count - 1)
            case .empty, .value: nil
            }
        }
    }

    // MARK: Containers

    /// Opens an object or an array in a value's frame for the container an encoder gives,
    /// or continues the one it holds (`JSONEncoder` gives the same container again).
    ///
    /// Any other use of the frame is a misuse: the encoder's container gives nothing then.
    mutating func openContainer(_ kind: Frame.Kind, in frame: FrameReference) {
        do {
            try enter(frame)
        } catch {
            return
        }
        switch (frames[frame.index].kind, kind) {
        case (.empty, .object): append(UInt8(ascii: "{"))
        case (.empty, .array): append(UInt8(ascii: "["))
        case (.object, .object), (.array, .array): return
        default:
            let asked = kind == .object ? "a keyed" : "an unkeyed"
            let held = frames[frame.index].kind == .value ? "a single value" : "another container"
            misuse(
                "an encoder was asked for \(asked) container after it encoded \(held)", in: frame)
            return
        }
        frames[frame.index].kind = kind
    }

    /// Starts a member of an object: the separator, the key and the colon.
    ///
    /// - Throws: ``Abandoned`` when the key is the object's already (`JSONEncoder` keeps
    ///   the last value, or merges two containers).
    mutating func beginMember(_ key: String, in frame: FrameReference) throws {
        try enter(frame)
        let written = frames[frame.index].count
        if written > 0 { append(UInt8(ascii: ",")) }
        let fingerprint = writeKey(key)
        append(UInt8(ascii: ":"))
        if written > 0 { try checkNew(key, fingerprint, in: frame.index, written: written) }
        keys.append(key)
        fingerprints.append(fingerprint)
        frames[frame.index].count = written + 1
    }

    /// Checks that an open object has no other member with the key.
    private mutating func checkNew(
        _ key: String, _ fingerprint: UInt64, in index: Int, written: Int
    ) throws {
        let first = frames[index].firstKey
        if written < Self.keysComparedInTurn {
            for position in first..<keys.count {
                let other = fingerprints[position]
                if other == fingerprint || other == Self.nonASCIIFingerprint
                    || fingerprint == Self.nonASCIIFingerprint,
                    keys[position] == key
                {
                    abandon()
                    throw Abandoned()
                }
            }
        } else {
            if written == Self.keysComparedInTurn { keySets[index] = Set(keys[first...]) }
            guard keySets[index, default: []].insert(key).inserted else {
                abandon()
                throw Abandoned()
            }
        }
    }

    /// Starts an element of an array: the separator.
    mutating func beginElement(in frame: FrameReference) throws {
        try enter(frame)
        let written = frames[frame.index].count
        if written > 0 { append(UInt8(ascii: ",")) }
        frames[frame.index].count = written + 1
    }

    /// Starts the value of a single-value container.
    mutating func beginSingleValue(in frame: FrameReference) throws {
        try enter(frame)
        guard frames[frame.index].kind == .empty else {
            misuse(
                "a single-value container was asked to encode a value after its encoder "
                    + "encoded one", in: frame)
            throw Abandoned()
        }
        frames[frame.index].kind = .value
    }

    /// Opens a nested container or a super-encoder's frame as a member of an object.
    mutating func openMember(_ kind: Frame.Kind, forKey key: String, in frame: FrameReference)
        -> FrameReference
    {
        do {
            try beginMember(key, in: frame)
        } catch {
            return .none
        }
        return openNested(kind)
    }

    /// Opens a nested container or a super-encoder's frame as an element of an array.
    mutating func openElement(_ kind: Frame.Kind, in frame: FrameReference) -> FrameReference {
        do {
            try beginElement(in: frame)
        } catch {
            return .none
        }
        return openNested(kind)
    }

    private mutating func openNested(_ kind: Frame.Kind) -> FrameReference {
        switch kind {
        case .object: append(UInt8(ascii: "{"))
        case .array: append(UInt8(ascii: "["))
        case .empty, .value: break
        }
        return push(kind, isEncoding: false)
    }
}
