import Foundation
import Hummingbird
import StandCore

/// `/users`: the newest accounts, keyset-paginated. (Search by email, phone
/// or UUID and the user page come with the user-lookup feature.)
struct UsersController {
    let store: StandStore
    let renderer: PageRenderer
    static let pageSize = 50

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
        let rows: [Row]
        let isEmpty: Bool
        let nextCursor: Int64?
        let query: String
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("/users", use: list)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let before = request.uri.queryParameters["before"].flatMap { Int64(String($0)) }
        let page = try context.timing.measure(.db) {
            try store.pool.read { db in try UserDirectory.newest(db, before: before, limit: Self.pageSize) }
        }
        let now = Date()
        let rows = page.items.map { user in
            UsersPage.Row(uuid: user.uuid, email: user.email, phone: user.phone, age: user.age(on: now).map(String.init) ?? "?",
                          points: user.points.formatted(), streak: user.currentStreak, joined: UTCDate.day(user.createdAt))
        }
        let model = UsersPage(rows: rows, isEmpty: rows.isEmpty, nextCursor: page.nextCursor,
                              query: request.uri.queryParameters["q"].map(String.init) ?? "")
        return try renderer.render("users/index", title: "Users", page: model, request: request, context: context)
    }
}
