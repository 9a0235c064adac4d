import KeyPathQuery

extension StoreError: CustomStringConvertible {
    /// The error as one or two sentences that say what went wrong and where.
    public var description: String {
        switch storage {
        case .duplicateID(let id):
            return "A record with id \(id) already exists."
        case .notFound(let id):
            return "No record has id \(id)."
        case .identifierChanged(let old, let new):
            return "A write changed the id of record \(old) to \(new); a record's id cannot "
                + "change (delete it and insert the new one instead)."
        case .conflict(let conflict):
            return conflict.description
        case .invalidQuery(let error):
            return "The query cannot be evaluated: \(error.description)"
        case .corruptFile(let path, let problem, let location):
            let place = Place(path)
            return "\(place.subject) cannot be read: \(problem)\(location.suffix). "
                + "\(place.leftAsItIs)"
        case .unsupportedVersion(let path, let kind, let found, let supported):
            let place = Place(path)
            return "\(place.subject) was written with \(kind.rawValue) version \(found), "
                + "newer than this code supports (\(supported)). \(place.leftAsItIs)"
        case .migrationFailed(let path, let version, let location, let reason):
            let place = Place(path)
            return "\(place.subject) could not be migrated from schema version "
                + "\(version): \(reason)\(location.suffix). \(place.leftAsItIs)"
        case .locked(let path, let pid, let message):
            let holder = pid.map { "process \($0)" } ?? "another process"
            let reported = message.map { " (\($0))" } ?? ""
            return "\(Place(path).subject) is locked by \(holder)\(reported); wait for it to "
                + "finish, or open the store with a lock timeout or read-only."
        case .readOnly(let path):
            return "The store at \(path) is open read-only."
        case .closed(let path):
            return "The store at \(path) is closed."
        case .io(let path, let operation, let code, let message):
            return "Could not \(operation) \(path): \(message) (errno \(code)). "
                + "Nothing was changed."
        case .fileTooLarge(let path, let size, let limit):
            return "The store file \(path) would be \(size) bytes, more than the \(limit) a "
                + "store reads or writes (JSONFileStoreOptions.maximumFileSize). Nothing was "
                + "changed."
        case .encodingFailed(let id, let reason):
            return "Record \(id) could not be encoded: \(reason)"
        case .unusable(let path, let reason):
            return "The store at \(path) must be reopened: \(reason)"
        case .connectionFailed(let database, let operation, let message):
            return "Could not \(operation) on the database \(database): the connection "
                + "failed (\(message))."
        case .statementFailed(let database, let operation, let message):
            return "The database \(database) refused to \(operation): \(message). "
                + "Nothing was changed."
        case .unknownModel(let model, let database, let models):
            return "The database \(database) holds no model \(model): it was opened with "
                + "\(models.joined(separator: ", ")). Open it with \(model) among its models. "
                + "Nothing was changed."
        case .invalidModels(let database, let reason):
            return "The database \(database) cannot be opened with these models: \(reason)."
        case .danglingReference(let model, let id, let attribute, let target, let targetID):
            return "\(model) \(id) refers to \(target) \(targetID) through \(attribute), and no "
                + "\(target) has that id. Nothing was changed."
        case .deleteDenied(let model, let id, let referencedBy, let referringID):
            return "\(model) \(id) cannot be deleted: \(referencedBy) \(referringID) refers to "
                + "it, and the reference's delete rule is deny. Nothing was changed."
        }
    }

    /// Where a store keeps its records, as a description names it: a file's path, or a
    /// database's URL (`postgresql://…`), told apart by the URL's scheme.
    private struct Place {
        /// Whether the place is a database's URL rather than a file's path.
        let isDatabase: Bool
        /// The path or URL.
        let path: String

        init(_ path: String) {
            self.path = path
            // A URL's scheme: a letter, then letters, digits, `+`, `-` or `.`, then `://`.
            if let colon = path.firstIndex(of: ":"), path[colon...].hasPrefix("://"),
                let first = path.first, first.isLetter,
                path[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
            {
                isDatabase = true
            } else {
                isDatabase = false
            }
        }

        /// The place as a sentence's subject: `The store file /…/dex.json` or
        /// `The database postgresql://…/dex`.
        var subject: String {
            isDatabase ? "The database \(path)" : "The store file \(path)"
        }

        /// The sentence that says nothing was written over it.
        var leftAsItIs: String {
            isDatabase ? "The database was left as it is." : "The file was left as it is."
        }
    }
}

extension StoreError.Location: CustomStringConvertible {
    /// The location as a phrase, such as `line 3, column 17 (byte 245)` or
    /// `record 17 (line 19), at records[17].attack`.
    public var description: String {
        var parts: [String] = []
        if let recordIndex { parts.append("record \(recordIndex)") }
        var position: [String] = []
        if let line { position.append("line \(line)") }
        if let column { position.append("column \(column)") }
        var place = position.joined(separator: ", ")
        if let byteOffset {
            place += place.isEmpty ? "byte \(byteOffset)" : " (byte \(byteOffset))"
        }
        if !place.isEmpty { parts.append(recordIndex == nil ? place : "(\(place))") }
        var text = parts.joined(separator: " ")
        if let codingPath { text += text.isEmpty ? "at \(codingPath)" : ", at \(codingPath)" }
        return text.isEmpty ? "the whole file" : text
    }

    /// The location after a problem: `" at line 3, column 17 (byte 245)"`, or nothing for
    /// the whole file.
    var suffix: String {
        guard self != .wholeFile else { return "" }
        return description.hasPrefix("at ") ? " " + description : " at " + description
    }
}
