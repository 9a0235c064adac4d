/// How long a test waits for something it does not measure (a child's line, a live query's
/// results, a request in flight) before it fails as hung.
///
/// Long on purpose: on the 2-core CI machine under a sanitizer, the suites that run beside a
/// test can hold every cooperative thread with CPU-bound checks, and every `fsync` behind
/// their writes, for over a minute (84 s was seen for a child's ten saves, and a live query's
/// first results once took over 60 s under AddressSanitizer). A wait that ends sooner would
/// fail a correct test; one that never ends would hang the run.
public let hangGuard: Duration = .seconds(300)
