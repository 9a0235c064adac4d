import Foundation
import Hummingbird
import ModelSync
import NIOCore

/// The sync protocol of ``ModelSync/HTTPSyncTransport``, over a ``ModelSync/SyncServer``.
///
/// - `POST /sync/pull`: a `PullRequest`, answered with a `PullResponse`;
/// - `POST /sync/push`: a `PushRequest`, answered with a `PushResponse`;
/// - `GET /sync/notices`: Server-Sent Events, a `data:` line with a `SyncNotice` each time
///   the user's records change, fed by the database's notifications (`LISTEN`/`NOTIFY` on
///   PostgreSQL), so a notice follows a push made through any instance.
///
/// Every request carries `Authorization: Bearer <token>`, which ``SyncTokens`` maps to a
/// user; the server answers as that user, whatever the body says. A refusal is a JSON body
/// `{"code": …, "message": …}` with the code's status: 401 without a known token, 403 for
/// another user's records, 400 for a malformed request, 413 past a limit (the body's size
/// among them), 410 for an expired cursor.
struct SyncRoutes: Sendable {
    let server: SyncServer
    let tokens: SyncTokens

    /// How often an idle notice stream sends a comment, so that a client gone is noticed.
    static let heartbeat: Duration = .seconds(15)

    func add(to router: Router<some RequestContext>) {
        router.post("sync/pull") { request, context in
            await Self.answer {
                let user = try tokens.authenticate(request)
                let body = try await decode(PullRequest.self, from: request)
                return try await server.pull(body, as: user)
            }
        }
        router.post("sync/push") { request, context in
            await Self.answer {
                let user = try tokens.authenticate(request)
                let body = try await decode(PushRequest.self, from: request)
                return try await server.push(body, as: user)
            }
        }
        router.get("sync/notices") { request, context in
            do {
                let user = try tokens.authenticate(request)
                let notices = try await server.notices(for: user)
                return Response(
                    status: .ok,
                    headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                    body: ResponseBody(asyncSequence: Self.events(notices)))
            } catch {
                return Self.refusal(error)
            }
        }
    }

    /// The request's JSON body, read up to the server's limit.
    private func decode<Message: Decodable>(
        _ type: Message.Type, from request: Request
    ) async throws(SyncError) -> Message {
        try await Self.decode(type, from: request, limit: server.limits.maximumBodyBytes)
    }

    /// A request's JSON body, read up to a limit.
    static func decode<Message: Decodable>(
        _ type: Message.Type, from request: Request, limit: Int
    ) async throws(SyncError) -> Message {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw SyncError(
                .tooLarge, "The body is larger than the \(limit) bytes this service takes")
        }
        do {
            return try JSONDecoder().decode(Message.self, from: Data(buffer.readableBytesView))
        } catch {
            throw SyncError(.invalidRequest, "The body is not a \(Message.self): \(error)")
        }
    }

    /// The answer as JSON, or the refusal it threw.
    static func answer(_ body: () async throws -> some Encodable) async -> Response {
        do {
            return Self.json(try await body(), status: .ok)
        } catch {
            return Self.refusal(error)
        }
    }

    /// A refusal as JSON with its code's status; an error that is not a ``SyncError`` is a
    /// server failure, logged.
    static func refusal(_ error: any Error) -> Response {
        let refusal =
            error as? SyncError ?? SyncError(.serverFailed, "The service failed: \(error)")
        if refusal.code == .serverFailed { PokedexService.printError("sync: \(refusal)") }
        return json(refusal, status: HTTPResponse.Status(code: refusal.code.httpStatus))
    }

    /// A value as a JSON response.
    static func json(_ value: some Encodable, status: HTTPResponse.Status) -> Response {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The notices as Server-Sent Events, with a comment when the stream is idle.
    private static func events(
        _ notices: AsyncThrowingStream<SyncNotice, any Error>
    ) -> AsyncStream<ByteBuffer> {
        AsyncStream { continuation in
            continuation.yield(ByteBuffer(string: ": notices\n\n"))
            let forwarding = Task {
                do {
                    for try await notice in notices {
                        let data = try JSONEncoder().encode(notice)
                        continuation.yield(
                            ByteBuffer(string: "data: \(String(decoding: data, as: UTF8.self))\n\n")
                        )
                    }
                } catch {}
                continuation.finish()
            }
            let beating = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.heartbeat)
                    continuation.yield(ByteBuffer(string: ": idle\n\n"))
                }
            }
            continuation.onTermination = { _ in
                forwarding.cancel()
                beating.cancel()
            }
        }
    }
}

extension SyncTokens {
    /// The user a request's bearer token names.
    ///
    /// - Throws: ``ModelSync/SyncError/Code/unauthorized`` without a known token, or when
    ///   the service has none configured.
    func authenticate(_ request: Request) throws(SyncError) -> String {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer "),
            !isEmpty
        else {
            throw SyncError(
                .unauthorized,
                isEmpty
                    ? "This service has no sync tokens configured (--tokens-file, POKEDEX_TOKENS)"
                    : "The request needs an Authorization: Bearer token")
        }
        guard let user = user(for: header.dropFirst("Bearer ".count)) else {
            throw SyncError(.unauthorized, "The bearer token is not one this service knows")
        }
        return user
    }
}
