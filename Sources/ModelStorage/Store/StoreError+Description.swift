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
        case .corruptFile(let storeLocation, let problem, let location):
            let place = Place(storeLocation)
            return "\(place.subject) cannot be read: \(problem)\(location.suffix). "
                + "\(place.leftAsItIs)"
        case .unsupportedVersion(let storeLocation, let kind, let found, let supported):
            let place = Place(storeLocation)
            return "\(place.subject) was written with \(kind.rawValue) version \(found), "
                + "newer than this code supports (\(supported)). \(place.leftAsItIs)"
        case .migrationFailed(let storeLocation, let version, let location, let reason):
            let place = Place(storeLocation)
            return "\(place.subject) could not be migrated from schema version "
                + "\(version): \(reason)\(location.suffix). \(place.leftAsItIs)"
        case .locked(let storeLocation, let pid, let message):
            let holder = pid.map { "process \($0)" } ?? "another process"
            let reported = message.map { " (\($0))" } ?? ""
            return
                "\(Place(storeLocation).subject) is locked by \(holder)\(reported); wait for it to "
                + "finish, or open the store with a lock timeout or read-only."
        case .readOnly(let storeLocation):
            return "The store at \(storeLocation) is open read-only."
        case .closed(let storeLocation):
            return "The store at \(storeLocation) is closed."
        case .io(let storeLocation, let operation, let code, let message):
            return "Could not \(operation) \(storeLocation): \(message) (errno \(code)). "
                + "Nothing was changed."
        case .fileTooLarge(let storeLocation, let size, let limit):
            return
                "The store file \(storeLocation) would be \(size) bytes, more than the \(limit) a "
                + "store reads or writes (JSONFileStoreOptions.maximumFileSize). Nothing was "
                + "changed."
        case .encodingFailed(let id, let reason):
            return "Record \(id) could not be encoded: \(reason)"
        case .unusable(let storeLocation, let reason):
            return "The store at \(storeLocation) must be reopened: \(reason)"
        case .connectionFailed(let storeLocation, let operation, let message):
            return "Could not \(operation) on the database \(storeLocation): the connection "
                + "failed (\(message))."
        case .statementFailed(let storeLocation, let operation, let message):
            return "The database \(storeLocation) refused to \(operation): \(message). "
                + "Nothing was changed."
        case .unknownModel(let model, let storeLocation, let models):
            return "The database \(storeLocation) holds no model \(model): it was opened with "
                + "\(models.joined(separator: ", ")). Open it with \(model) among its models. "
                + "Nothing was changed."
        case .changesExpired(let model, let cursor, let horizon, let storeLocation):
            return "The store at \(storeLocation) cannot give the changes of \(model) since "
                + "\(cursor): its history starts at version \(horizon), and its version is "
                + "not after the cursor's or the cursor is of another database. Read again "
                + "from the start, which gives every record."
        case .historyNotKept(let model, let storeLocation):
            return "The store at \(storeLocation) keeps no history of \(model)'s changes: "
                + "declare its changeHistory to read them."
        case .invalidModels(let storeLocation, let reason):
            return "The database \(storeLocation) cannot be opened with these models: \(reason)."
        case .tableMismatch(let storeLocation, let table, let model, let missing, let unexpected):
            var differences: [String] = []
            if !missing.isEmpty {
                differences.append("no column " + missing.joined(separator: ", "))
            }
            if !unexpected.isEmpty {
                differences.append(
                    "a column " + unexpected.joined(separator: ", ") + " it does not map")
            }
            let place = Place(storeLocation)
            return "\(place.subject) has a table \(table) that does not match \(model): "
                + "it has \(differences.joined(separator: " and ")); raise "
                + "\(model).schemaVersion with a migration, or name another table with "
                + "storageName. \(place.leftAsItIs)"
        case .danglingReference(let model, let id, let attribute, let target, let targetID):
            return "\(model) \(id) refers to \(target) \(targetID) through \(attribute), and no "
                + "\(target) has that id. Nothing was changed."
        case .deleteDenied(let model, let id, let referencedBy, let referringID):
            return "\(model) \(id) cannot be deleted: \(referencedBy) \(referringID) refers to "
                + "it, and the reference's delete rule is deny. Nothing was changed."
        }
    }

    /// Where a store keeps its records, as a description names it.
    private struct Place {
        /// Whether the place is a database rather than a file.
        let isDatabase: Bool
        /// The path, URL or name.
        let text: String

        init(_ location: StoreLocation) {
            text = location.description
            if case .database = location { isDatabase = true } else { isDatabase = false }
        }

        /// The place as a sentence's subject: `The store file /…/dex.json` or
        /// `The database postgresql://…/dex`.
        var subject: String {
            isDatabase ? "The database \(text)" : "The store file \(text)"
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
