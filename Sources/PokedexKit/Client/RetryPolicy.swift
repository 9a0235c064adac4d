import Foundation

/// How ``PokeAPIClient`` retries a request that failed in a way that may pass: exponential
/// backoff with jitter, within a bounded number of attempts, honouring the service's
/// `Retry-After`.
///
/// The client retries timeouts, lost or refused connections, bodies cut short, a body that is
/// not JSON at all, and the statuses 408, 429 and 5xx. It never retries a 404 or another 4xx,
/// nor a JSON body of the wrong shape: those fail the same way every time.
///
/// After attempt *n* fails, the client waits `baseDelay × 2^(n−1)`, capped at `maxDelay`, minus
/// a random share of up to `jitter` of it, so that many clients failing together do not retry
/// together. When the response says `Retry-After`, the client waits at least that long, or gives
/// up at once when that is longer than `maxRetryAfter`.
///
/// ```swift
/// // Up to 6 attempts, waiting about 0.2, 0.4, 0.8, 1.6 and 2 seconds between them.
/// let patient = RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(200), maxDelay: .seconds(2))
/// let client = PokeAPIClient(configuration: .init(retryPolicy: patient))
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// The most requests the client sends for one call, the first included; at least 1.
    public var maxAttempts: Int
    /// The wait after the first failed attempt, before jitter; it doubles after each failure.
    public var baseDelay: Duration
    /// The longest wait between two attempts, before jitter.
    public var maxDelay: Duration
    /// The share of each wait that is random, from 0 (always the full wait) to 1 (anything
    /// from nothing to the full wait).
    public var jitter: Double
    /// The longest `Retry-After` the client waits for; a longer one ends the call with the
    /// response's error at once.
    public var maxRetryAfter: Duration

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: The most requests for one call, the first included (values below 1
    ///     count as 1). The default is 4.
    ///   - baseDelay: The wait after the first failure, before jitter. The default is 0.5 s.
    ///   - maxDelay: The longest wait between attempts, before jitter. The default is 8 s.
    ///   - jitter: The random share of each wait, from 0 to 1. The default is 0.5.
    ///   - maxRetryAfter: The longest `Retry-After` to honour. The default is 60 s.
    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(8),
        jitter: Double = 0.5,
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfter = maxRetryAfter
    }

    /// A policy that never retries: every call makes exactly one request.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The wait before the next attempt, after attempt `attempt` failed; `nil` when the client
    /// should give up instead.
    ///
    /// ```swift
    /// let policy = RetryPolicy(baseDelay: .seconds(1), jitter: 0)
    /// policy.delay(afterAttempt: 1)                          // 1 second
    /// policy.delay(afterAttempt: 3)                          // 4 seconds
    /// policy.delay(afterAttempt: 2, retryAfter: .seconds(5)) // 5 seconds
    /// policy.delay(afterAttempt: 4)                          // nil: 4 attempts made
    /// ```
    ///
    /// - Parameters:
    ///   - attempt: The number of the attempt that failed, from 1.
    ///   - retryAfter: The wait the failed response asked for in its `Retry-After`, if any.
    ///   - generator: The source of the jitter.
    /// - Returns: The wait, or `nil` when `attempt` was the last one the policy allows or
    ///   `retryAfter` is longer than ``maxRetryAfter``.
    public func delay(
        afterAttempt attempt: Int,
        retryAfter: Duration? = nil,
        using generator: inout some RandomNumberGenerator
    ) -> Duration? {
        delay(
            afterAttempt: attempt, retryAfter: retryAfter,
            random: Double.random(in: 0..<1, using: &generator))
    }

    /// The wait before the next attempt, given a random number in `0..<1` for the jitter.
    private func delay(afterAttempt attempt: Int, retryAfter: Duration?, random: Double)
        -> Duration?
    {
        guard attempt < max(1, maxAttempts) else { return nil }
        if let retryAfter, retryAfter > maxRetryAfter { return nil }
        let exponent = Double(max(0, attempt - 1))
        let full = min(
            max(0, maxDelay.timeInterval), max(0, baseDelay.timeInterval) * pow(2, exponent))
        let randomShare = min(max(jitter, 0), 1) * random
        let backoff = Duration.seconds(full * (1 - randomShare))
        guard let retryAfter else { return backoff }
        return max(backoff, retryAfter)
    }

    /// The wait before the next attempt, after attempt `attempt` failed, with the system's
    /// random jitter; `nil` when the client should give up instead.
    ///
    /// - Parameters:
    ///   - attempt: The number of the attempt that failed, from 1.
    ///   - retryAfter: The wait the failed response asked for in its `Retry-After`, if any.
    /// - Returns: The wait, or `nil` when `attempt` was the last one the policy allows or
    ///   `retryAfter` is longer than ``maxRetryAfter``.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration? = nil) -> Duration? {
        // Not through an `inout` SystemRandomNumberGenerator: an empty struct's storage has
        // one address for every variable, and ThreadSanitizer takes concurrent calls' accesses
        // to it for a race.
        delay(afterAttempt: attempt, retryAfter: retryAfter, random: Double.random(in: 0..<1))
    }
}

extension Duration {
    /// The duration in seconds, as `TimeInterval`s count them.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
