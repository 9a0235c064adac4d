@_exported import JSONFileStorage
// `import PokedexKit` is all an app writes: the generic layers come with it.
@_exported import KeyPathQuery
@_exported import ModelStorage
@_exported import ModelSync
