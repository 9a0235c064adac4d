import Foundation
import KeyPathQuery
import ModelStorageTesting
import TestSupport
import Testing

@testable import JSONFileStorage
@testable import ModelStorage

/// A route, which sightings and captures refer to.
private struct Route: StorableModel, Hashable {
    var id: Int
    var name: String
    static let queryAttributes: AttributeMap<Route> = [\.id: "id", \.name: "name"]
}

/// A sighting on a route, or on none: an optional reference, which no index is declared on.
private struct Sighting: StorableModel, Hashable {
    var id: Int
    var routeID: Int?
    static let queryAttributes: AttributeMap<Sighting> = [\.id: "id", \.routeID: "route_id"]
    static var references: [ModelReference<Sighting>] {
        [ModelReference(\.routeID, to: Route.self, onDelete: .nullify)]
    }
}

/// A capture on a route: a reference that always names one, beside a declared index.
private struct Capture: StorableModel, Hashable {
    var id: Int
    var routeID: Int
    var ball: String
    static let queryAttributes: AttributeMap<Capture> = [
        \.id: "id", \.routeID: "route_id", \.ball: "ball",
    ]
    static var references: [ModelReference<Capture>] {
        [ModelReference(\.routeID, to: Route.self, onDelete: .cascade)]
    }
    static var indexedAttributes: [IndexedAttribute<Capture>] { [IndexedAttribute(\.ball)] }
}

/// Every backend indexes a reference's attribute without the model declaring it, so that the
/// records that refer to one are looked up, by a delete's rule and by the app's queries.
@Suite("References' indexes")
struct ReferenceIndexTests {
    private static let models: [any StorableModel.Type] = [
        Route.self, Sighting.self, Capture.self,
    ]

    /// Ten routes, 400 sightings (every seventh on no route) and 200 captures.
    private static func seed(_ transaction: inout DatabaseTransaction) {
        transaction[Route.self].upsert(
            contentsOf: (0..<10).map { Route(id: $0, name: "route \($0)") })
        transaction[Sighting.self].upsert(
            contentsOf: (1...400).map { Sighting(id: $0, routeID: $0 % 7 == 0 ? nil : $0 % 10) })
        transaction[Capture.self].upsert(
            contentsOf: (1...200).map {
                Capture(id: $0, routeID: $0 % 10, ball: $0 % 10 == 0 ? "master" : "poke")
            })
    }

    @Test("the stored indexes are the declared ones, then each reference's attribute, once")
    func storedIndexes() throws {
        #expect(try Sighting.indexedAttributeNames() == ["route_id"])
        #expect(Sighting.storedIndexes.map { $0.keyPath as AnyKeyPath } == [\Sighting.routeID])
        #expect(try Capture.indexedAttributeNames() == ["ball", "route_id"])
        // Declared and referred to: indexed once.
        #expect(try ConformanceNote.indexedAttributeNames() == ["record_id"])
        #expect(try Route.indexedAttributeNames().isEmpty)
    }

    /// Checks that a query on the reference's attribute evaluates only the records it finds,
    /// and finds what a scan finds.
    private func expectIndexed(
        examined: (Condition<Sighting>) async throws -> Int,
        fetch: (Condition<Sighting>) async throws -> [Int], over sightings: [Sighting],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for condition: Condition<Sighting> in [
            \.routeID == 3, .in(\.routeID, [1, 2]), .in(\.routeID, [4, 40]),
        ] {
            let matching = try condition.filter(sightings).map(\.id)
            #expect(
                try await examined(condition) == matching.count, "\(condition)",
                sourceLocation: sourceLocation)
            #expect(
                try await fetch(condition) == matching, "\(condition)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("in memory, a query on a reference's attribute is answered by its index")
    func inMemory() async throws {
        let database = try InMemoryModelDatabase(for: Self.models)
        try await database.transaction { Self.seed(&$0) }
        let sightings = try database.store(for: Sighting.self)
        let captures = try database.store(for: Capture.self)
        let all = try await sightings.fetch(RecordQuery())
        try await expectIndexed(
            examined: { try await sightings.examinedRecordCount(where: $0) },
            fetch: { try await sightings.fetch(RecordQuery(where: $0)).map(\.id) }, over: all)
        #expect(try await captures.examinedRecordCount(where: \.routeID == 3) == 20)
        #expect(try await captures.examinedRecordCount(where: \.ball == "master") == 20)

        // Deleting a route follows its references through the indexes, kept by the writes:
        // the nullified sightings are no longer found by the route (their stale entries, at
        // most the 35 that were on it, are still read), and the captures are deleted.
        #expect(try await database.store(for: Route.self).delete(id: 3))
        #expect(try await sightings.count(where: \.routeID == 3) == 0)
        #expect(try await sightings.examinedRecordCount(where: \.routeID == 3) <= 35)
        #expect(try await sightings.count(where: \.routeID == nil) == 57 + 35)
        #expect(try await captures.count(where: .true) == 180)
        #expect(try await captures.examinedRecordCount(where: \.routeID == 4) == 20)
        #expect(try await sightings.examinedRecordCount(where: \.routeID == 4) == 34)
    }

    @Test("in a JSON file, a query on a reference's attribute is answered by its index")
    func jsonFile() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appending(path: "routes.json")
            do {
                let database = try await JSONFileModelDatabase.open(at: url, for: Self.models)
                try await database.transaction { Self.seed(&$0) }
                let sightings = try database.store(for: Sighting.self)
                try await expectIndexed(
                    examined: { try await sightings.examinedRecordCount(where: $0) },
                    fetch: { try await sightings.fetch(RecordQuery(where: $0)).map(\.id) },
                    over: try await sightings.fetch(RecordQuery()))
                try await database.close()
            }
            // Reopened, the indexes are built from the file.
            let database = try await JSONFileModelDatabase.open(at: url, for: Self.models)
            let sightings = try database.store(for: Sighting.self)
            try await expectIndexed(
                examined: { try await sightings.examinedRecordCount(where: $0) },
                fetch: { try await sightings.fetch(RecordQuery(where: $0)).map(\.id) },
                over: try await sightings.fetch(RecordQuery()))
            #expect(
                try await database.store(for: Capture.self).examinedRecordCount(
                    where: \.routeID == 3) == 20)
            try await database.close()
        }
    }
}
