import Hummingbird
import StandCore

/// Every POST carries a `csrf` form field equal to the session's token (or,
/// before sign-in, to the signed-out CSRF cookie). Anything else is refused
/// with 403 before any handler runs, so nothing changes.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    struct Field: Decodable {
        let csrf: String?
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        // Every form of the console posts URL-encoded fields; a body of any
        // other type is not read as one.
        guard let type = request.headers[.contentType].flatMap(MediaType.init(from:)),
              type.isType(.applicationUrlEncoded) else {
            throw HTTPError(.unsupportedMediaType, message: "The console's forms send application/x-www-form-urlencoded; this request sent something else.")
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: context.maxUploadSize)
        } catch {
            throw HTTPError(.contentTooLarge, message: "That form is larger than the console accepts.")
        }
        let field = try? await URLEncodedFormDecoder().decode(Field.self, from: request, context: context)
        let expected = context.csrfToken
        guard let sent = field?.csrf, !expected.isEmpty, SecureToken.constantTimeEquals(sent, expected) else {
            throw HTTPError(.forbidden, message: "This form has expired or did not come from the console. Go back, reload the page and try again.")
        }
        return try await next(request, context)
    }
}
