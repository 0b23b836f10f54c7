import Hummingbird
import StandCore

/// Every POST carries a `csrf` form field equal to the session's token (or,
/// before sign-in, to the signed-out CSRF cookie). Anything else is refused
/// before any handler runs, so nothing changes.
///
/// Who may send the form is settled before a byte of its body is read: a POST
/// to a signed-in page without a session goes to sign in, and an upload from a
/// role that may not upload is refused, so an anonymous request costs a cookie
/// lookup and no more. A body declared larger than its limit is refused on its
/// headers (a client that sent `Expect: 100-continue` never sends it).
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The two fields every form carries: the CSRF token, and the form's single-use submission id.
    struct Tokens: Decodable {
        let csrf: String?
        let submission: String?
    }

    /// Who may use each route, as the controllers registered them.
    let routes: RouteTable

    /// The routes that take a file (`multipart/form-data`), with the body each
    /// accepts (above the file's own limit, so an oversized file is explained on
    /// its form rather than cut off here).
    static let uploadLimits: [String: Int] = [
        Site.questionsUpload.pattern: 2 * 1_048_576,
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        let path = request.uri.path
        // The route's own access rule, before the body: a visitor without a
        // session goes to sign in, a role without the permission gets a 403.
        // A path no form posts to is treated as a signed-in one: 404 or 405 after the token check.
        let access = routes.access(.post, path) ?? .signedIn
        if access != .anyone, context.staff == nil {
            // Signing out with no session left is already done.
            if path == Site.logout.pattern { return .redirect(to: Site.login.href(["signed_out": "1"])) }
            // The session ended while the form was open: nothing is saved,
            // and signing in leads back to the form (app.js brings back what
            // was typed, kept in the tab; it is never sent by itself).
            return .redirect(to: Site.login.href(["ended": "1", "next": routes.nearestPage(above: path)]))
        }
        if let refusal = try access.check(request, context) {
            return refusal
        }
        let uploadLimit = Self.uploadLimits[path]
        // Every form of the console posts URL-encoded fields, but for the file
        // uploads above; a body of any other type is not read as one.
        let type = request.headers[.contentType].flatMap(MediaType.init(from:))
        let isUpload = uploadLimit != nil && type?.isType(.multipartForm) == true
        guard isUpload || type?.isType(.applicationUrlEncoded) == true else {
            throw HTTPError(.unsupportedMediaType, message: "The console's forms send application/x-www-form-urlencoded; this request sent something else.")
        }
        let limit = isUpload ? uploadLimit! : context.maxUploadSize
        let tooLarge = HTTPError(.contentTooLarge, message: isUpload ? "That file is far larger than the 1 MB the console accepts." : "That form is larger than the console accepts.")
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw tooLarge
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw tooLarge
        }
        var context = context
        let tokens: Tokens
        if isUpload {
            let form = try MultipartForm(body: body, contentType: type!)
            tokens = Tokens(csrf: form.fields["csrf"], submission: form.fields["submission"])
            context.multipartForm = form
        } else {
            tokens = try Self.tokens(of: body)
        }
        let expected = context.csrfToken
        guard let sent = tokens.csrf, !expected.isEmpty, SecureToken.constantTimeEquals(sent, expected) else {
            throw HTTPError(.forbidden, message: "This form has expired or did not come from the console. Go back, reload the page and try again.")
        }
        if let staffId = context.staff?.id, let token = tokens.submission {
            context.submission = FormSubmission(token: token, path: path, staffId: staffId)
        }
        context.formPage = routes.nearestPage(above: path)
        return try await next(request, context)
    }

    /// The tokens of a URL-encoded body; a body that is not a form says why.
    private static func tokens(of body: ByteBuffer) throws -> Tokens {
        do {
            return try URLEncodedFormDecoder().decode(Tokens.self, from: String(buffer: body))
        } catch let error as URLEncodedFormError where error.code == .duplicateKeys {
            throw HTTPError(.badRequest, message: "The form sent the field “\(error.value.prefix(40))” more than once; each is sent once. Reload the page and try again.")
        } catch {
            throw HTTPError(.badRequest, message: Request.unreadableForm)
        }
    }
}
