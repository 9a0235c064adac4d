import ModelStorage

/// One named check of a store's change feed, run against a backend's fresh stores of
/// ``ConformanceEntry`` (see ``ChangeFeedConformance``).
public typealias ChangeFeedCheck = ConformanceCheck<ConformanceEntry>

/// Makes a fresh, empty store of ``ConformanceEntry`` for one change-feed check.
public typealias ChangeFeedStoreFactory = ModelStoreFactory<ConformanceEntry>
