import Foundation
import GRDB
@testable import StandCore
import Testing
@testable import StandWeb

/// Issue 22: one timeline per account: every kind in time order, 50 a page
/// by keyset (pages joined give the whole history once, in order), filtered
/// by kind, each item linked to its page.
@Suite struct TimelineTests {
    struct Scene {
        let console: TestConsole
        let user: AppData.User
        let sweepstakes: Int64
    }

    /// 120 answers over four months, entries, a suggestion, a deletion request, a suspension,
    /// two notes and a points correction, some at the same instant (ties).
    static func scene() async throws -> Scene {
        let console = try await TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        let actor = AuditActor(staffId: owner.id, email: owner.email, ip: nil)
        let data = AppData(store: console.store)
        let user = try await data.user(email: "ana@example.com", phone: "+15550001000")
        let other = try await data.user(email: "bo@example.com", phone: "+15550001001")
        let start = UTCDate.parseDay("2026-07-01")!
        for day in 0..<120 {
            let date = UTCDate.adding(days: day, to: start)
            let question = try await data.question(day: UTCDate.day(date), text: "Question of \(UTCDate.day(date))?")
            try await data.answer(user, question: question, choice: day % 2, at: StoreTimestamp.string(date.addingTimeInterval(9 * 3600)))
            try await data.answer(other, question: question, choice: 0, at: StoreTimestamp.string(date.addingTimeInterval(9 * 3600)))
        }
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)
        try await data.entries(user, sweepstakes: sweepstakes, count: 3)  // 2026-10-05 00:00, three rows at one instant
        try await data.suggestion(user, text: "Cats or dogs, again?", createdAt: "2026-10-05 00:00:00.000")
        try await data.deletionRequest(user, createdAt: "2026-10-20 12:00:00.000")
        let november = UTCDate.parseDay("2026-11-01")!
        try await AccountSuspensions(store: console.store).suspend(uuid: user.uuid, until: november.addingTimeInterval(86_400), reason: "Review",
                                                                  by: actor, now: november)
        try await AccountNotes(store: console.store).add(uuid: user.uuid, body: "Called about the review", by: actor, now: november)
        try await AccountNotes(store: console.store).add(uuid: user.uuid, body: "Second call", by: actor, now: november.addingTimeInterval(60))
        try await StatsCorrections(store: console.store).addPoints(uuid: user.uuid, delta: 50, reason: "Outage", by: actor,
                                                                  now: november.addingTimeInterval(120))
        return Scene(console: console, user: user, sweepstakes: sweepstakes)
    }

    @Test func pagesJoinedGiveTheWholeHistoryOnceNewestFirst() async throws {
        let scene = try await Self.scene()
        let timeline = AccountTimeline(store: scene.console.store)
        let everything = try #require(try await timeline.page(uuid: scene.user.uuid, limit: 1_000)).items
        // 120 answers, 3 entries, 1 suggestion, 1 request, 1 suspension, 2 notes, 1 staff action (the correction).
        #expect(everything.count == 129)
        #expect(Dictionary(grouping: everything, by: \.kind).mapValues(\.count)
            == [.answer: 120, .entry: 3, .suggestion: 1, .deletionRequest: 1, .suspension: 1, .note: 2, .staff: 1])
        #expect(everything == everything.sorted { ($0.at, $0.kind, $0.id) > ($1.at, $1.kind, $1.id) })
        #expect(everything.first?.kind == .staff && everything.first?.text == "user.points_corrected")
        var paged: [AccountTimeline.Item] = []
        var cursor: AccountTimeline.Cursor?
        var pages = 0
        repeat {
            let page = try #require(try await timeline.page(uuid: scene.user.uuid, after: cursor))
            #expect(page.items.count <= 50)
            paged += page.items
            cursor = page.next
            pages += 1
        } while cursor != nil && pages < 10
        #expect(pages == 3)
        #expect(paged == everything, "three pages joined are the whole history, once, in order")
        // Cursors inside a tie (a suggestion and three entries at one instant) go on after them, not past the others:
        // after the suggestion come the entries of the same instant (a kind ranked before), then entry by entry.
        let first = try #require(try await timeline.page(uuid: scene.user.uuid, kinds: [.entry, .suggestion], limit: 1))
        #expect(first.items.map(\.kind) == [.suggestion])
        let second = try #require(try await timeline.page(uuid: scene.user.uuid, kinds: [.entry, .suggestion], after: first.next, limit: 2))
        #expect(second.items.map(\.kind) == [.entry, .entry])
        let rest = try #require(try await timeline.page(uuid: scene.user.uuid, kinds: [.entry, .suggestion], after: second.next, limit: 2))
        #expect(rest.items.map(\.kind) == [.entry] && rest.next == nil)
        #expect(Set((first.items + second.items + rest.items).map { "\($0.kind)#\($0.id)" }).count == 4)
    }

    /// PostgreSQL reads a page's kinds in one statement (`pageQuery`), SQLite
    /// one statement per kind: on either engine both give the same items,
    /// first page, a later one and a filtered one.
    @Test func everyKindInOneStatementGivesWhatAStatementPerKindGives() async throws {
        let scene = try await Self.scene()
        let first = try #require(try await AccountTimeline(store: scene.console.store).page(uuid: scene.user.uuid))
        let cursor = try #require(first.next)
        let every = Set(AccountTimeline.Kind.allCases)
        let cases: [(kinds: Set<AccountTimeline.Kind>, after: AccountTimeline.Cursor?)] = [(every, nil), (every, cursor), ([.answer, .note], cursor)]
        for (kinds, after) in cases {
            let (together, apart) = try await scene.console.store.read { db in
                let userId = try #require(try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE uuid = ?", arguments: [scene.user.uuid]))
                let (sql, arguments) = AccountTimeline.pageQuery(kinds: kinds, userId: userId, uuid: scene.user.uuid, after: after, limit: 51)
                let together = try StoreRow.fetchAll(db, sql: sql, arguments: arguments).map { "\($0["kind"] as String)#\($0["id"] as Int64)@\($0["at"] as String)" }
                let apart = try AccountTimeline.Kind.allCases.filter(kinds.contains).flatMap { kind in
                    let (sql, arguments) = AccountTimeline.query(kind: kind, userId: userId, uuid: scene.user.uuid, after: after, limit: 51)
                    return try StoreRow.fetchAll(db, sql: sql, arguments: arguments).map { "\(kind.rawValue)#\($0["id"] as Int64)@\($0["at"] as String)" }
                }
                return (together, apart)
            }
            #expect(together.sorted() == apart.sorted() && !apart.isEmpty, "kinds \(kinds.map { $0.rawValue }.sorted()), after \(String(describing: after))")
        }
    }

    @Test func thePageFiltersByKindLinksEachItemAndRefusesAForgedCursor() async throws {
        let scene = try await Self.scene()
        try await scene.console.createStaff("editor@example.com", role: .editor)
        try await scene.console.run { browser in
            try await browser.signIn("editor@example.com")
            let first = try await browser.get("/users/\(scene.user.uuid)/timeline")
            #expect(first.status == .ok)
            #expect(first.body.contains("Corrected the points: 120 → 170 (+50): Outage"))
            #expect(first.body.contains(">Second call</a>") && first.body.contains("href=\"/users/\(scene.user.uuid)#notes\""))
            #expect(first.body.contains("Suspended: Review") && first.body.contains("Deletion requested in the app"))
            #expect(first.body.contains("rel=\"next\""))
            // An editor cannot open the audit log or the suspension page: the links lead to the account's page instead.
            #expect(!first.body.contains("href=\"/audit?") && !first.body.contains("/suspend\""))
            #expect(first.body.contains("href=\"/users/\(scene.user.uuid)#staff-actions\""))
            let entries = try await browser.get("/users/\(scene.user.uuid)/timeline?kind=entry")
            #expect(entries.body.contains("href=\"/sweepstakes/\(scene.sweepstakes)/entrant?user=\(scene.user.uuid)\"") && !entries.body.contains("Second call"))
            #expect(entries.body.contains("1 for a stand"))
            let answers = try await browser.get("/users/\(scene.user.uuid)/timeline?kind=answer")
            #expect(answers.body.contains("Question of 2026-10-28?") && answers.body.contains("href=\"/questions/"))
            #expect(try await browser.get("/users/\(scene.user.uuid)/timeline?kind=everything").status == .badRequest)
            #expect(try await browser.get("/users/\(scene.user.uuid)/timeline?after=2026-11-01~note~x").status == .badRequest)
            #expect(try await browser.get("/users/\(scene.user.uuid)/timeline?after=yesterday").status == .badRequest)
        }
    }
}
