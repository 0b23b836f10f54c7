import StandCore

/// Fixtures for the user lookup, edit and deletion pages.
extension TemplateFixtures {
    static let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"

    static func userPages(_ template: String) -> [Any] {
        switch template {
        case "users/index": usersIndexPages.map { PageContext(layout: ownerLayout, page: $0) }
        case "users/show": [PageContext(layout: ownerLayout, page: userPage(full: true)),
                            PageContext(layout: LayoutModel.fixture(role: .editor), page: userPage(full: false))]
        case "users/edit": userEditPages.map { PageContext(layout: ownerLayout, page: $0) }
        case "users/delete": [PageContext(layout: ownerLayout, page: deletionConfirmPage)]
        case "users/deleted": [
            PageContext(layout: ownerLayout, page: UserPageController.DeletedPage(
                Tombstone(row: ["uuid": uuid, "deleted_at": "2026-11-23 10:00:00.000", "deleted_by": 1, "staff_email": hostile, "reason": hostile,
                                "erased_at": nil]))),
            PageContext(layout: ownerLayout, page: UserPageController.DeletedPage(
                Tombstone(row: ["uuid": uuid, "deleted_at": "2026-11-23 10:00:00.000", "deleted_by": 1, "staff_email": hostile, "reason": hostile,
                                "erased_at": "2026-11-23 10:00:01.000"]))),
        ]
        default: []
        }
    }

    static var usersIndexPages: [UsersController.UsersPage] {
        let user = UserSummary(row: [
            "id": 1, "uuid": uuid, "email": hostile, "phone": hostile, "birthdate": "1990-01-01", "points": 1200,
            "current_streak": 3, "created_at": "2026-01-02 10:00:00.000",
        ])
        let rows = UsersController.rows([user, user], now: .now)
        return [
            .init(query: hostile, caption: hostile, rowsHTML: rows, hasRows: true, noMatch: false, isEmptyStore: false,
                  problem: nil, pageNumber: 2, nextHref: "/users?q=a&after=b&page=3"),
            .init(query: hostile, caption: "", rowsHTML: "", hasRows: false, noMatch: true, isEmptyStore: false,
                  problem: nil, pageNumber: 1, nextHref: nil),
            .init(query: hostile, caption: "", rowsHTML: "", hasRows: false, noMatch: false, isEmptyStore: false,
                  problem: hostile, pageNumber: 1, nextHref: nil),
            .init(query: "", caption: "", rowsHTML: "", hasRows: false, noMatch: false, isEmptyStore: true,
                  problem: nil, pageNumber: 1, nextHref: nil),
        ]
    }

    static func userPage(full: Bool) -> UserPageController.UserPage {
        UserPageController.UserPage(
            uuid: uuid, email: hostile, phone: "+15551234567", phoneReadable: "+1 555-123-4567", birthdate: "1990-02-28", age: "36",
            reminderTime: "08:30", reminderInstant: "2026-11-23T08:30:00Z", joined: "2025-01-02 10:00 UTC", joinedInstant: "2025-01-02T10:00:00Z",
            points: "1,200", currentStreak: 3, longestStreak: 40, lastStood: "2026-11-22", totalAnswers: "300",
            answersHTML: full ? UserPageController.answerRows([UserActivity.Answer(row: [
                "id": 1, "runs_on": "2026-11-22", "question": hostile, "choice": hostile, "answered_at": "2026-11-22 09:00:00.000",
            ])]) : "",
            hasAnswers: full, olderAnswersHref: full ? "/users/\(uuid)?answers_before=4#answers" : nil,
            newestAnswersHref: full ? "/users/\(uuid)#answers" : nil,
            entries: full ? [.init(name: hostile, status: "Open", entries: 12, voided: 1, grants: 13)] : [], hasEntries: full,
            requests: full ? [.init(id: 1, source: "Staff", status: "Pending", received: "2026-11-20 09:00 UTC", note: hostile)] : [],
            hasRequests: full, hasPendingRequest: false,
            eventsHTML: full ? UserPageController.eventRows(auditEvents) : "",
            hasEvents: full, viewsSummary: hostile,
            canEdit: full, canDelete: full, noteError: full ? hostile : nil, note: hostile)
    }

    static var auditEvents: [AuditEvent] {
        // The audit trail's own decoding, from a row as the store holds it.
        let event = try? AuditEvent(row: [
            "id": 1, "occurred_at": "2026-11-23 10:00:00.000", "staff_id": 1, "staff_email": hostile, "action": hostile,
            "target_type": "user", "target_id": uuid, "detail": hostile, "ip": nil,
        ])
        return event.map { [$0] } ?? []
    }

    static var userEditPages: [UserEditController.EditPage] {
        let fields = UserEdit.Fields(email: hostile, phone: hostile, birthdate: hostile, reminderTime: hostile)
        var invalid = UserEditController.EditPage(uuid: uuid, currentEmail: hostile, values: fields, original: fields)
        invalid.errors = FieldErrors(ValidationErrors("email", hostile))
        var conflict = UserEditController.EditPage(uuid: uuid, currentEmail: hostile, values: fields, original: fields)
        conflict.conflict = true
        conflict.conflictFields = "Email, Phone"
        conflict.typed = [.init(field: "Email", value: hostile)]
        return [invalid, conflict]
    }

    static var deletionConfirmPage: AccountDeletionController.ConfirmPage {
        var page = AccountDeletionController.ConfirmPage(uuid: uuid, email: hostile, phone: "+1 555-123-4567", birthdate: "1990-02-28",
                                                         answers: "2,000", entriesRemoved: "500", entriesKept: "3", suggestions: "1", openRequests: "1")
        page.confirmation = hostile
        page.reason = hostile
        page.errors = FieldErrors(ValidationErrors("confirmation", hostile))
        return page
    }

    static var deletionRequestPages: [Any] {
        typealias Page = DeletionRequestsController.DeletionRequestsPage
        let filters = [Page.Filter(value: "pending", title: "Pending", current: true), Page.Filter(value: "done", title: "Done", current: false)]
        let pending = Page.Row(id: 1, userUUID: uuid, accountExists: true, accountEmail: hostile, source: "App", received: "2026-11-20 09:00 UTC", ageInDays: 3,
                               resolved: "", resolvedBy: "", note: hostile, isPending: true, erasure: nil)
        let done = Page.Row(id: 2, userUUID: uuid, accountExists: false, accountEmail: nil, source: "Staff", received: "2026-11-20 09:00 UTC", ageInDays: 3,
                            resolved: "2026-11-21 09:00 UTC", resolvedBy: hostile, note: hostile, isPending: false,
                            erasure: "Erasure pending since 2026-11-21 09:00 UTC")
        var withError = Page(rows: [pending], isEmpty: false, status: "pending", isPending: true, filters: filters, nextHref: "/deletion-requests?status=pending&after=1")
        withError.errors = FieldErrors(ValidationErrors("reason", hostile))
        withError.failedRequestId = 1
        return [
            PageContext(layout: ownerLayout, page: withError),
            PageContext(layout: ownerLayout, page: Page(rows: [done], isEmpty: false, status: "done", isPending: false, filters: filters, nextHref: nil)),
            PageContext(layout: ownerLayout, page: Page(rows: [], isEmpty: true, status: "cancelled", isPending: false, filters: [], nextHref: nil)),
        ]
    }
}
