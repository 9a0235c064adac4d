import Foundation
import InternalSupport
import PokedexKit
import QueryTestSupport
import Testing

@Suite("RetryPolicy: the backoff schedule")
struct RetryPolicyTests {
    @Test("without jitter the waits double from the base delay up to the maximum")
    func schedule() {
        let policy = RetryPolicy(
            maxAttempts: 7, baseDelay: .milliseconds(500), maxDelay: .seconds(4), jitter: 0)
        let delays = (1...7).map { policy.delay(afterAttempt: $0) }
        #expect(
            delays == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4),
                .seconds(4), nil,
            ])
    }

    @Test("the defaults: 4 attempts, 0.5 s doubling up to 8 s, half of it random, 60 s Retry-After")
    func defaults() {
        let policy = RetryPolicy()
        #expect(policy.maxAttempts == 4)
        #expect(policy.baseDelay == .milliseconds(500))
        #expect(policy.maxDelay == .seconds(8))
        #expect(policy.jitter == 0.5)
        #expect(policy.maxRetryAfter == .seconds(60))
        #expect(RetryPolicy.never.delay(afterAttempt: 1) == nil)
    }

    @Test("jitter takes a random share off each wait, never more", arguments: [0.25, 0.5, 1.0])
    func jitterBounds(jitter: Double) {
        let policy = RetryPolicy(
            maxAttempts: 100, baseDelay: .seconds(1), maxDelay: .seconds(1), jitter: jitter)
        var generator = SplitMix64(seed: 42)
        let delays = (1...200).compactMap {
            policy.delay(afterAttempt: $0 % 99 + 1, using: &generator)?.inSeconds
        }
        #expect(delays.count == 200)
        #expect(delays.allSatisfy { (1 - jitter)...1 ~= $0 })
        #expect(Set(delays).count > 150)  // actually random
    }

    @Test("the same generator gives the same waits")
    func reproducibleJitter() {
        let policy = RetryPolicy()
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        let a = (1...3).map { policy.delay(afterAttempt: $0, using: &first) }
        let b = (1...3).map { policy.delay(afterAttempt: $0, using: &second) }
        #expect(a == b)
    }

    @Test("Retry-After is a floor on the wait, up to maxRetryAfter")
    func retryAfter() {
        let policy = RetryPolicy(baseDelay: .seconds(2), jitter: 0, maxRetryAfter: .seconds(30))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(10)) == .seconds(10))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .milliseconds(10)) == .seconds(2))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(30)) == .seconds(30))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(31)) == nil)
        #expect(policy.delay(afterAttempt: 4, retryAfter: .seconds(1)) == nil)
    }

    @Test("out-of-range settings are clamped", arguments: [0, -3])
    func clamped(maxAttempts: Int) {
        let policy = RetryPolicy(
            maxAttempts: maxAttempts, baseDelay: .seconds(-1), maxDelay: .seconds(1), jitter: 5)
        #expect(policy.delay(afterAttempt: 1) == nil)
        let wide = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(-1), jitter: -2)
        #expect(wide.delay(afterAttempt: 1) == .zero)
    }
}
