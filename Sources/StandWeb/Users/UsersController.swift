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
        let query: String
        let caption: String
        /// `<tr>`s of email (linked), phone, age, points, streak, joined: see `TableRowsHTML`.
        let rowsHTML: String
        let hasRows: Bool
        /// Something was typed and nothing matched it.
        let noMatch: Bool
        /// Nothing typed and no accounts at all yet.
        let isEmptyStore: Bool
        let problem: String?
        let pageNumber: Int64
        let nextHref: String?
    }

    func addRoutes(to group: Routes) {
        group.get("/users", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        // What is shown back in the box: the text without what the search ignores.
        let typed = TextInput.searchable(parameters["q"] ?? "")
        let pageNumber = try parameters.number("page", in: QueryParameters.pageNumbers) ?? 1
        let query = UserQuery(typed)
        if query == .empty {
            let before = try parameters.number("before", in: QueryParameters.rowIds)
            let page = try await context.timing.measure(.db) {
                try await UserDirectory.newest(store, before: before, limit: Self.pageSize)
            }
            let next = page.nextCursor.map { "/users?before=\($0)&page=\(pageNumber + 1)" }
            let model = usersPage(typed: "", caption: "Newest accounts first", users: page.items, pageNumber: pageNumber, nextHref: next)
            return try renderer.render("users/index", title: "Users", page: model, request: request, context: context)
        }
        let after = parameters["after"].map(TextInput.searchable)
        let outcome = try await context.timing.measure(.db) {
            try await UserSearch.run(store, query, after: after, limit: Self.pageSize)
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
            let model = UsersPage(query: typed, caption: "", rowsHTML: "", hasRows: false, noMatch: false,
                              isEmptyStore: false, problem: message, pageNumber: 1, nextHref: nil)
            return try renderer.render("users/index", title: "Users", page: model, request: request, context: context, status: .unprocessableContent)
        }
    }

    private func usersPage(typed: String, caption: String, users: [UserSummary], pageNumber: Int64, nextHref: String?) -> UsersPage {
        let searched = !typed.isEmpty
        return UsersPage(query: typed, caption: caption, rowsHTML: Self.rows(users, now: Date()), hasRows: !users.isEmpty,
                         noMatch: searched && users.isEmpty, isEmptyStore: !searched && users.isEmpty && pageNumber == 1,
                         problem: nil, pageNumber: pageNumber, nextHref: nextHref)
    }

    static func rows(_ users: [UserSummary], now: Date) -> String {
        var rows = TableRowsHTML(columns: ["Email", "Phone", "Age", "Points", "Streak", "Joined"], reservingCapacity: users.count * 300)
        for user in users {
            rows.row { row in
                row.linkCell(user.email, href: "/users/" + user.uuid)
                row.cell(PhoneNumber.readable(user.phone))
                row.numberCell(user.age(on: now).map(String.init) ?? "?")
                row.numberCell(user.points.grouped)
                row.numberCell(String(user.currentStreak))
                row.cell(UTCDate.day(user.createdAt))
            }
        }
        return rows.html
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
