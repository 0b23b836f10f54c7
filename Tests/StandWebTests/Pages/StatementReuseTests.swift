import Foundation
import GRDB
import GRDBSQLite
import StandCore
import Synchronization
import Testing
@testable import StandWeb

/// Pages keep their statements prepared (`cachedStatement`) so that a view
/// costs the query, not its compilation. SQLite silently recompiles a cached
/// statement on every run when its plan depends on a bound value: a
/// parameter compared with the column of a partial index's `WHERE`
/// (`status = ?` against `suggestions_pending`) marks the statement to be
/// recompiled whenever it is bound again. That was 17% of /suggestions' CPU.
@Suite struct StatementReuseTests {
    @Test func everyPageRunsItsStatementsWithoutRecompilingThem() async throws {
        let console = try TestConsole()
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        _ = try DemoSeeder(store: console.store).run(.init(users: 40, days: 3, seed: 9))
        let (user, question, sweepstakes, request) = try await console.store.read { db in
            (try String.fetchOne(db, sql: "SELECT uuid FROM users ORDER BY id LIMIT 1")!,
             try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions ORDER BY id LIMIT 1")!,
             try Int64.fetchOne(db, sql: "SELECT id FROM sweepstakes ORDER BY id LIMIT 1")!,
             try Int64.fetchOne(db, sql: "SELECT id FROM deletion_requests ORDER BY id LIMIT 1")!)
        }
        let email = try await console.store.read { db in try String.fetchOne(db, sql: "SELECT email FROM users WHERE uuid = ?", arguments: [user])! }
        let pages = [
            "/", "/account", "/users", "/users?q=\(email.prefix(3))", "/users?q=\(email)", "/users/\(user)", "/users/\(user)/edit",
            "/users/\(user)/delete", "/questions", "/questions/new", "/questions/\(question)", "/questions/\(question)/edit",
            "/suggestions", "/suggestions?status=approved", "/suggestions?status=rejected",
            "/sweepstakes", "/sweepstakes/\(sweepstakes)", "/sweepstakes/\(sweepstakes)?q=\(email.prefix(3))",
            "/sweepstakes/\(sweepstakes)/entrant?user=\(user)", "/sweepstakes/\(sweepstakes)/draw",
            "/deletion-requests", "/deletion-requests?status=done", "/deletion-requests?status=cancelled", "/deletion-requests?status=all",
            "/deletion-requests/\(request)/cancel", "/staff",
            "/audit", "/audit?views=1", "/audit?action=user.updated", "/audit?staff=\(owner.id!)", "/audit?target=\(user)",
            "/audit?from=2020-01-01&through=2030-12-31", "/audit.csv?action=user.updated",
        ]
        try await console.runWithServices { browser, services in
            try await browser.signIn("owner@example.com")
            // Three times: cached statements are run again, on the reader the
            // first run left them on (GRDB hands out the first free reader).
            for _ in 1...3 {
                for path in pages {
                    let page = try await browser.get(path)
                    #expect(page.status.code < 400, "\(path): \(page.status)")
                }
                await services.accountViews.flush()
            }
        }
        let recompiled = try await Self.recompiledStatements(console.store)
        #expect(recompiled.isEmpty, "statements SQLite recompiled on every run:\n\(recompiled.joined(separator: "\n"))")
    }

    /// The SQL of every statement prepared on any of the store's connections
    /// that SQLite has had to recompile.
    static func recompiledStatements(_ store: StandStore) async throws -> [String] {
        var found = try await store.pool.writeWithoutTransaction { db in recompiled(db) }
        // One read per reader connection at once: each waits for the others, so
        // every one of them is taken (the pool opens any it has not yet).
        let readers = store.pool.configuration.maximumReaderCount
        let arrived = Barrier(parties: readers)
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<readers {
                group.addTask {
                    try await store.pool.read { db in
                        try arrived.wait()
                        return recompiled(db)
                    }
                }
            }
            for try await statements in group { found += statements }
        }
        return Array(Set(found)).sorted()
    }

    private static func recompiled(_ db: Database) -> [String] {
        var found: [String] = []
        var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
        while let current = statement {
            if sqlite3_stmt_status(current, SQLITE_STMTSTATUS_REPREPARE, 0) > 0, let sql = sqlite3_sql(current) {
                found.append(String(cString: sql).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
            statement = sqlite3_next_stmt(db.sqliteConnection, current)
        }
        return found
    }
}

/// Blocks each caller until `parties` have called `wait()`; gives up after ten seconds.
private final class Barrier: Sendable {
    private let parties: Int
    private let count = Mutex(0)

    init(parties: Int) { self.parties = parties }

    struct TimedOut: Error {}

    func wait() throws {
        count.withLock { $0 += 1 }
        let deadline = Date().addingTimeInterval(10)
        while count.withLock({ $0 }) < parties {
            guard Date() < deadline else { throw TimedOut() }
            usleep(1_000)
        }
    }
}
