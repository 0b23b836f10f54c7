import Foundation
import GRDB
import GRDBSQLite
import StandCore
import Synchronization
import StandTestSupport
import Testing
@testable import StandWeb

/// Pages keep their statements prepared (`cachedStatement`) so that a view
/// costs the query, not its compilation. SQLite silently recompiles a cached
/// statement on every run when its plan depends on a bound value: a
/// parameter compared with the column of a partial index's `WHERE`
/// (`status = ?` against `suggestions_pending`) marks the statement to be
/// recompiled whenever it is bound again. That was 17% of /suggestions' CPU.
@Suite(.sqliteOnly) struct StatementReuseTests {
    @Test func everyPageRunsItsStatementsWithoutRecompilingThem() async throws {
        let console = try await TestConsole()
        let pages = try await Self.seededPages(console)
        try await Self.visit(pages, times: 3, on: console)
        let recompiled = try await Self.onEveryConnection(console.store) { db in Self.preparedStatements(db, recompiledOnly: true) }
        #expect(recompiled.isEmpty, "statements SQLite recompiled on every run:\n\(recompiled.joined(separator: "\n"))")
    }

    /// A statement prepared for one view and thrown away costs its compilation
    /// (and GRDB's authorizer pass over it) on every view: page queries use
    /// `cachedStatement`. Every statement a connection ran must still be in its
    /// cache afterwards, except the transaction brackets GRDB runs itself.
    /// Readers only: the writer also serves background work (the erasure loop's
    /// retries) that would come and go with the timing of the run.
    @Test func everyPageQueryIsACachedStatement() async throws {
        let console = try await TestConsole()
        let pages = try await Self.seededPages(console)
        let ran = Mutex<Set<String>>([])
        // Traced from after sign-in: signing in happens once a session, not once a view.
        try await Self.visit(pages, times: 2, on: console) {
            _ = try await Self.onEveryConnection(console.store, writer: false) { db in
                db.trace(options: .statement) { event in
                    if case .statement(let statement) = event { ran.withLock { _ = $0.insert(Self.oneLine(statement.sql)) } }
                }
                return []
            }
        }
        let cached = Set(try await Self.onEveryConnection(console.store, writer: false) { db in
            db.trace(options: .statement, nil)
            return Self.preparedStatements(db, recompiledOnly: false)
        })
        let transactionBrackets: Set<String> = ["BEGIN DEFERRED TRANSACTION", "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION", "ROLLBACK TRANSACTION"]
        // A SQLite built without tracing (SQLITE_OMIT_TRACE) would leave this empty and the test blind.
        #expect(ran.withLock { $0.count } > 20, "the trace saw \(ran.withLock { $0.count }) statements")
        let fresh = ran.withLock { $0 }.subtracting(cached).subtracting(transactionBrackets).sorted()
        #expect(fresh.isEmpty, "statements prepared afresh for each view:\n\(fresh.joined(separator: "\n"))")
    }

    /// Every signed-in page, with its filters, on demo data.
    static func seededPages(_ console: TestConsole) async throws -> [String] {
        try await console.createStaff("owner@example.com", role: .owner)
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 40, days: 3, seed: 9))
        return try await console.store.read { db in
            let user = try String.fetchOne(db, sql: "SELECT uuid FROM users ORDER BY id LIMIT 1")!
            let email = try String.fetchOne(db, sql: "SELECT email FROM users WHERE uuid = ?", arguments: [user])!
            let question = try Int64.fetchOne(db, sql: "SELECT id FROM daily_questions ORDER BY id LIMIT 1")!
            let sweepstakes = try Int64.fetchOne(db, sql: "SELECT id FROM sweepstakes ORDER BY id LIMIT 1")!
            let request = try Int64.fetchOne(db, sql: "SELECT id FROM deletion_requests ORDER BY id LIMIT 1")!
            let owner = try Int64.fetchOne(db, sql: "SELECT id FROM staff ORDER BY id LIMIT 1")!
            return [
                "/", "/account", "/users", "/users?q=\(email.prefix(3))", "/users?q=\(email)", "/users/\(user)", "/users/\(user)/edit",
                "/users/\(user)/delete", "/questions", "/questions/new", "/questions/\(question)", "/questions/\(question)/edit",
                "/suggestions", "/suggestions?status=approved", "/suggestions?status=rejected",
                "/sweepstakes", "/sweepstakes/\(sweepstakes)", "/sweepstakes/\(sweepstakes)?q=\(email.prefix(3))",
                "/sweepstakes/\(sweepstakes)/entrant?user=\(user)", "/sweepstakes/\(sweepstakes)/draw",
                "/deletion-requests", "/deletion-requests?status=done", "/deletion-requests?status=cancelled", "/deletion-requests?status=all",
                "/deletion-requests/\(request)/cancel", "/staff",
                "/audit", "/audit?views=1", "/audit?action=user.updated", "/audit?staff=\(owner)", "/audit?target=\(user)",
                "/audit?from=2020-01-01&through=2030-12-31", "/audit.csv?action=user.updated",
            ]
        }
    }

    /// Signed in as the owner, each page `times` times in a row: cached
    /// statements are run again on the reader the first run left them on
    /// (GRDB hands out the first free reader).
    static func visit(_ pages: [String], times: Int, on console: TestConsole,
                      signedIn: @Sendable () async throws -> Void = {}) async throws {
        try await console.runWithServices { browser, services in
            try await browser.signIn("owner@example.com")
            try await signedIn()
            for _ in 1...times {
                for path in pages {
                    let page = try await browser.get(path)
                    #expect(page.status.code < 400, "\(path): \(page.status)")
                }
                await services.accountViews.flush()
            }
        }
    }

    /// `body` on every reader connection (and the writer, unless told not to); their results together, once each.
    static func onEveryConnection(_ store: StandStore, writer: Bool = true,
                                  _ body: @escaping @Sendable (Database) -> [String]) async throws -> [String] {
        var found = writer ? try await store.pool.writeWithoutTransaction { db in body(db) } : []
        // One read per reader connection at once: each waits for the others, so
        // every one of them is taken (the pool opens any it has not yet).
        let readers = store.pool.configuration.maximumReaderCount
        let arrived = Barrier(parties: readers)
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<readers {
                group.addTask {
                    try await store.pool.read { db in
                        try arrived.wait()
                        return body(db)
                    }
                }
            }
            for try await statements in group { found += statements }
        }
        return Array(Set(found)).sorted()
    }

    /// The SQL of the statements prepared on this connection (those SQLite has had to recompile, or all).
    static func preparedStatements(_ db: Database, recompiledOnly: Bool) -> [String] {
        var found: [String] = []
        var statement = sqlite3_next_stmt(db.sqliteConnection, nil)
        while let current = statement {
            if !recompiledOnly || sqlite3_stmt_status(current, SQLITE_STMTSTATUS_REPREPARE, 0) > 0, let sql = sqlite3_sql(current) {
                found.append(oneLine(String(cString: sql)))
            }
            statement = sqlite3_next_stmt(db.sqliteConnection, current)
        }
        return found
    }

    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: \.isWhitespace).joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ";"))
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
