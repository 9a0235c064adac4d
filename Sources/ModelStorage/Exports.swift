// `import ModelStorage` brings KeyPathQuery with it: a store's queries are written in its
// vocabulary (`RecordQuery`, `Condition`, `SortKey`, `Queryable`), so no app that uses a
// store has to import it as well.
@_exported import KeyPathQuery
