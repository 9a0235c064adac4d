import ModelStorage

// A `Pokemon` is kept in any `ModelStore`: its id is the PokeAPI id, its stored form the flat
// object of `Pokemon+Codable.swift`, and its attributes for merges are that object's keys —
// so a refreshing sync, which saves `refresh(from:)` with `.mergeByPropertyStoreTrump`, never
// clobbers a `favorite` the user set in between. Schema version 1, no migrations yet.
extension Pokemon: StorableModel {}
