import Foundation
import StandTestSupport
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// The trigger-kept totals (migration 007) against a count of the entries
/// themselves, whoever writes them.
@Suite struct SweepstakesTotalsTests {
    /// Per entrant: valid/voided from the entrants table, and from the entries.
    static func kept(_ db: StoreDatabase, _ sweepstakesId: Int64) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT user_id || ':' || valid_entries || '/' || voided_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? ORDER BY user_id
            """, arguments: [sweepstakesId])
    }

    static func counted(_ db: StoreDatabase, _ sweepstakesId: Int64) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT user_id || ':' || SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) || '/' || SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
            FROM sweepstakes_entries WHERE sweepstakes_id = ? AND user_id IS NOT NULL GROUP BY user_id ORDER BY user_id
            """, arguments: [sweepstakesId])
    }

    static func totals(_ db: StoreDatabase, _ sweepstakesId: Int64) throws -> [Int] {
        let row = try StoreRow.fetchOne(db, sql: "SELECT entrants, valid_entries, voided_entries FROM sweepstakes_totals WHERE sweepstakes_id = ?", arguments: [sweepstakesId])!
        return [row[0], row[1], row[2]]
    }

    static func countedTotals(_ db: StoreDatabase, _ sweepstakesId: Int64) throws -> [Int] {
        let row = try StoreRow.fetchOne(db, sql: """
            SELECT (SELECT COUNT(DISTINCT user_id) FROM sweepstakes_entries WHERE sweepstakes_id = ?1 AND voided = 0 AND user_id IS NOT NULL),
                   COALESCE(SUM(CASE WHEN voided = 0 THEN quantity END), 0), COALESCE(SUM(CASE WHEN voided = 1 THEN quantity END), 0)
            FROM sweepstakes_entries WHERE sweepstakes_id = ?1
            """, arguments: [sweepstakesId])!
        return [row[0], row[1], row[2]]
    }

    @Test(.sqliteOnly) func totalsStayRightWhileAnotherConnectionWritesEntries() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let data = AppData(store: console.store)
        var madeUsers: [AppData.User] = []
        for index in 0..<12 { madeUsers.append(try await data.user(email: "u\(index)@example.com", phone: "+1555000\(1000 + index)")) }
        let users = madeUsers
        let sweepstakes = try await data.sweepstakes(name: "Winter", drawn: false)
        let app = try DatabaseQueue(path: console.configuration.databasePath)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            for batch in 0..<6 {
                try await app.write { db in
                    for index in 0..<(30 + batch * 5) {
                        let user = users[(index * 7 + batch) % users.count]
                        try db.execute(sql: "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (?, ?, ?, 'daily_stand', ?)",
                                       arguments: [sweepstakes, user.id, 1 + index % 3, "2026-10-0\(1 + batch) 10:00:00.000"])
                    }
                    // Voids, a move of quantity and a deletion, as another program might make them.
                    try db.execute(sql: "UPDATE sweepstakes_entries SET voided = 1 WHERE id IN (SELECT id FROM sweepstakes_entries WHERE voided = 0 ORDER BY id DESC LIMIT 3)")
                    try db.execute(sql: "UPDATE sweepstakes_entries SET quantity = quantity + 2 WHERE id = (SELECT MIN(id) FROM sweepstakes_entries)")
                    try db.execute(sql: "DELETE FROM sweepstakes_entries WHERE id = (SELECT MAX(id) FROM sweepstakes_entries)")
                }
                let page = try await browser.get("/sweepstakes/\(sweepstakes)")
                let (kept, counted, totals, countedTotals) = try await app.read { db in
                    let db = StoreDatabase(sqlite: db)
                    return (try Self.kept(db, sweepstakes), try Self.counted(db, sweepstakes), try Self.totals(db, sweepstakes), try Self.countedTotals(db, sweepstakes))
                }
                #expect(kept == counted, "batch \(batch)")
                #expect(totals == countedTotals, "batch \(batch)")
                #expect(page.body.contains("id=\"total-entrants\">\(countedTotals[0].grouped)<"), "batch \(batch)")
                #expect(page.body.contains("id=\"total-valid\">\(countedTotals[1].grouped)<"), "batch \(batch)")
                #expect(page.body.contains("id=\"total-voided\">\(countedTotals[2].grouped)<"), "batch \(batch)")
                // The days the page charts: every day of October, each with its valid entries as the entries count them.
                let days = try #require(try await SweepstakesAdmin(store: console.store).overview(id: sweepstakes, search: nil, after: nil)).days
                let countedDays = try await app.read { db in
                    try String.fetchAll(db, sql: """
                        SELECT substr(created_at, 1, 10) || '=' || SUM(quantity) FROM sweepstakes_entries
                        WHERE sweepstakes_id = ? AND voided = 0 GROUP BY substr(created_at, 1, 10) ORDER BY 1
                        """, arguments: [sweepstakes])
                }
                #expect(days.count == 31 && days.first?.day == "2026-10-01" && days.last?.day == "2026-10-31", "batch \(batch)")
                #expect(days.filter { $0.entries > 0 }.map { "\($0.day)=\($0.entries)" } == countedDays, "batch \(batch)")
            }
        }
        // A deleted account's entries detach: they stay in the totals, the entrant goes.
        try await console.store.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [users[0].id]) }
        let (kept, counted, totals, countedTotals) = try await console.store.read { db in
            (try Self.kept(db, sweepstakes), try Self.counted(db, sweepstakes), try Self.totals(db, sweepstakes), try Self.countedTotals(db, sweepstakes))
        }
        #expect(kept == counted)
        #expect(totals == countedTotals)
        #expect(!kept.contains { $0.hasPrefix("\(users[0].id):") })
    }

    @Test(.sqliteOnly) func theMigrationCountsEntriesWrittenBeforeIt() throws {
        let folder = try TemporaryFolder("stand-007")
        let path = folder.file("stand.sqlite")
        let queue = try DatabaseQueue(path: path)
        var migrator = StandMigrations.migrator
        try migrator.migrate(queue, upTo: "006_suggestion_review_notes")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.com', '+15550001000', 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, created_at) VALUES ('Old', 'Bike', '2026-10-01', '2026-10-31', '2026-09-01 00:00:00.000');
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, voided, created_at) VALUES
                    (1, 1, 3, 'daily_stand', 0, '2026-10-02 00:00:00.000'), (1, 1, 2, 'daily_stand', 1, '2026-10-03 00:00:00.000'),
                    (1, NULL, 4, 'daily_stand', 0, '2026-10-03 00:00:00.000');
                """)
        }
        migrator = StandMigrations.migrator
        try migrator.migrate(queue)
        let (kept, totals, daily) = try queue.read { db in
            let db = StoreDatabase(sqlite: db)
            return (try Self.kept(db, 1), try Self.totals(db, 1), try Int.fetchAll(db, sql: "SELECT valid_entries FROM sweepstakes_daily_entries ORDER BY day"))
        }
        #expect(kept == ["1:3/2"])
        #expect(totals == [1, 7, 2])
        #expect(daily == [3, 4])
    }
}
