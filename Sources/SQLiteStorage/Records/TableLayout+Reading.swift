import KeyPathQuery
import ModelStorage
import SQLStorage

// SQLite's driver reads of one model's table (`SQLDriverTable`): by key, with the id made
// the key the table stores, and by plan.
extension TableLayout: SQLDriverTable {
    func count(on connection: SQLiteConnection) throws(StoreError) -> Int {
        try connection.count(in: self)
    }

    func record(withID id: Model.ID, on connection: SQLiteConnection) throws(StoreError)
        -> Model?
    {
        try connection.record(withKey: try key(of: id), in: self)
    }

    func versioned(withID id: Model.ID, on connection: SQLiteConnection) throws(StoreError)
        -> Versioned<Model>?
    {
        try connection.versioned(withKey: try key(of: id), in: self)
    }

    func position(ofID id: Model.ID, on connection: SQLiteConnection) throws(StoreError) -> Int? {
        try connection.order(ofKey: try key(of: id), in: self).map { Int($0) }
    }

    func writeVersion(ofID id: Model.ID, on connection: SQLiteConnection) throws(StoreError)
        -> UInt64?
    {
        try connection.writeVersion(ofKey: try key(of: id), in: self)
    }

    func records(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        on connection: SQLiteConnection
    ) throws(StoreError) -> [Model]? {
        try connection.records(selectedBy: query, plan: plan, in: self)?.records
    }

    func records(
        selectedBy query: RecordQuery<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> [(position: Int, record: Model)]? {
        try connection.records(
            selectedBy: query, plan: plan, in: self, excluding: try keys(of: ids))?.pairs
    }

    func count(
        where condition: Condition<Model>, plan: QueryPlan<Model>,
        excluding ids: Set<Model.ID>, on connection: SQLiteConnection
    ) throws(StoreError) -> Int? {
        try connection.count(
            where: condition, plan: plan, in: self, excluding: try keys(of: ids))
    }

    func result(
        of query: RecordQuery<Model>, plan: QueryPlan<Model>, on connection: SQLiteConnection
    ) throws(StoreError) -> QueryResult<Model>? {
        try connection.result(of: query, plan: plan, in: self)
    }

    func aggregate(
        _ query: AggregateQuery<Model>, plan: QueryPlan<Model>, on connection: SQLiteConnection
    ) throws(StoreError) -> [AggregateRow]? {
        try connection.aggregate(query, plan: plan, in: self)
    }

    func changes(
        since cursor: ChangeCursor, limit: Int, at location: StoreLocation,
        on connection: SQLiteConnection
    ) throws(StoreError) -> ChangePage<Model> {
        try connection.changes(since: cursor, limit: limit, in: self, at: location)
    }

    private func keys(of ids: Set<Model.ID>) throws(StoreError) -> [SQLBinding] {
        try ids.map { (id) throws(StoreError) in try key(of: id) }
    }
}
