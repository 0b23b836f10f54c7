import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}`: one account — profile, stats, answers, entries, deletion
/// requests and what staff did to it — or, once deleted, its tombstone.
struct UserPageController {
    let store: StandStore
    let renderer: PageRenderer
    let views: AccountViewRecorder
    static let answersPerPage = 20
    static let auditEventsShown = 20

    struct UserPage: Sendable {
        struct Entries: Sendable {
            let name: String
            let status: String
            let entries: Int
            let voided: Int
            let grants: Int
        }
        struct Request: Sendable {
            let id: Int64
            let source: String
            let status: String
            let received: String
            let note: String?
        }
        let uuid: String
        let email: String
        let phone: String
        let phoneReadable: String
        let birthdate: String
        let age: String
        let reminderTime: String
        /// Today at the reminder time, for the browser to show in the viewer's zone.
        let reminderInstant: String
        let joined: String
        let joinedInstant: String
        let points: String
        let currentStreak: Int
        let longestStreak: Int
        let lastStood: String
        let totalAnswers: String
        /// `<tr>`s of day, question, answer, when (see `TableRowsHTML`).
        let answersHTML: String
        let hasAnswers: Bool
        let olderAnswersHref: String?
        let newestAnswersHref: String?
        let entries: [Entries]
        let hasEntries: Bool
        let requests: [Request]
        let hasRequests: Bool
        let hasPendingRequest: Bool
        /// `<tr>`s of when, staff, action, detail.
        let eventsHTML: String
        let hasEvents: Bool
        let canEdit: Bool
        let canDelete: Bool
        var noteError: String?
        var note = ""
    }

    struct DeletedPage: Sendable {
        let uuid: String
        let deletedAt: String
        let deletedAtInstant: String
        let deletedBy: String
        let reason: String

        init(_ tombstone: Tombstone) {
            uuid = tombstone.uuid
            deletedAt = UTCDate.minute(tombstone.deletedAt)
            deletedAtInstant = UTCDate.iso8601(tombstone.deletedAt)
            deletedBy = tombstone.deletedByEmail ?? "staff #\(tombstone.deletedBy)"
            reason = tombstone.reason
        }
    }

    struct OpenRequestForm: Decodable {
        var note: String?
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>, deleters: RouterGroup<AppRequestContext>) {
        group.get("/users/{uuid}", use: show)
        deleters.post("/users/{uuid}/deletion-requests", use: openRequest)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        if uuid != context.parameters.get("uuid") {
            return .redirect(to: "/users/\(uuid)", type: .permanent)
        }
        let before = request.uri.queryParameters["answers_before"].flatMap { Int64(String($0)) }
        let notice = Self.notices[request.uri.queryParameters["done"].map(String.init) ?? ""]
        return try await render(uuid: uuid, answersBefore: before, request: request, context: context, notice: notice)
    }

    @Sendable func openRequest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = (try? await request.decode(as: OpenRequestForm.self, context: context)) ?? OpenRequestForm()
        do {
            guard try await DeletionRequests.open(store, uuid: uuid, note: form.note ?? "", by: context.auditActor) != nil else {
                return .redirect(to: "/users/\(uuid)")
            }
            return .redirect(to: "/users/\(uuid)?done=request#deletion-requests")
        } catch let errors as ValidationErrors {
            return try await render(uuid: uuid, answersBefore: nil, request: request, context: context, notice: nil) { page in
                page.noteError = errors["note"]
                page.note = form.note ?? ""
            }
        }
    }

    static let notices = [
        "edit": "Saved. The change is in the audit trail below.",
        "unchanged": "Nothing was changed: the form held the values the account already has.",
        "deleted": "The account was deleted. Its personal data is erased from the store; this record is what remains.",
        "request": "Deletion request opened. It is listed under Deletion requests until the account is deleted or the request cancelled.",
    ]

    private func render(
        uuid: String, answersBefore: Int64?, request: Request, context: AppRequestContext, notice: String?,
        adjust: (inout UserPage) -> Void = { _ in }
    ) async throws -> Response {
        let found = try context.timing.measure(.db) { try store.pool.read { db in try UserOverview.load(db, uuid: uuid, answersBefore: answersBefore, answersLimit: Self.answersPerPage, eventsLimit: Self.auditEventsShown) } }
        switch found {
        case .none:
            throw HTTPError(.notFound, message: "No account has the UUID \(uuid), and none with it was deleted.")
        case .deleted(let tombstone):
            return try renderer.render("users/deleted", title: "Deleted account", page: DeletedPage(tombstone), request: request, context: context, notice: notice)
        case .live(let record):
            views.record(uuid: uuid, by: context.auditActor)
            var page = makePage(record, answersBefore: answersBefore, context: context)
            adjust(&page)
            let status: HTTPResponse.Status = page.noteError == nil ? .ok : .unprocessableContent
            return try renderer.render("users/show", title: record.account.email, page: page, request: request, context: context, status: status, notice: notice)
        }
    }

    private func makePage(_ record: UserOverview.Live, answersBefore: Int64?, context: AppRequestContext) -> UserPage {
        let account = record.account
        let now = Date()
        let reminderInstant = UTCDate.day(now) + "T" + account.reminderTime + ":00Z"
        return UserPage(
            uuid: account.uuid, email: account.email, phone: account.phone, phoneReadable: PhoneNumber.readable(account.phone),
            birthdate: account.birthdate, age: account.age(on: now).map(String.init) ?? "?",
            reminderTime: account.reminderTime, reminderInstant: reminderInstant,
            joined: UTCDate.minute(account.createdAt), joinedInstant: UTCDate.iso8601(account.createdAt),
            points: account.points.grouped, currentStreak: account.currentStreak, longestStreak: account.longestStreak,
            lastStood: account.lastStoodOn ?? "never", totalAnswers: record.answerCount.grouped,
            answersHTML: Self.answerRows(record.answers.items),
            hasAnswers: !record.answers.items.isEmpty,
            olderAnswersHref: record.answers.nextCursor.map { "/users/\(account.uuid)?answers_before=\($0)#answers" },
            newestAnswersHref: answersBefore == nil ? nil : "/users/\(account.uuid)#answers",
            entries: record.entries.map { .init(name: $0.name, status: $0.status.capitalized, entries: $0.entries, voided: $0.voided, grants: $0.grants) },
            hasEntries: !record.entries.isEmpty,
            requests: record.requests.map { .init(id: $0.id, source: $0.source == "app" ? "App" : "Staff", status: $0.status.rawValue.capitalized,
                                                  received: UTCDate.minute($0.createdAt), note: $0.note) },
            hasRequests: !record.requests.isEmpty,
            hasPendingRequest: record.requests.contains { $0.status == .pending },
            eventsHTML: Self.eventRows(record.events),
            hasEvents: !record.events.isEmpty,
            canEdit: context.can(.editUsers), canDelete: context.can(.deleteAccounts)
        )
    }

    static func answerRows(_ answers: [UserActivity.Answer]) -> String {
        var rows = TableRowsHTML(reservingCapacity: answers.count * 160)
        for answer in answers {
            rows.row { row in
                row.cell(answer.runsOn)
                row.cell(answer.question)
                row.cell(answer.choice)
                row.cell(UTCDate.minute(answer.answeredAt))
            }
        }
        return rows.html
    }

    static func eventRows(_ events: [AuditEvent]) -> String {
        var rows = TableRowsHTML(reservingCapacity: events.count * 140)
        for event in events {
            rows.row { row in
                row.cell(UTCDate.minute(event.occurredAt))
                row.cell(event.staffEmail ?? "—")
                row.codeCell(event.action)
                row.cell(event.detail ?? "")
            }
        }
        return rows.html
    }
}

/// The `{uuid}` of `/users/{uuid}/…` in canonical form; anything else is a 404.
enum UserRoute {
    static func uuid(_ context: AppRequestContext) throws -> String {
        guard let raw = context.parameters.get("uuid"), let uuid = UserQuery.canonicalUUID(raw) else {
            throw HTTPError(.notFound, message: "That is not an account's address: account UUIDs are 32 hexadecimal digits.")
        }
        return uuid
    }
}
