/// The first element of a stream that satisfies a predicate, waited for at most `timeout`.
///
/// A timeout that fails a test, never a measurement: give it generously, since the machine
/// may be busy.
///
/// - Parameters:
///   - stream: The stream to read, such as a live query's results; it is read by this call
///     alone.
///   - timeout: How long to wait before giving up.
///   - predicate: Whether an element is the one waited for.
/// - Returns: The element, or `nil` when the stream ends or the time runs out first.
public func firstElement<Element: Sendable>(
    of stream: AsyncStream<Element>, timeout: Duration,
    where predicate: @escaping @Sendable (Element) -> Bool
) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            for await element in stream where predicate(element) { return element }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: timeout)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
