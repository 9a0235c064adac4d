import Foundation

/// How long a test waits for something it does not measure (a child's line, a live query's
/// results, a request in flight) before it fails as hung: 300 s, or the number of seconds in
/// the environment's `POKEDEXKIT_HANG_GUARD` (`Scripts/sanitize.sh` sets 1,200).
///
/// Long on purpose: on the 2-core CI machine under a sanitizer, the suites that run beside a
/// test can hold every cooperative thread with CPU-bound checks, and every `fsync` behind
/// their writes, for minutes (84 s was seen for a child's ten saves; under ThreadSanitizer an
/// in-memory live query's first results once took over 300 s, while the tests beside it held
/// both cores). A wait that ends sooner would fail a correct test; one that never ends would
/// hang the run.
public let hangGuard: Duration = {
    let seconds = ProcessInfo.processInfo.environment["POKEDEXKIT_HANG_GUARD"].flatMap(Int.init)
    return .seconds(max(seconds ?? 300, 1))
}()
