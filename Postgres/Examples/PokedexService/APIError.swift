import Foundation
import Hummingbird
import PokedexKit

/// A refusal, sent as JSON: `{"error": "…", "parameter": "sort", "accepted": "…"}`.
///
/// ``parameter`` and ``accepted`` are there when a request's parameter was at fault, so that
/// a client can show which one and what it may be.
struct APIError: HTTPResponseError, Encodable {
    /// The HTTP status: 400 for bad input, 404 for an unknown Pokémon or route, 500 when the
    /// store fails.
    let status: HTTPResponse.Status
    /// What went wrong, in a sentence.
    let error: String
    /// The query item or path parameter at fault, such as `sort` or `id`.
    let parameter: String?
    /// What the parameter accepts, in words.
    let accepted: String?

    private enum CodingKeys: String, CodingKey {
        case error, parameter, accepted
    }

    init(
        _ status: HTTPResponse.Status, _ error: String, parameter: String? = nil,
        accepted: String? = nil
    ) {
        self.status = status
        self.error = error
        self.parameter = parameter
        self.accepted = accepted
    }

    /// A parameter's value that is refused: `<parameter> expects <accepted>, not '<value>'`.
    static func badValue(_ parameter: String, _ value: String, accepted: String) -> APIError {
        APIError(
            .badRequest, "\(parameter) expects \(accepted), not '\(value)'",
            parameter: parameter, accepted: accepted)
    }

    /// A parameter's value that a PokedexKit text form refused, said of the parameter.
    static func badValue(_ parameter: String, _ error: PokemonFilter.TextError) -> APIError {
        APIError(
            .badRequest, "\(parameter) \(error)", parameter: parameter, accepted: error.accepted)
    }

    /// The error as a JSON response with its status.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONBody(self).response(from: request, context: context)
        response.status = status
        return response
    }
}

/// Turns every error a route throws into a JSON ``APIError``: Hummingbird's own (such as 404
/// for an unknown route) keep their status, and any other (the store failing) is a 500 that
/// says what failed.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError {
            throw APIError(
                error.status,
                error.body
                    ?? "\(error.status.reasonPhrase): \(request.method) \(request.uri.path)")
        } catch {
            PokedexService.printError("\(request.method) \(request.uri): \(error)")
            throw APIError(.internalServerError, String(describing: error))
        }
    }
}
