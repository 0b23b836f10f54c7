import Foundation
import Hummingbird
import StandCore

/// `/users`: the search box (exact email, phone or UUID opens the account;
/// an email prefix lists matches) and, with nothing typed, the newest accounts.
struct UsersController {
    let directory: UserDirectory
    let renderer: PageRenderer
    /// A screenful: long enough to scan, short enough that a page stays cheap
    /// to render and to send through libxml2 (see scripts/bench).
    static let pageSize = 25

    func addRoutes(to group: Routes) {
        group.get(Site.users, use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let parameters = QueryParameters(request)
        // What is shown back in the box: the text without what the search ignores.
        let typed = TextInput.searchable(parameters["q"] ?? "")
        let pageNumber = try parameters.number("page", in: QueryParameters.pageNumbers) ?? 1
        let query = UserQuery(typed)
        if query == .empty {
            let position: UserDirectory.Position = if let older = try parameters.value("older", as: UserDirectory.Cursor.self) {
                .olderThan(older)
            } else if let newer = try parameters.value("newer", as: UserDirectory.Cursor.self) {
                .newerThan(newer)
            } else {
                .newest
            }
            let listing = try await context.timing.measure(.db) {
                try await directory.page(at: position, limit: Self.pageSize)
            }
            let shown = listing.isFirstPage ? 1 : pageNumber
            var model = usersPage(typed: "", caption: "Newest accounts first, by when they joined", users: listing.items, pageNumber: shown,
                                  nextHref: listing.older.map { Site.users.href(["older": $0.description, "page": String(shown + 1)]) })
            model.previousHref = listing.newer.map { Site.users.href(["newer": $0.description, "page": String(max(1, shown - 1))]) }
            return try renderer.render(model, request: request, context: context)
        }
        let after = parameters["after"].map(TextInput.searchable)
        let outcome = try await context.timing.measure(.db) {
            try await directory.search(query, after: after, limit: Self.pageSize)
        }
        switch outcome {
        case .account(let uuid):
            return .redirect(to: Site.user.href(uuid), type: .normal)
        case .matches(let users, let nextCursor):
            let next = nextCursor.map { Site.users.href(["q": typed, "after": $0, "page": String(pageNumber + 1)]) }
            let model = usersPage(typed: typed, caption: "Emails starting with “\(typed.trimmingCharacters(in: .whitespaces))”, in order",
                                  users: users, pageNumber: pageNumber, nextHref: next)
            return try renderer.render(model, request: request, context: context)
        case .noMatch, .empty:
            let model = usersPage(typed: typed, caption: "", users: [], pageNumber: 1, nextHref: nil)
            return try renderer.render(model, request: request, context: context)
        case .invalid(let message):
            let model = UsersPage(query: typed, caption: "", rowsHTML: "", noMatch: false,
                                  isEmptyStore: false, problem: message, pageNumber: 1, nextHref: nil)
            return try renderer.render(model, request: request, context: context, status: .unprocessableContent)
        }
    }

    private func usersPage(typed: String, caption: String, users: [UserSummary], pageNumber: Int64, nextHref: String?) -> UsersPage {
        let searched = !typed.isEmpty
        return UsersPage(query: typed, caption: caption, rowsHTML: UsersPage.rows(users, now: Date()),
                         noMatch: searched && users.isEmpty, isEmptyStore: !searched && users.isEmpty && pageNumber == 1,
                         problem: nil, pageNumber: pageNumber, nextHref: nextHref)
    }
}
