import Foundation
import Testing

@testable import ModelStorage
@testable import RecordCoding

/// RecordJSONEncoder against `JSONEncoder` on thousands of seeded random nested values
/// (``RandomShape``), one encoder for all of them.
@Suite("RecordJSONEncoder on random values")
struct RecordJSONEncoderRandomTests {
    @Test("4000 random values: the same JSON value or the same error as JSONEncoder")
    func randomValues() {
        var maker = RandomShapeMaker(seed: 0x4A53_4F4E)
        let encoder = RecordJSONEncoder()
        var failures = 0
        var errors = 0
        var leftToFoundation = 0
        for index in 0..<4000 {
            let shape = maker.shape(depth: 1 + index % 5)
            if case .failure = EncoderComparison.foundation(shape) { errors += 1 }
            if let difference = EncoderComparison.difference(shape, encoder: encoder) {
                failures += 1
                if failures <= 5 { Issue.record("value \(index): \(difference)") }
            }
            if encoder.leftLastToFoundation { leftToFoundation += 1 }
        }
        #expect(failures == 0)
        // The values must mostly encode, or the comparison is mostly of errors.
        #expect(errors < 400)
        // And mostly be written by RecordJSONEncoder itself, or it is not what is compared.
        #expect(leftToFoundation < 2000, "\(leftToFoundation) left to JSONEncoder")
    }
}
