import Foundation
import FuzzSupport
import PokedexKit
import StoreFuzzSupport

@testable import JSONFileStorage
@testable import ModelStorage

/// Reads a store document from any bytes, as `JSONFileStore` does when it opens: the envelope,
/// the records, a repeated id, and for an older schema the migration through the store's own
/// JSON parser.
///
/// Properties: reading throws nothing but a `StoreError` naming the document (corrupt,
/// unsupported or unmigratable); what reads, written again as a document, reads back the same
/// records, generation, version and write versions.
@main
enum StoreDocumentFuzz: FuzzTarget {
    static func main() {
        FuzzDriver.main(Self.self)
    }

    static let paths = StorePaths(URL(filePath: "/fuzz/store.json"))

    /// Documents the store wrote for 0, 1, 3 and 10 fixture Pokémon, with keys in the
    /// encoder's order and sorted.
    static func seeds() throws -> [String: Data] {
        var seeds: [String: Data] = [:]
        for count in [0, 1, 3, 10] {
            let records = try StoreSeeds.pokemon(
                stride(from: 1, through: 151, by: 15).prefix(count))
            seeds["document-\(count).json"] = try StoreSeeds.document(of: records)
            seeds["document-\(count)-sorted.json"] = try StoreSeeds.document(
                of: records, sortsKeys: true)
        }
        return seeds
    }

    static func run(_ input: Data) {
        check(input, as: Pokemon.self)
        check(input, as: MigratedPokemon.self)
    }

    static func check<Model: StorableModel & Equatable>(_ input: Data, as _: Model.Type) {
        let loaded: StoreLoader.Loaded
        do {
            loaded = try StoreLoader.decode(
                document: input, journal: nil, paths: paths, models: [Model.self])
        } catch {
            requireNamesDocument(error)
            return
        }
        guard let state = loaded.tables[StoreState<Model>.self] else {
            fatalError("a document that reads has no table of its model")
        }
        let records = Array(state.table.records)
        let writeVersions = state.table.recordWriteVersions
        do {
            var written = StoreDocument.header(
                generation: loaded.generation, version: loaded.version)
            try StoreDocument.appendSection(
                records, count: records.count, writeVersions: writeVersions,
                encoder: RecordEncoder(), to: &written)
            StoreDocument.finishDocument(&written)
            let again = try StoreLoader.decode(
                document: written, journal: nil, paths: paths, models: [Model.self])
            let table = again.tables[StoreState<Model>.self]?.table
            require(
                table.map { Array($0.records) } == records,
                "the records do not read back the same")
            require(again.generation == loaded.generation, "the generation changed")
            require(again.version == loaded.version, "the version changed")
            require(
                table?.recordWriteVersions == writeVersions,
                "the write versions do not read back the same")
        } catch {
            fatalError("a document that reads does not read back once written: \(error)")
        }
    }

    static func requireNamesDocument(_ error: StoreError) {
        switch error.code {
        case .corruptFile:
            require(
                error.storeLocation == .file(paths.document) && error.problem?.isEmpty == false,
                "\(error)")
        case .unsupportedVersion, .migrationFailed:
            require(error.storeLocation == .file(paths.document), "\(error)")
        default:
            fatalError("reading a document threw \(error)")
        }
        require(!error.description.isEmpty, "an empty description")
    }
}
