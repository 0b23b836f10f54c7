import HTTPTypes
import Hummingbird
import StandCore

/// The headers DESIGN.md asks for on every response, static files and errors included.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            Self.apply(to: &response.headers, isStatic: request.uri.path.hasPrefix(Site.staticFiles.pattern + "/"))
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            Self.apply(to: &response.headers, isStatic: false)
            return response
        } catch {
            // Last resort, outside the error pages (a failure before them):
            // still a page, still these headers, never an empty 500.
            var response = Self.lastResortPage(busy: error is StoreBusy)
            Self.apply(to: &response.headers, isStatic: false)
            return response
        }
    }

    static func lastResortPage(busy: Bool) -> Response {
        let message = busy ? StoreBusy.lockedMessage : "The console could not finish this request. Nothing was changed. Try again in a moment."
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Stand Admin</title><link rel="stylesheet" href="\(Site.stylesheet.pattern)"></head>
            <body><main><h1>\(busy ? "The store is busy" : "Something went wrong")</h1><p>\(message)</p><p><a href="\(Site.dashboard.pattern)">Back to the dashboard</a></p></main></body></html>
            """
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8"]
        if busy { headers[.retryAfter] = String(StoreBusy.retryAfterSeconds) }
        return Response(status: busy ? .serviceUnavailable : .internalServerError, headers: headers, body: .init(byteBuffer: .init(string: html)))
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
