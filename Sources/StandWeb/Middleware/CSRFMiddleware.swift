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

    /// The only routes that take a file (`multipart/form-data`), and the body
    /// each accepts: above the file's own limit, so an oversized file is
    /// explained on its form rather than cut off here.
    static let uploadLimits: [String: Int] = [Site.questionsUpload.pattern: 2 * 1_048_576]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        // Every form of the console posts URL-encoded fields, but for the file
        // uploads above; a body of any other type is not read as one.
        let type = request.headers[.contentType].flatMap(MediaType.init(from:))
        let uploadLimit = Self.uploadLimits[request.uri.path]
        let isUpload = uploadLimit != nil && type?.isType(.multipartForm) == true
        guard isUpload || type?.isType(.applicationUrlEncoded) == true else {
            throw HTTPError(.unsupportedMediaType, message: "The console's forms send application/x-www-form-urlencoded; this request sent something else.")
        }
        var request = request
        let limit = isUpload ? uploadLimit! : context.maxUploadSize
        do {
            _ = try await request.collectBody(upTo: limit)
        } catch {
            throw HTTPError(.contentTooLarge, message: isUpload ? "That file is far larger than the 1 MB the console accepts." : "That form is larger than the console accepts.")
        }
        let field = isUpload
            ? try? await MultipartForm.decode(Field.self, from: request, limit: limit)
            : try? await URLEncodedFormDecoder().decode(Field.self, from: request, context: context)
        let expected = context.csrfToken
        guard let sent = field?.csrf, !expected.isEmpty, SecureToken.constantTimeEquals(sent, expected) else {
            throw HTTPError(.forbidden, message: "This form has expired or did not come from the console. Go back, reload the page and try again.")
        }
        return try await next(request, context)
    }
}
