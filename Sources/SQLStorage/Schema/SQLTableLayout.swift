import KeyPathQuery
import ModelStorage

/// How a SQL backend lays out one model's table: the part every backend shares (a
/// ``ModelTable``) and how it renders the model's queries, around whatever statements its
/// dialect needs.
///
/// Each backend has its own layout type, generic over the model, and a ``ModelTables`` holds
/// one for each of a database's models:
///
/// ```swift
/// struct TableLayout<Model: StorableModel>: SQLTableLayout {
///     let model: ModelTable<Model>
///     let options: SQLOptions
///     let upsert: String
/// }
/// ```
public protocol SQLTableLayout<Model>: Sendable {
    /// The model whose records the table holds.
    associatedtype Model: StorableModel

    /// What every SQL backend's table of the model shares: names, keys, decoding.
    var model: ModelTable<Model> { get }

    /// How the model's queries are rendered for the table, with the database's tables named
    /// so that conditions that follow a reference render as SQL.
    var options: SQLOptions { get }
}
