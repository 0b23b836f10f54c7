import Foundation
import GRDB
import Hummingbird
@testable import StandCore
import Testing
@testable import StandWeb

@Suite struct DeletionRequestTests {
    @Test func pendingRequestsOldestFirstWithTheirAge() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let newer = try await data.user(email: "newer@example.com", phone: "+15552230001")
        let older = try await data.user(email: "older@example.com", phone: "+15552230002")
        let tenDaysAgo = StoreTimestamp.string(Date().addingTimeInterval(-10 * 86_400 - 60))
        try await data.deletionRequest(newer, createdAt: StoreTimestamp.string(Date().addingTimeInterval(-3_600)))
        try await data.deletionRequest(older, createdAt: tenDaysAgo)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/deletion-requests")
            #expect(page.status == .ok)
            let olderAt = try #require(page.body.range(of: older.uuid))
            let newerAt = try #require(page.body.range(of: newer.uuid))
            #expect(olderAt.lowerBound < newerAt.lowerBound)
            #expect(page.body.contains("10 d"))
            // Support sees who asked, not only a UUID.
            #expect(page.body.contains(">older@example.com</a>"))
            #expect(page.body.contains("0 d"))
        }
    }

    @Test func supportOpensARequestFromTheUserPageAndCancelsIt() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)")
            let opened = try await browser.post("/users/\(jane.uuid)/deletion-requests", ["note": "Phoned support on Monday"])
            #expect(opened.status == .seeOther)
            let userPage = try await browser.get(opened.location!)
            #expect(userPage.body.contains("Deletion request opened."))
            #expect(userPage.body.contains("Phoned support on Monday"))
            // One pending request is enough: no second form.
            #expect(!userPage.body.contains("action=\"/users/\(jane.uuid)/deletion-requests\""))
            let list = try await browser.get("/deletion-requests")
            #expect(list.body.contains(jane.uuid))
            // The list links to a confirmation page; nothing is cancelled by one click.
            let id = try #require(list.body.firstMatch(of: /href="\/deletion-requests\/(\d+)\/cancel">Cancel request…/).map { String($0.1) })
            let confirm = try await browser.get("/deletion-requests/\(id)/cancel")
            #expect(confirm.body.contains("Cancel request #\(id)?"))
            #expect(confirm.body.contains("jane@example.com"))
            #expect(confirm.body.contains("Phoned support on Monday"))
            let missingReason = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": " "])
            #expect(missingReason.status == .unprocessableContent)
            #expect(missingReason.body.contains("Say why the request is cancelled."))
            #expect(missingReason.body.contains("jane@example.com"))
            let cancelled = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": "Changed their mind"])
            #expect(cancelled.location == "/deletion-requests?done=cancelled&request=\(id)")
            let afterwards = try await browser.get(cancelled.location!)
            #expect(afterwards.body.contains("Request #\(id) for jane@example.com cancelled; the account stays."))
            let again = try await browser.post("/deletion-requests/\(id)/cancel", ["reason": "Changed their mind"])
            #expect(again.status == .conflict)
            #expect(again.body.contains("was already cancelled"))
            #expect(try await browser.get("/deletion-requests/\(id)/cancel").status == .conflict)
            let cancelledList = try await browser.get("/deletion-requests?status=cancelled")
            #expect(cancelledList.body.contains("Cancelled: Changed their mind"))
        }
        await #expect(try console.auditCount(.deletionRequestOpened) == 1)
        await #expect(try console.auditCount(.deletionRequestCancelled) == 1)
    }

    @Test func deletingTheAccountMarksItsRequestsDone() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await AppData(store: console.store).deletionRequest(jane)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)/delete")
            try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.email, "reason": "Request from the app"])
            // On PostgreSQL the background loop vacuums after the deletion; until then the page
            // names the deletion among those whose removal is pending.
            #expect(try await tombstoneErased(jane.uuid, in: console.store))
            let pending = try await browser.get("/deletion-requests")
            #expect(!pending.body.contains(jane.uuid))
            let done = try await browser.get("/deletion-requests?status=done")
            #expect(done.body.contains(jane.uuid))
            #expect(done.body.contains(">deleted</span>"))
            // When, by whom, how long it took, and the reason given, with the tombstone a click away.
            #expect(done.body.firstMatch(of: /Done \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by support@example.com, after \d+ days?/) != nil)
            #expect(done.body.contains("Deleted: Request from the app · <a href=\"/users/\(jane.uuid)\">tombstone</a>"))
            #expect(!done.body.contains("days old"))
        }
    }

    @Test func tabsCountEachStatusAndAllListsEveryRequest() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        for n in 1...3 {
            let user = try await data.user(email: "u\(n)@example.com", phone: "+1555223000\(n)")
            try await data.deletionRequest(user)
        }
        try await console.store.write { db in
            try db.execute(sql: "UPDATE deletion_requests SET status = 'cancelled', resolved_at = created_at WHERE id = 3")
        }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let pending = try await browser.get("/deletion-requests")
            #expect(pending.body.contains(#"aria-current="page" class="button">Pending <span class="count">2</span>"#))
            #expect(pending.body.contains(#"class="button">Cancelled <span class="count">1</span>"#))
            #expect(pending.body.contains(#"class="button">All <span class="count">3</span>"#))
            let all = try await browser.get("/deletion-requests?status=all")
            #expect(all.status == .ok)
            for n in 1...3 { #expect(all.body.contains("u\(n)@example.com")) }
            #expect(all.body.contains(#"aria-current="page" class="button">All"#))
            let unknown = try await browser.get("/deletion-requests?status=everything")
            #expect(unknown.status == .badRequest)
            #expect(unknown.body.contains("choose pending, done, cancelled or all"))
        }
    }

    /// PostgreSQL reads the page in one statement (`listPageInOneStatement`),
    /// SQLite statement by statement: on either engine both give the same
    /// requests, tab counts and incomplete deletions, on a first page, a later
    /// one, one status's and an empty one.
    @Test func thePageInOneStatementGivesWhatItsStatementsGive() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        for n in 0..<5 {
            let user = try await data.user(email: "q\(n)@example.com", phone: "+155522320\(n)")
            try await data.deletionRequest(user, createdAt: StoreTimestamp.string(Date().addingTimeInterval(Double(-60 * n))))
        }
        try await console.store.write { db in
            try db.execute(sql: "UPDATE deletion_requests SET status = 'done', resolved_at = created_at WHERE id % 2 = 0")
            // Two deletions whose erasure is pending: incomplete, listed by account.
            try db.execute(sql: """
                INSERT INTO deleted_accounts (uuid, deleted_at, deleted_by, reason)
                SELECT 'gone-' || n, '2026-01-0' || n || ' 00:00:00.000', (SELECT id FROM staff LIMIT 1), 'Asked'
                FROM (SELECT 1 AS n UNION ALL SELECT 2) AS two
                """)
        }
        let first = try await DeletionRequests(store: console.store).list(status: nil, after: nil, limit: 2, incompleteShown: 20)
        #expect(first.counts[.pending] == 3 && first.counts[.done] == 2 && first.incomplete.oldest.map(\.uuid) == ["gone-1", "gone-2"])
        let cases: [(status: DeletionRequest.Status?, after: Int64?, limit: Int)] = [
            (nil, nil, 2), (nil, try #require(first.requests.nextCursor), 2), (.pending, nil, 50), (.cancelled, nil, 50),
        ]
        for (status, after, limit) in cases {
            let (together, apart) = try await console.store.read { db in
                let counts = IncompleteDeletionCounts(lifetime: 0).reading()
                return (try DeletionRequest.listPageInOneStatement(db, status: status, after: after, limit: limit, incompleteShown: 20, incompleteCounts: counts),
                        try DeletionRequest.listPageStatementByStatement(db, status: status, after: after, limit: limit, incompleteShown: 20, incompleteCounts: counts))
            }
            let label = "status \(status?.rawValue ?? "all"), after \(String(describing: after))"
            #expect(together.requests.items == apart.requests.items && together.requests.nextCursor == apart.requests.nextCursor, "\(label)")
            #expect(together.counts == apart.counts && together.incomplete == apart.incomplete, "\(label)")
            #expect(apart.requests.items.isEmpty == (status == .cancelled), "\(label)")
        }
    }

    /// The list picks a page of requests first and joins only those to their
    /// accounts: paging forward through pending and through every status
    /// meets each request once, oldest first (ties by id), with its account's email.
    @Test func pagesOfRequestsComeOldestFirstOnceEachWithTheirAccounts() async throws {
        let console = try await TestConsole()
        let data = AppData(store: console.store)
        // Created out of order, two at the same moment; every third cancelled.
        let minutesAgo = [50, 10, 40, 40, 20, 60, 30], now = Date()
        for (n, minutes) in minutesAgo.enumerated() {
            let user = try await data.user(email: "p\(n)@example.com", phone: "+155522310\(n)")
            try await data.deletionRequest(user, createdAt: StoreTimestamp.string(now.addingTimeInterval(Double(-60 * minutes))))
        }
        try await console.store.write { db in
            try db.execute(sql: "UPDATE deletion_requests SET status = 'cancelled', resolved_at = created_at WHERE id % 3 = 0")
        }
        let expected = minutesAgo.enumerated().sorted { ($0.element, $1.offset) > ($1.element, $0.offset) }.map { "p\($0.offset)@example.com" }
        for status in [DeletionRequest.Status.pending, nil] {
            var seen: [String] = [], after: Int64? = nil
            repeat {
                let page = try await DeletionRequests(store: console.store).list(status: status, after: after, limit: 2, incompleteShown: 20).requests
                #expect(page.items.count <= 2)
                seen += page.items.map { $0.accountEmail ?? "?" }
                after = page.nextCursor
            } while after != nil
            let wanted = status == nil ? expected : expected.filter { email in
                let n = Int(email.dropFirst().prefix { $0.isNumber })!
                return (n + 1) % 3 != 0
            }
            #expect(seen == wanted, "status \(status?.rawValue ?? "all")")
        }
    }
}
