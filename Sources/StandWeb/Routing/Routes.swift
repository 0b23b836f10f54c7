import HTTPTypes
import Hummingbird
import Synchronization
import StandCore

/// Who may use a route, written where the route is registered.
enum Access: Sendable, Equatable {
    /// Anyone: sign-in, first-owner setup, `/healthz`.
    case anyone
    /// Any signed-in staff member.
    case signedIn
    /// Any signed-in staff member, even one who must still set up the second
    /// factor owners require: setting it up, and signing out.
    case signedInBeforeSecondFactor
    /// A signed-in staff member whose role has this permission.
    case role(Permission)

    /// What a role without the permission is told.
    static var refusal: HTTPError {
        HTTPError(.forbidden, message: "Your role does not allow this page. Ask an owner if you need it.")
    }

    /// Nil when `context` may go on; a redirect to sign in for a visitor
    /// without a session; a 403 (thrown) for a role without the permission.
    func check(_ request: Request, _ context: AppRequestContext) throws -> Response? {
        if self == .anyone { return nil }
        guard context.staff != nil else {
            let next = request.method == .get && request.uri.path != Site.dashboard.pattern ? request.uri.path : nil
            return Response(status: .seeOther, headers: [.location: Site.login.href(["next": next])])
        }
        if context.mustSetUpSecondFactor, self != .signedInBeforeSecondFactor {
            return Response(status: .seeOther, headers: [.location: Site.accountSecondFactor.href()])
        }
        if case .role(let permission) = self, !context.can(permission) { throw Self.refusal }
        return nil
    }
}

/// Every route the console answers, as registered: path pattern → method →
/// who may use it. Hummingbird answers 404 for a known path asked with another
/// method; this table lets `MethodNotAllowedMiddleware` answer 405 with
/// `Allow` instead, and lets `CSRFMiddleware` refuse a POST before its body.
final class RouteTable: Sendable {
    private struct Entry {
        let segments: [Substring]
        var methods: [HTTPRequest.Method: Access]
    }

    private let routes = Mutex<[Entry]>([])

    func record(_ method: HTTPRequest.Method, _ pattern: String, _ access: Access) {
        let segments = pattern.split(separator: "/")
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods[method] = access
            } else {
                routes.append(Entry(segments: segments, methods: [method: access]))
            }
        }
    }

    /// Every pattern with its methods, in registration order.
    var all: [(pattern: String, methods: [HTTPRequest.Method])] {
        routes.withLock { routes in
            routes.map { entry in ("/" + entry.segments.joined(separator: "/"), [.get, .post].filter { entry.methods[$0] != nil }) }
        }
    }

    /// The methods answered at `path`, HEAD wherever GET is; empty for an unknown path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        var methods = Set<HTTPRequest.Method>()
        routes.withLock { routes in
            for route in routes where Self.matches(route.segments, segments) { methods.formUnion(route.methods.keys) }
        }
        if methods.contains(.get) { methods.insert(.head) }
        return [.get, .head, .post].filter(methods.contains)
    }

    /// Who may send `method` to `path`: the route the router would pick (a
    /// literal segment wins over a parameter, `/questions/new` over `/questions/{id}`).
    func access(_ method: HTTPRequest.Method, _ path: String) -> Access? {
        let segments = path.split(separator: "/")
        return routes.withLock { routes in
            routes.filter { Self.matches($0.segments, segments) && $0.methods[method] != nil }
                .max { $0.segments.count(where: { !$0.hasPrefix("{") }) < $1.segments.count(where: { !$0.hasPrefix("{") }) }?
                .methods[method]
        }
    }

    /// `path` if a page answers GET there, else the nearest such path above
    /// it (`/staff/3/reset-password` → `/staff`), else the dashboard.
    func nearestPage(above path: String) -> String {
        var segments = path.split(separator: "/")
        while !segments.isEmpty {
            let candidate = "/" + segments.joined(separator: "/")
            if methods(for: candidate).contains(.get) { return candidate }
            segments.removeLast()
        }
        return Site.dashboard.href()
    }

    private static func matches(_ pattern: [Substring], _ path: [Substring]) -> Bool {
        pattern.count == path.count && zip(pattern, path).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
}

/// Registers routes on the router, each with who may use it, and writes each
/// into the `RouteTable`. Controllers list their routes through it.
struct Routes {
    let group: RouterGroup<AppRequestContext>
    let table: RouteTable

    func get<Parameter>(_ path: SitePath<Parameter>, _ access: Access = .signedIn,
                        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator) {
        table.record(.get, path.pattern, access)
        group.get(RouterPath(path.pattern), use: Self.guarded(access, handler))
    }

    func post<Parameter>(_ path: SitePath<Parameter>, _ access: Access = .signedIn,
                         use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator) {
        table.record(.post, path.pattern, access)
        group.post(RouterPath(path.pattern), use: Self.guarded(access, handler))
    }

    private static func guarded(_ access: Access, _ handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator)
        -> @Sendable (Request, AppRequestContext) async throws -> Response {
        { request, context in
            if let refusal = try access.check(request, context) { return refusal }
            return try await handler(request, context).response(from: request, context: context)
        }
    }
}

/// A known path asked with a method it does not take: 405 with `Allow`.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = table.methods(for: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else { throw error }
            throw HTTPError(.methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
        }
    }
}

/// A NUL in a path, raw or percent-encoded, is never a page: C file APIs
/// would end the name there (`/static/app.css%00.txt` served app.css).
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path.utf8.contains(0) || path.contains("%00") {
            throw HTTPError(.badRequest, message: "That address holds a NUL character; no page has one.")
        }
        return try await next(request, context)
    }
}
