import Foundation
import ModelStorage
import RecordCoding

/// Writes a record as the JSON a SQL table keeps in its `_record` column.
///
/// The JSON is the value a `JSONEncoder` with `.withoutEscapingSlashes` writes (compact, `/`
/// unescaped, the default strategies), at a fraction of its cost; an object's keys may come in
/// another order. `ModelTable/record(fromJSON:store:row:)` reads it back.
///
/// ```swift
/// let encoder = SQLRecordEncoder()
/// for record in records {
///     let json = try encoder.json(of: record)   // {"id":25,"name":"pikachu",…}
/// }
/// ```
///
/// It keeps its buffers from one record to the next, so a writer makes one and reuses it for
/// every record of its writes. It is not thread-safe: each thread that encodes makes its own.
public final class SQLRecordEncoder {
    private let encoder = RecordJSONEncoder()

    /// An encoder with empty buffers.
    public init() {}

    /// A record's `_record` JSON.
    ///
    /// - Parameter record: The record.
    /// - Returns: Its JSON text.
    /// - Throws: `StoreError/encodingFailed(id:reason:)`, naming the record's id, when the
    ///   record does not encode (a non-finite `Double`, an error of its own `encode(to:)`).
    public func json<Model: StorableModel>(of record: Model) throws(StoreError) -> String {
        do {
            return try encoder.encode(record)
        } catch {
            throw .encodingFailed(id: String(describing: record.id), reason: "\(error)")
        }
    }
}
