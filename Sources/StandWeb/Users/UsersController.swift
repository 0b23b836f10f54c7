import Foundation
import Hummingbird
import StandCore

/// `/users`: the search box (exact email, phone or UUID opens the account;
/// an email prefix lists matches) and, with nothing typed, the newest accounts.
struct UsersController {
    let store: StandStore
    let renderer: PageRenderer
    /// A screenful: long enough to scan, short enough that a page stays cheap
    /// to render and to send through libxml2 (see scripts/bench).
    static let pageSize = 25

    struct UsersPage: Sendable {
        struct Row: Sendable {
            let uuid: String
            let email: String
            let phone: String
            let age: String
            let points: String
            let streak: Int
            let joined: String
        }
        let query: String
        let searched: Bool
        let caption: String
        let rows: [Row]
        let hasRows: Bool
        /// Nothing matched what was typed (or the store has no accounts yet).
        let noMatch: Bool
        let isEmptyStore: Bool
        let problem: String?
        let pageNumber: Int
        let nextHref: String?
    }

    /// The query string as a browser sends a GET form: `+` is a space, so it
    /// is decoded as a form, not with `uri.queryParameters`.
    struct SearchForm: Decodable {
        var q: String?
        var after: String?
        var before: Int64?
        var page: Int?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/users", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = (try? URLEncodedFormDecoder().decode(SearchForm.self, from: request.uri.query ?? "")) ?? SearchForm()
        let typed = form.q ?? ""
        let pageNumber = max(1, form.page ?? 1)
        let query = UserQuery(typed)
        if query == .empty {
            let before = form.before
            let page = try context.timing.measure(.db) {
                try store.pool.read { db in try UserDirectory.newest(db, before: before, limit: Self.pageSize) }
            }
            let next = page.nextCursor.map { "/users?before=\($0)&page=\(pageNumber + 1)" }
            let model = usersPage(typed: "", caption: "Newest accounts first", users: page.items, pageNumber: pageNumber, nextHref: next)
            return try renderer.render("users/index", title: "Users", page: model, request: request, context: context)
        }
        let after = form.after
        let outcome = try context.timing.measure(.db) {
            try store.pool.read { db in try UserSearch.run(db, query, after: after, limit: Self.pageSize) }
        }
        switch outcome {
        case .account(let uuid):
            return .redirect(to: "/users/\(uuid)", type: .normal)
        case .matches(let users, let nextCursor):
            let next = nextCursor.map { "/users?q=\(URLQuery.encode(typed))&after=\(URLQuery.encode($0))&page=\(pageNumber + 1)" }
            let model = usersPage(typed: typed, caption: "Emails starting with “\(typed.trimmingCharacters(in: .whitespaces))”, in order",
                                  users: users, pageNumber: pageNumber, nextHref: next)
            return try renderer.render("users/index", title: "Users matching \(typed)", page: model, request: request, context: context)
        case .noMatch, .empty:
            let model = usersPage(typed: typed, caption: "", users: [], pageNumber: 1, nextHref: nil)
            return try renderer.render("users/index", title: "No match", page: model, request: request, context: context)
        case .invalid(let message):
            let model = UsersPage(query: typed, searched: true, caption: "", rows: [], hasRows: false, noMatch: false,
                              isEmptyStore: false, problem: message, pageNumber: 1, nextHref: nil)
            return try renderer.render("users/index", title: "Users", page: model, request: request, context: context, status: .unprocessableContent)
        }
    }

    private func usersPage(typed: String, caption: String, users: [UserSummary], pageNumber: Int, nextHref: String?) -> UsersPage {
        let now = Date()
        let rows = users.map { user in
            UsersPage.Row(uuid: user.uuid, email: user.email, phone: PhoneNumber.readable(user.phone),
                          age: user.age(on: now).map(String.init) ?? "?", points: user.points.formatted(),
                          streak: user.currentStreak, joined: UTCDate.day(user.createdAt))
        }
        let searched = !typed.isEmpty
        return UsersPage(query: typed, searched: searched, caption: caption, rows: rows, hasRows: !rows.isEmpty,
                         noMatch: searched && rows.isEmpty, isEmptyStore: !searched && rows.isEmpty && pageNumber == 1,
                         problem: nil, pageNumber: pageNumber, nextHref: nextHref)
    }
}

/// Values placed in a link's query string.
enum URLQuery {
    static let allowed: CharacterSet = {
        // ASCII only: `alphanumerics` would leave non-ASCII letters unescaped.
        CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    }()

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
