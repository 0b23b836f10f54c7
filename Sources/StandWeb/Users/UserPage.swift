import Foundation
import StandCore

/// `users/show`: one account — profile, stats, answers, entries, deletion
/// requests and what staff did to it.
struct UserPage: PageModel {
    static let template = "users/show"
    static let fixtureRoles: [StaffRole?] = [.owner, .editor]
    var title: String { email }

    struct Entries: MustacheFields {
        let sweepstakesId: Int64
        let name: String
        let status: String
        let entries: Int
        let voided: Int
        let grants: Int
        /// The account's entry rows in that sweepstakes, with the corrections.
        let href: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": { $0.name }, "status": { $0.status }, "entries": { $0.entries }, "voided": { $0.voided }, "grants": { $0.grants },
            "href": { $0.href },
        ]
    }

    struct Note: MustacheFields {
        let body: String
        let author: String
        let written: String

        static let fields: [String: @Sendable (Self) -> Any?] = ["body": { $0.body }, "author": { $0.author }, "written": { $0.written }]
    }

    struct Request: MustacheFields {
        let id: Int64
        let source: String
        let status: String
        let received: String
        let note: String?

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "source": { $0.source }, "status": { $0.status }, "received": { $0.received }, "note": { $0.note },
        ]
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
    let olderAnswersHref: String?
    let newestAnswersHref: String?
    let entries: [Entries]
    let requests: [Request]
    let hasPendingRequest: Bool
    /// `<tr>`s of when, staff, action, detail.
    let eventsHTML: String
    /// "Opened 12 times by staff, last by … at …" (the page views in the audit trail).
    let viewsSummary: String
    let canEdit: Bool
    let canDelete: Bool
    /// "Suspended until …, by …, because …" while a suspension is in force.
    var suspension: String?
    var signedOutEverywhere: String?
    /// Support and owners: suspend or lift, sign out everywhere, correct points and streak, write notes.
    var canSupport = false
    var notes: [Note] = []
    /// "2026-11-25 10:00 UTC by ana@…", newest first.
    var exports: [String] = []
    /// A refused note: its text kept, and why.
    var noteTyped = ""
    var noteErrors = FieldErrors()
    var noteError: String?
    var note = ""

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "email": { $0.email }, "phone": { $0.phone }, "phoneReadable": { $0.phoneReadable },
        "birthdate": { $0.birthdate }, "age": { $0.age }, "reminderTime": { $0.reminderTime }, "reminderInstant": { $0.reminderInstant },
        "joined": { $0.joined }, "joinedInstant": { $0.joinedInstant }, "points": { $0.points },
        "currentStreak": { $0.currentStreak }, "longestStreak": { $0.longestStreak }, "lastStood": { $0.lastStood },
        "totalAnswers": { $0.totalAnswers },
        "answersHTML": { $0.answersHTML }, "hasAnswers": { !$0.answersHTML.isEmpty },
        "olderAnswersHref": { $0.olderAnswersHref }, "newestAnswersHref": { $0.newestAnswersHref },
        "entries": { $0.entries }, "hasEntries": { !$0.entries.isEmpty },
        "requests": { $0.requests }, "hasRequests": { !$0.requests.isEmpty }, "hasPendingRequest": { $0.hasPendingRequest },
        "eventsHTML": { $0.eventsHTML }, "hasEvents": { !$0.eventsHTML.isEmpty },
        "viewsSummary": { $0.viewsSummary },
        "canEdit": { $0.canEdit }, "canDelete": { $0.canDelete },
        "suspension": { $0.suspension }, "signedOutEverywhere": { $0.signedOutEverywhere }, "canSupport": { $0.canSupport },
        "exports": { $0.exports }, "hasExports": { !$0.exports.isEmpty }, "exportHref": { Site.userExport.href($0.uuid) },
        "notes": { $0.notes }, "hasNotes": { !$0.notes.isEmpty }, "noteTyped": { $0.noteTyped },
        "noteErrors": { $0.noteErrors.leading("The note was not saved. Please fix:") }, "notesAction": { Site.userNotes.href($0.uuid) },
        "suspendHref": { Site.userSuspend.href($0.uuid) }, "timelineHref": { Site.userTimeline.href($0.uuid) }, "signOutAction": { Site.userSignOut.href($0.uuid) }, "statsHref": { Site.userStats.href($0.uuid) },
        "noteError": { $0.noteError }, "note": { $0.note },
        "usersHref": { _ in Site.users.href() },
        "editHref": { Site.userEdit.href($0.uuid) },
        "deleteHref": { Site.userDelete.href($0.uuid) },
        "openRequestAction": { Site.userDeletionRequests.href($0.uuid) },
    ]

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
        var rows = TableRowsHTML(columns: ["When", "Staff", "What happened", "Detail"], reservingCapacity: events.count * 200)
        for event in events {
            let words = AuditWording.describe(event)
            rows.row { row in
                row.cell(UTCDate.minute(event.occurredAt))
                row.cell(event.staffEmail ?? "—")
                row.cell(words)
                row.cell(AuditWording.detail(event, besides: words))
            }
        }
        return rows.html
    }

    static func viewsSummary(_ views: UserActivity.Views) -> String {
        guard views.count > 0, let at = views.lastAt else { return "No staff member has opened this page before." }
        let times = views.isOverLimit ? "more than \(UserActivity.Views.countLimit.grouped) times"
            : views.count == 1 ? "once" : "\(views.count.grouped) times"
        return "Opened by staff \(times) before this visit; last by \(views.lastBy ?? "unknown") at \(UTCDate.minute(at))."
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile, uuid = Fixture.uuid
        func page(full: Bool) -> Self {
            let answers = [UserActivity.Answer(row: [
                "id": 1, "runs_on": "2026-11-22", "question": hostile, "choice": hostile, "answered_at": "2026-11-22 09:00:00.000",
            ])]
            // The audit trail's own decoding, from a row as the store holds it.
            let events = (try? AuditEvent(row: [
                "id": 1, "occurred_at": "2026-11-23 10:00:00.000", "staff_id": 1, "staff_email": hostile, "action": hostile,
                "target_type": "user", "target_id": uuid, "detail": hostile, "ip": nil,
            ])).map { [$0] } ?? []
            return Self(
                uuid: uuid, email: hostile, phone: "+15551234567", phoneReadable: "+1 555-123-4567", birthdate: "1990-02-28", age: "36",
                reminderTime: "08:30", reminderInstant: "2026-11-23T08:30:00Z", joined: "2025-01-02 10:00 UTC", joinedInstant: "2025-01-02T10:00:00Z",
                points: "1,200", currentStreak: 3, longestStreak: 40, lastStood: "2026-11-22", totalAnswers: "300",
                answersHTML: full ? answerRows(answers) : "",
                olderAnswersHref: full ? Site.user.href(uuid, ["answers_before": "4"], fragment: "answers") : nil,
                newestAnswersHref: full ? Site.user.href(uuid, fragment: "answers") : nil,
                entries: full ? [Entries(sweepstakesId: 1, name: hostile, status: "Open", entries: 12, voided: 1, grants: 13,
                                          href: Site.sweepstakesEntrant.href(1, ["user": Fixture.uuid]))] : [],
                requests: full ? [Request(id: 1, source: "Staff", status: "Pending", received: "2026-11-20 09:00 UTC", note: hostile)] : [],
                hasPendingRequest: !full,
                eventsHTML: full ? eventRows(events) : "", viewsSummary: hostile,
                canEdit: full, canDelete: full, noteError: full ? hostile : nil, note: hostile)
        }
        var suspended = page(full: true)
        suspended.suspension = hostile
        suspended.signedOutEverywhere = hostile
        suspended.canSupport = true
        suspended.notes = [Note(body: hostile + "\nsecond line", author: hostile, written: "2026-11-24 10:00 UTC")]
        suspended.noteTyped = hostile
        suspended.exports = [hostile]
        suspended.noteErrors = FieldErrors(ValidationErrors("body", hostile))
        return [suspended, page(full: false)]
    }
}

extension UserPage {
    init(_ record: UserOverview.Live, answersBefore: Int64?, canEdit: Bool, canDelete: Bool, now: Date = Date()) {
        let account = record.account
        self.init(
            uuid: account.uuid, email: account.email, phone: account.phone, phoneReadable: PhoneNumber.readable(account.phone),
            birthdate: account.birthdate, age: account.age(on: now).map(String.init) ?? "?",
            reminderTime: account.reminderTime, reminderInstant: UTCDate.day(now) + "T" + account.reminderTime + ":00Z",
            joined: UTCDate.minute(account.createdAt), joinedInstant: UTCDate.iso8601(account.createdAt),
            points: account.points.grouped, currentStreak: account.currentStreak, longestStreak: account.longestStreak,
            lastStood: account.lastStoodOn ?? "never", totalAnswers: record.answerCount.grouped,
            answersHTML: Self.answerRows(record.answers.items),
            olderAnswersHref: record.answers.nextCursor.map { Site.user.href(account.uuid, ["answers_before": String($0)], fragment: "answers") },
            newestAnswersHref: answersBefore == nil ? nil : Site.user.href(account.uuid, fragment: "answers"),
            entries: record.entries.map {
                Entries(sweepstakesId: $0.sweepstakesId, name: $0.name, status: $0.status.capitalized, entries: $0.entries, voided: $0.voided,
                        grants: $0.grants, href: Site.sweepstakesEntrant.href($0.sweepstakesId, ["user": record.account.uuid]))
            },
            requests: record.requests.map { Request(id: $0.id, source: $0.source == "app" ? "App" : "Staff", status: $0.status.rawValue.capitalized,
                                                    received: UTCDate.minute($0.createdAt), note: $0.note) },
            hasPendingRequest: record.requests.contains { $0.status == .pending },
            eventsHTML: Self.eventRows(record.events),
            viewsSummary: Self.viewsSummary(record.views),
            canEdit: canEdit, canDelete: canDelete)
        suspension = record.suspension.map { "Suspended " + AccountSuspensions.details($0) }
        signedOutEverywhere = account.tokensValidAfter.map(UTCDate.minute)
        exports = record.exports.map { UTCDate.minute($0.at) + " by " + ($0.by ?? "a former staff member") }
        notes = record.notes.map { Note(body: $0.body, author: $0.author ?? "a former staff member", written: UTCDate.minute($0.createdAt)) }
    }
}
