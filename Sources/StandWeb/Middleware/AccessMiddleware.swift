import Hummingbird
import StandCore
import Foundation

/// Pages behind it need a signed-in staff member; others are sent to sign in.
struct RequireStaffMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.staff != nil else {
            let next = request.method == .get && request.uri.path != Site.dashboard.pattern ? request.uri.path : nil
            return Response(status: .seeOther, headers: [.location: Site.login.href(["next": next])])
        }
        return try await next(request, context)
    }
}

/// Pages behind it need a role with this permission; others get a 403 page.
struct RequirePermissionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let permission: Permission

    /// What a role without the permission is told (here, and by `CSRFMiddleware` for uploads).
    static var refusal: HTTPError {
        HTTPError(.forbidden, message: "Your role does not allow this page. Ask an owner if you need it.")
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.can(permission) else { throw Self.refusal }
        return try await next(request, context)
    }
}
