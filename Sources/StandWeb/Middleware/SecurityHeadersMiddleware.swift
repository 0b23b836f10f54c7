import HTTPTypes
import Hummingbird

/// The headers DESIGN.md asks for on every response, static files and errors included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            Self.apply(to: &response.headers, isStatic: request.uri.path.hasPrefix("/static/"))
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            Self.apply(to: &response.headers, isStatic: false)
            return response
        }
    }

    static func apply(to headers: inout HTTPFields, isStatic: Bool) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "no-referrer"
        headers[.xFrameOptions] = "DENY"
        headers[.crossOriginOpenerPolicy] = "same-origin"
        if !isStatic {
            headers[.cacheControl] = "no-store"
        }
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
}
