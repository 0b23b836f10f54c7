import Hummingbird
import Logging
import StandCore

/// Turns errors into pages in the layout: a person sees a calm message, never a
/// stack trace; an unexpected error is logged with the request id.
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let renderer: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // A visitor learns nothing of what pages exist, except where a
            // public record was: a withdrawn one must say "not found".
            if error.status == .notFound && context.staff == nil && !request.uri.path.hasPrefix(Site.publicRecords) {
                return .redirect(to: Site.login.href())
            }
            let message = error.body ?? Self.defaultMessage(error.status)
            var response = try page(error.status, message: message, request: request, context: context)
            for field in error.headers { response.headers.append(field) }
            return response
        } catch let busy as StoreBusy {
            return try page(.serviceUnavailable, message: busy.message, request: request, context: context)
        } catch let fault as StoreFault {
            // Logged with its code where the store met it.
            return try page(fault.status, heading: fault.heading, message: fault.message, request: request, context: context)
        } catch let refusal as AccountViewNotRecorded {
            context.logger.error("account view not journaled; page refused", metadata: ["code": "\(refusal.fault.code)"])
            return try page(refusal.fault.status, heading: refusal.fault.heading, message: refusal.message, request: request, context: context)
        } catch let error as RendererError {
            context.logger.error("page failed: \(error)")
            if case .invalidHTML = error {
                // Development and tests: say exactly what is wrong.
                return try page(.internalServerError, message: error.description, request: request, context: context, useTemplate: false)
            }
            return try page(.internalServerError, message: Self.defaultMessage(.internalServerError), request: request, context: context, useTemplate: false)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: type(of: error)))", "request_id": "\(context.id)"])
            return try page(.internalServerError, message: Self.defaultMessage(.internalServerError) + " Reference: \(context.id).", request: request, context: context)
        }
    }

    private func page(_ status: HTTPResponse.Status, heading: String? = nil, message: String, request: Request, context: Context,
                      useTemplate: Bool = true) throws -> Response {
        let model = ErrorPage(status: status.code, heading: heading ?? Self.heading(status), message: message, signedIn: context.staff != nil)
        if useTemplate, let response = try? renderer.render(model, request: request, context: context, status: status) {
            return response
        }
        return SecurityHeadersMiddleware<Context>.lastResortPage(busy: status == .serviceUnavailable)
    }

    static func heading(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "Page not found"
        case .forbidden: "Not allowed"
        case .contentTooLarge: "Too large"
        case .badRequest: "Something is wrong with that request"
        case .methodNotAllowed: "Not allowed"
        case .unsupportedMediaType: "Not a form"
        case .serviceUnavailable: "The store is busy"
        default: status.code >= 500 ? "Something went wrong" : status.reasonPhrase
        }
    }

    static func defaultMessage(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "There is no page at this address. Check the link, or start again from the dashboard."
        case .forbidden: "You cannot do this with your role."
        case .methodNotAllowed: "This address does not take that kind of request."
        default: status.code >= 500 ? "The console could not finish this request. Nothing was changed. Try again in a moment." : "The request could not be handled."
        }
    }
}
