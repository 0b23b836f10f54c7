import Foundation
import StandCore

/// `users/index`: search results (an email prefix lists matches), or the newest accounts.
struct UsersPage: PageModel {
    static let template = "users/index"
    var title: String {
        if noMatch { return "No match" }
        return query.isEmpty || problem != nil ? "Users" : "Users matching \(query)"
    }

    let query: String
    let caption: String
    /// `<tr>`s of email (linked), phone, age, points, streak, joined: see `TableRowsHTML`.
    let rowsHTML: String
    /// Something was typed and nothing matched it.
    let noMatch: Bool
    /// Nothing typed and no accounts at all yet.
    let isEmptyStore: Bool
    let problem: String?
    let pageNumber: Int64
    let nextHref: String?
    /// Newer accounts (the newest-first list only: search results page forward).
    var previousHref: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "query": { $0.query }, "caption": { $0.caption }, "rowsHTML": { $0.rowsHTML }, "hasRows": { !$0.rowsHTML.isEmpty },
        "noMatch": { $0.noMatch }, "isEmptyStore": { $0.isEmptyStore }, "problem": { $0.problem },
        "pageNumber": { $0.pageNumber }, "nextHref": { $0.nextHref }, "previousHref": { $0.previousHref },
    ]

    static func rows(_ users: [UserSummary], now: Date) -> String {
        var rows = TableRowsHTML(columns: ["Email", "Phone", "Age", "Points", "Streak", "Joined"], reservingCapacity: users.count * 300)
        for user in users {
            rows.row { row in
                row.linkCell(user.email, href: Site.user.href(user.uuid), note: user.suspension)
                row.cell(PhoneNumber.readable(user.phone))
                row.numberCell(user.age(on: now).map(String.init) ?? "?")
                row.numberCell(user.points.grouped)
                row.numberCell(String(user.currentStreak))
                row.cell(UTCDate.day(user.createdAt))
            }
        }
        return rows.html
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let user = UserSummary(row: [
            "id": 1, "uuid": Fixture.uuid, "email": hostile, "phone": hostile, "birthdate": "1990-01-01", "points": 1200,
            "current_streak": 3, "created_at": "2026-01-02 10:00:00.000", "suspended_until": nil,
        ])
        let suspended = UserSummary(row: [
            "id": 2, "uuid": Fixture.uuid, "email": hostile, "phone": hostile, "birthdate": "1990-01-01", "points": 1200,
            "current_streak": 3, "created_at": "2026-01-02 10:00:00.000", "suspended_until": "2026-12-01 09:00:00.000",
        ])
        return [
            Self(query: hostile, caption: hostile, rowsHTML: rows([user, suspended], now: .now), noMatch: false, isEmptyStore: false,
                 problem: nil, pageNumber: 2, nextHref: Site.users.href(["q": "a", "after": "b", "page": "3"])),
            Self(query: "", caption: "", rowsHTML: rows([user], now: .now), noMatch: false, isEmptyStore: false,
                 problem: nil, pageNumber: 3, nextHref: nil, previousHref: Site.users.href(["newer": "2026-01-02T10:00:00.000~1", "page": "2"])),
            Self(query: hostile, caption: "", rowsHTML: "", noMatch: true, isEmptyStore: false, problem: nil, pageNumber: 1, nextHref: nil),
            Self(query: hostile, caption: "", rowsHTML: "", noMatch: false, isEmptyStore: false, problem: hostile, pageNumber: 1, nextHref: nil),
            Self(query: "", caption: "", rowsHTML: "", noMatch: false, isEmptyStore: true, problem: nil, pageNumber: 1, nextHref: nil),
        ]
    }
}
