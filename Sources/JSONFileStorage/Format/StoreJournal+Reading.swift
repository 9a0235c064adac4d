import Foundation
import ModelStorage
import RecordCoding

extension StoreJournal {
    typealias Location = StoreError.Location

    private struct FormatHeader: Decodable {
        let journal: Int
    }

    private struct Header: Decodable {
        let journal: Int
        let generation: UInt64
        let schemaVersions: [String: Int]
    }

    /// Reads a journal of any format continuing a document of some generation, for a
    /// database of some models.
    ///
    /// A journal of format 1 holds commits of the first model.
    ///
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for a line that does not
    ///   read (other than a torn final line), a header of a later generation than the
    ///   document's, a commit naming a model the header does not list;
    ///   `StoreError/unsupportedVersion(at:kind:found:supported:)`;
    ///   `StoreError/migrationFailed(at:sourceVersion:location:reason:)`.
    static func decode(
        _ data: Data, models: [any StorableModel.Type], path: String, documentGeneration: UInt64
    ) throws(StoreError) -> Contents {
        let bytes = [UInt8](data)
        let (lines, tornTail) = split(bytes)
        var contents = Contents()
        contents.validLength = lines.last.map { $0.upperBound + 1 } ?? 0
        contents.tornTail = tornTail
        guard let first = lines.first, let firstModel = models.first else { return contents }
        let format: FormatHeader = try decodeLine(bytes, first, number: 1, path: path)
        if format.journal == singleModelFormatVersion {
            return try singleModel(data, as: firstModel, path: path, generation: documentGeneration)
        }
        guard format.journal == formatVersion else {
            throw formatError(format.journal, path: path)
        }
        let header: Header = try decodeLine(bytes, first, number: 1, path: path)
        guard try continues(header.generation, documentGeneration, path: path) else {
            return contents  // stale
        }
        contents.isCurrent = true
        for model in models {
            guard let found = header.schemaVersions[model.storageName] else {
                contents.isCurrent = false
                continue
            }
            guard found <= model.schemaVersion else {
                throw .unsupportedVersion(
                    at: .file(path), kind: .schema, found: found, supported: model.schemaVersion)
            }
            if found < model.schemaVersion {
                contents.isCurrent = false
                contents.migratedFrom[ObjectIdentifier(model)] = found
            }
        }
        var decoder = RecordJSONDecoder()
        var readers = SectionReaders(models)
        readers.journalSchemaVersions = header.schemaVersions
        readers.install(in: &decoder)
        for (index, range) in lines.enumerated().dropFirst() {
            let line: Line
            do {
                line = try decoder.decode(Line.self, from: Data(bytes[range]))
            } catch let problem as SectionProblem {
                throw error(problem, range, number: index + 1, path: path)
            } catch {
                throw self.problem(error, bytes, range, number: index + 1, path: path)
            }
            contents.commits.append(Commit(version: line.version, changes: line.changes))
            contents.unknownModels.formUnion(line.unknown)
            contents.entryBytes += range.count + 1
        }
        return contents
    }

    /// Whether a journal whose header names a generation continues the document: `false`
    /// for a stale one, already folded into the document.
    ///
    /// - Throws: `StoreError/corruptFile(at:problem:location:)` for a journal of a later
    ///   generation than the document's.
    static func continues(_ generation: UInt64, _ documentGeneration: UInt64, path: String)
        throws(StoreError) -> Bool
    {
        guard generation >= documentGeneration else { return false }
        guard generation == documentGeneration else {
            throw .corruptFile(
                at: .file(path),
                problem: "the journal continues document generation \(generation), but "
                    + "the document is at generation \(documentGeneration) (was the document "
                    + "replaced by an older copy?)",
                location: Location(line: 1, byteOffset: 0, codingPath: "generation"))
        }
        return true
    }

    /// The error for a journal of a format this code does not read.
    static func formatError(_ found: Int, path: String) -> StoreError {
        guard found > formatVersion else {
            return .corruptFile(
                at: .file(path), problem: "unknown journal format \(found)",
                location: Location(line: 1, byteOffset: 0, codingPath: "journal"))
        }
        return .unsupportedVersion(
            at: .file(path), kind: .format, found: found, supported: formatVersion)
    }

    /// Reads a journal of format 1 as the commits of one model.
    private static func singleModel<Model: StorableModel>(
        _ data: Data, as _: Model.Type, path: String, generation: UInt64
    ) throws(StoreError) -> Contents {
        let single = try decodeSingleModel(
            data, as: Model.self, path: path, documentGeneration: generation)
        let key = ObjectIdentifier(Model.self)
        var contents = Contents()
        contents.commits = single.entries.map { entry in
            var changes = PerModelValues()
            changes[ModelChanges<Model>.self] = ModelChanges(changes: entry.changes)
            return Commit(version: entry.version, changes: changes)
        }
        // New lines are of the new format: they cannot follow these.
        contents.isCurrent = false
        contents.validLength = single.validLength
        contents.entryBytes = single.entryBytes
        contents.tornTail = single.tornTail
        if let migratedFrom = single.migratedFrom { contents.migratedFrom[key] = migratedFrom }
        return contents
    }

    /// A commit's line: its version and each model's part, through the model's reader.
    private struct Line: Decodable {
        let version: UInt64
        var changes = PerModelValues()
        var unknown: [String] = []

        private enum Keys: String, CodingKey {
            case version, changes
        }

        private enum PartKeys: String, CodingKey {
            case model
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            version = try container.decode(UInt64.self, forKey: .version)
            let readers = try SectionReaders.of(decoder)
            var parts = try container.nestedUnkeyedContainer(forKey: .changes)
            while !parts.isAtEnd {
                let part = try parts.superDecoder()
                let name = try part.container(keyedBy: PartKeys.self).decode(
                    String.self, forKey: .model)
                guard let schemaVersion = readers.journalSchemaVersions[name] else {
                    throw SectionProblem.unlistedModel(name)
                }
                guard let reader = readers.byName[name] else {
                    unknown.append(name)
                    continue
                }
                try reader.readChanges(from: part, schemaVersion: schemaVersion, into: &changes)
            }
        }
    }

    /// The error for a line's part that does not read.
    private static func error(
        _ problem: SectionProblem, _ range: Range<Int>, number: Int, path: String
    ) -> StoreError {
        switch problem {
        case .migration(_, let sourceVersion, let index, let reason, let codingPath):
            return .migrationFailed(
                at: .file(path), sourceVersion: sourceVersion,
                location: Location(
                    line: number, byteOffset: range.lowerBound, recordIndex: index,
                    codingPath: codingPath),
                reason: reason)
        case .schemaTooNew(_, let found, let supported):
            return .unsupportedVersion(
                at: .file(path), kind: .schema, found: found, supported: supported)
        case .unlistedModel(let name):
            return .corruptFile(
                at: .file(path),
                problem: "line \(number) changes the model \"\(name)\", which the journal's "
                    + "header does not list",
                location: Location(line: number, byteOffset: range.lowerBound))
        case .format, .writeVersions, .history, .noReaders:
            return .corruptFile(
                at: .file(path), problem: "line \(number) is not a commit",
                location: Location(line: number, byteOffset: range.lowerBound))
        }
    }
}
