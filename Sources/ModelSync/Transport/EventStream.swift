import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stream of Server-Sent Events read with a `URLSession` data task, whose `data:` lines
/// are ``SyncNotice``s.
///
/// `URLSession` gives no stream of bytes on Linux, so a delegate receives the body as it
/// arrives and splits it into events at blank lines.
final class EventStream: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let continuation: AsyncThrowingStream<SyncNotice, any Error>.Continuation
    private let lock = NSLock()
    private var buffer = Data()
    private var failed = false

    private init(continuation: AsyncThrowingStream<SyncNotice, any Error>.Continuation) {
        self.continuation = continuation
    }

    /// Starts a request and streams its events until the body ends or the stream is dropped.
    static func open(
        _ request: URLRequest, configuration: URLSessionConfiguration
    ) -> AsyncThrowingStream<SyncNotice, any Error> {
        let (stream, continuation) = AsyncThrowingStream<SyncNotice, any Error>.makeStream()
        let delegate = EventStream(continuation: continuation)
        let session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        return stream
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            lock.withLock { failed = true }
            continuation.finish(
                throwing: HTTPSyncTransport.refusal(
                    status: status, body: Data(), path: "sync/notices"))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let events: [Data] = lock.withLock {
            buffer.append(data)
            var events: [Data] = []
            let separator = Data("\n\n".utf8)
            while let end = buffer.range(of: separator) {
                events.append(buffer.subdata(in: buffer.startIndex..<end.lowerBound))
                buffer.removeSubrange(buffer.startIndex..<end.upperBound)
            }
            return events
        }
        for event in events {
            // An event's `data:` lines joined; comment lines (`:`) keep the connection alive.
            let lines = String(decoding: event, as: UTF8.self).split(separator: "\n")
            let payload = lines.filter { $0.hasPrefix("data:") }
                .map { $0.dropFirst(5).drop { $0 == " " } }.joined(separator: "\n")
            guard !payload.isEmpty else { continue }
            guard let notice = try? JSONDecoder().decode(SyncNotice.self, from: Data(payload.utf8))
            else {
                continuation.finish(
                    throwing: SyncError(
                        .serverFailed, "The service sent a notice that does not decode: \(payload)")
                )
                return
            }
            continuation.yield(notice)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        guard !lock.withLock({ failed }) else { return }
        if let error {
            continuation.finish(
                throwing: SyncError(
                    .transportFailed, "The notices ended: \(error.localizedDescription)"))
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
