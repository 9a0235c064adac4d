import Foundation

/// The open levels of the output: where each write goes, and whether it comes in the order
/// the text needs.
///
/// Every encoder and container refers to its frame by index and generation. A write to a
/// frame closes the frames above it (a nested container the value is done with, a
/// super-encoder it never used); a write to a frame that is closed, or below a frame whose
/// value's `encode(to:)` still runs, is out of order for text written front to back, and
/// leaves the value to `JSONEncoder`.
extension RecordJSONEncoder {
    /// A frame, as encoders and containers refer to it.
    struct FrameReference {
        /// Its depth.
        let index: Int
        /// Its frame's generation: a frame opened later at the same depth has another.
        let generation: Int

        /// No frame: what a container gets when opening its frame failed.
        static let none = FrameReference(index: -1, generation: -1)
    }

    /// An open object's keys are looked up one by one up to this many, and in a set beyond.
    static let keysScannedInOrder = 16

    /// Opens a frame above the others.
    func push(_ kind: Frame.Kind, isEncoding: Bool, at component: PathComponent)
        -> FrameReference
    {
        generation += 1
        frames.append(
            Frame(kind: kind, isEncoding: isEncoding, generation: generation, firstKey: keys.count))
        path.append(component)
        return FrameReference(index: frames.count - 1, generation: generation)
    }

    /// Makes a frame the innermost, closing the frames above it, to write in it.
    ///
    /// - Throws: ``Abandoned``, leaving the value to `JSONEncoder`, when the frame is closed
    ///   or a value's `encode(to:)` still runs above it, or the value is already abandoned.
    @inline(__always)
    func enter(_ frame: FrameReference) throws {
        if frame.index == frames.count - 1, frames[frame.index].generation == frame.generation,
            abandonment == nil
        {
            return
        }
        try enterClosingAbove(frame)
    }

    private func enterClosingAbove(_ frame: FrameReference) throws {
        guard abandonment == nil else { throw Abandoned() }
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
    func closeInnermost() {
        let frame = frames.removeLast()
        path.removeLast()
        switch frame.kind {
        case .empty: append("{}")
        case .array: append(UInt8(ascii: "]"))
        case .value: break
        case .object:
            append(UInt8(ascii: "}"))
            if keys.count > frame.firstKey { keys.removeSubrange(frame.firstKey...) }
            if frame.count > Self.keysScannedInOrder { keySets[frames.count] = nil }
        }
    }

    /// Leaves the value to `JSONEncoder`, unless it is already abandoned.
    func abandon() {
        if abandonment == nil { abandonment = .foundation }
    }

    /// Gives up on a misuse that stops `JSONEncoder`'s process, to throw an error instead.
    func misuse(_ problem: String, in frame: FrameReference) {
        abandonment = .misuse(
            .invalidValue(
                problem, .init(codingPath: codingPath(of: frame), debugDescription: problem)))
    }

    /// A frame's coding path, as a value reads it from its encoder or a container.
    ///
    /// The value is left to `JSONEncoder`: what it writes may depend on the path, and
    /// `JSONEncoder` gives the values in an unkeyed container a path of its own making
    /// (without the container's key, when the container is nested).
    func codingPathRead(of frame: FrameReference) -> [any CodingKey] {
        abandon()
        return codingPath(of: frame)
    }

    /// A frame's coding path.
    func codingPath(of frame: FrameReference) -> [any CodingKey] {
        guard frame.index >= 0 else { return [] }
        return path.prefix(frame.index + 1).compactMap { component in
            switch component {
            case .none: nil
            case .key(let key): key
            case .index(let index): RecordJSONKey(index: index)
            }
        }
    }

    // MARK: Containers

    /// Opens an object or an array in a value's frame for the container an encoder gives,
    /// or continues the one it holds (`JSONEncoder` gives the same container again).
    ///
    /// Any other use of the frame is a misuse: the encoder's container gives nothing then.
    func openContainer(_ kind: Frame.Kind, in frame: FrameReference) {
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
            misuse(
                "an encoder was asked for a \(kind == .object ? "keyed" : "unkeyed") container "
                    + "after it encoded \(frames[frame.index].kind == .value ? "a single value" : "another container")",
                in: frame)
            return
        }
        frames[frame.index].kind = kind
    }

    /// Starts a member of an object: the separator, the key and the colon.
    ///
    /// - Throws: ``Abandoned`` when the key is the object's already (`JSONEncoder` keeps
    ///   the last value, or merges two containers).
    func beginMember(_ key: String, in frame: FrameReference) throws {
        try enter(frame)
        let written = frames[frame.index].count
        if written > 0 {
            try checkNew(key, in: frame.index, written: written)
            append(UInt8(ascii: ","))
        } else {
            keys.append(key)
        }
        frames[frame.index].count = written + 1
        writeString(key)
        append(UInt8(ascii: ":"))
    }

    /// Checks that an open object has no member with the key, and records it.
    private func checkNew(_ key: String, in index: Int, written: Int) throws {
        let first = frames[index].firstKey
        if written < Self.keysScannedInOrder {
            for position in first..<keys.count where keys[position] == key {
                abandon()
                throw Abandoned()
            }
            keys.append(key)
        } else {
            if written == Self.keysScannedInOrder { keySets[index] = Set(keys[first...]) }
            guard keySets[index, default: []].insert(key).inserted else {
                abandon()
                throw Abandoned()
            }
        }
    }

    /// Starts an element of an array: the separator.
    ///
    /// - Returns: The element's index.
    func beginElement(in frame: FrameReference) throws -> Int {
        try enter(frame)
        let written = frames[frame.index].count
        if written > 0 { append(UInt8(ascii: ",")) }
        frames[frame.index].count = written + 1
        return written
    }

    /// Starts the value of a single-value container.
    func beginSingleValue(in frame: FrameReference) throws {
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
    func openMember(
        _ kind: Frame.Kind, forKey key: some CodingKey, in frame: FrameReference
    ) -> FrameReference {
        do {
            try beginMember(key.stringValue, in: frame)
        } catch {
            return .none
        }
        return openNested(kind, at: .key(key))
    }

    /// Opens a nested container or a super-encoder's frame as an element of an array.
    func openElement(_ kind: Frame.Kind, in frame: FrameReference) -> FrameReference {
        let index: Int
        do {
            index = try beginElement(in: frame)
        } catch {
            return .none
        }
        return openNested(kind, at: .index(index))
    }

    private func openNested(_ kind: Frame.Kind, at component: PathComponent) -> FrameReference {
        switch kind {
        case .object: append(UInt8(ascii: "{"))
        case .array: append(UInt8(ascii: "["))
        case .empty, .value: break
        }
        return push(kind, isEncoding: false, at: component)
    }
}
