import HTTPTypes
import Hummingbird
import Synchronization

/// Every route the console answers, as registered: path pattern → methods.
/// Hummingbird answers 404 for a known path asked with another method; this
/// table lets `MethodNotAllowedMiddleware` answer 405 with `Allow` instead.
final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], methods: Set<HTTPRequest.Method>)]>([])

    func record(_ method: HTTPRequest.Method, _ pattern: String) {
        let segments = pattern.split(separator: "/")
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.insert(method)
            } else {
                routes.append((segments, [method]))
            }
        }
    }

    /// Every pattern with its methods, in registration order.
    var all: [(pattern: String, methods: [HTTPRequest.Method])] {
        routes.withLock { routes in
            routes.map { ("/" + $0.segments.joined(separator: "/"), [.get, .post].filter($0.methods.contains)) }
        }
    }

    /// The methods answered at `path`, HEAD wherever GET is; empty for an unknown path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        var methods = Set<HTTPRequest.Method>()
        routes.withLock { routes in
            for route in routes where Self.matches(route.segments, segments) { methods.formUnion(route.methods) }
        }
        if methods.contains(.get) { methods.insert(.head) }
        return [.get, .head, .post].filter(methods.contains)
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

/// A router group that writes each route it registers into the `RouteTable`.
/// Controllers register through it exactly as through a `RouterGroup`.
struct Routes {
    let group: RouterGroup<AppRequestContext>
    let table: RouteTable

    func get<Parameter>(_ path: SitePath<Parameter>, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator) {
        table.record(.get, path.pattern)
        group.get(RouterPath(path.pattern), use: handler)
    }

    func post<Parameter>(_ path: SitePath<Parameter>, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> some ResponseGenerator) {
        table.record(.post, path.pattern)
        group.post(RouterPath(path.pattern), use: handler)
    }

    /// The same table, with `middleware` in front of the routes registered on the result.
    func adding(_ middleware: some RouterMiddleware<AppRequestContext>) -> Routes {
        Routes(group: group.group().add(middleware: middleware), table: table)
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
