import Foundation
import StandCore

/// What the user page and the tombstone page show.
extension UserPageController {
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
        /// "Opened 12 times by staff, last by … at …" (the page views in the audit trail).
        let viewsSummary: String
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
        /// "Erased at …" once the bytes left the store, else "Erasure pending since …".
        let erasure: String
        let erasureInstant: String
        let isErased: Bool

        init(_ tombstone: Tombstone) {
            uuid = tombstone.uuid
            deletedAt = UTCDate.minute(tombstone.deletedAt)
            deletedAtInstant = UTCDate.iso8601(tombstone.deletedAt)
            deletedBy = tombstone.deletedByEmail ?? "staff #\(tombstone.deletedBy)"
            reason = tombstone.reason
            isErased = tombstone.isErased
            erasure = Self.erasureState(deletedAt: tombstone.deletedAt, erasedAt: tombstone.erasedAt)
            erasureInstant = UTCDate.iso8601(tombstone.erasedAt ?? tombstone.deletedAt)
        }

        static func erasureState(deletedAt: Date, erasedAt: Date?) -> String {
            if let erasedAt { return "Erased at \(UTCDate.minute(erasedAt)) UTC" }
            return "Erasure pending since \(UTCDate.minute(deletedAt)) UTC: another program still reads an older snapshot of the store"
        }
    }

    func makePage(_ record: UserOverview.Live, answersBefore: Int64?, context: AppRequestContext) -> UserPage {
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
            viewsSummary: Self.viewsSummary(record.views),
            canEdit: context.can(.editUsers), canDelete: context.can(.deleteAccounts)
        )
    }

    static func viewsSummary(_ views: UserActivity.Views) -> String {
        guard views.count > 0, let at = views.lastAt else { return "No staff member has opened this page before." }
        let times = views.count == 1 ? "once" : "\(views.count.grouped) times"
        return "Opened by staff \(times) before this visit; last by \(views.lastBy ?? "unknown") at \(UTCDate.minute(at))."
    }

    static func answerRows(_ answers: [UserActivity.Answer]) -> String {
        var rows = TableRowsHTML(columns: ["Day", "Question", "Answer", "Answered"], reservingCapacity: answers.count * 220)
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
        var rows = TableRowsHTML(columns: ["When", "Staff", "Action", "Detail"], reservingCapacity: events.count * 200)
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
