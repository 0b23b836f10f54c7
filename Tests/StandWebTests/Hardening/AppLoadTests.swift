import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing

/// `scripts/app-load` plays the app's backend on the shared store: what its
/// summary says it wrote is what the store holds afterwards, written with a
/// SQLite that has no WAL-reset bug, and it refuses what docs/store.md says
/// the app refuses.
@Suite struct AppLoadTests {
    /// On PostgreSQL the script needs psycopg, which scripts/test installs into .venv.
    static var python: String {
        TestDatabase.isPostgres ? TestConsole.root.appendingPathComponent(".venv/bin/python").path : "python3"
    }

    @Test func theAppLoadWritesWhatItReports() async throws {
        let console = try await TestConsole()
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 300, days: 3, seed: 5))
        let (users, answers, suggestions) = (try await count(console, "users"), try await count(console, "answers"),
                                             try await count(console, "suggestions"))
        let (status, output) = try await appLoad(console, "--rate", "100", "--seconds", "2", "--seed", "7")
        #expect(status == 0, "\(output)")
        if !TestDatabase.isPostgres {
            // Not Debian's 3.40.1, whose WAL-reset bug two writing processes can meet (scripts/app-sqlite).
            let version = try #require(output.firstMatch(of: /\(SQLite (\d+)\.(\d+)\.(\d+)\)/), "\(output)")
            #expect((Int(version.1)!, Int(version.2)!, Int(version.3)!) >= (3, 51, 3), "\(output)")
        }
        let summary = try Summary(output)
        #expect(try summary["signup"] > 0 && summary["answer"] > 0, "\(summary.line)")
        #expect(try await count(console, "users") == users + summary["signup"])
        #expect(try await count(console, "answers") == answers + summary["answer"])
        #expect(try await count(console, "suggestions") == suggestions + summary["suggestion"])
        #expect(summary.line.contains("errors 0"), "\(summary.line)")
    }

    /// The contract's three refusals, each checked inside the statements that
    /// read the acting user and today's sweepstakes: an account being deleted
    /// answers as if gone, a suspended one is refused, and a disqualified one
    /// answers but earns no entries. Ids ≡ 1 or 3 (mod 4) are suspended,
    /// ≡ 2 being deleted, ≡ 0 disqualified from every sweepstakes.
    @Test func theAppLoadRefusesWhatTheAppRefuses() async throws {
        let console = try await TestConsole()
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 300, days: 3, seed: 5))
        let staffId = try #require(try await console.createStaff("ops@stand.test", role: .owner).id)
        try await console.store.write { db in
            try db.execute(sql: """
                INSERT INTO account_suspensions (user_id, starts_at, reason, suspended_by)
                SELECT id, '2000-01-01 00:00:00.000', 'test', ? FROM users WHERE id % 2 = 1
                """, arguments: [staffId])
            try db.execute(sql: """
                INSERT INTO deletions_underway (user_id, started_at, started_by, reason)
                SELECT id, '2000-01-01 00:00:00.000', ?, 'test' FROM users WHERE id % 4 = 2
                """, arguments: [staffId])
            try db.execute(sql: """
                INSERT INTO sweepstakes_disqualifications (sweepstakes_id, user_id, reason, disqualified_by, disqualified_at)
                SELECT s.id, u.id, 'test', ?, '2000-01-01 00:00:00.000' FROM sweepstakes s, users u WHERE u.id % 4 = 0
                """, arguments: [staffId])
        }
        let (answers, entries) = (try await count(console, "answers"), try await count(console, "sweepstakes_entries"))
        let refusedUsersAnswers = try await count(console, "answers WHERE user_id % 4 <> 0")

        // 50 answers of today's question: each user answers it once, and the lifted run below needs
        // disqualified users who have not yet (200 here used them all up on some days' seeds).
        let (status, output) = try await appLoad(console, "--mix", "answer=1", "--rate", "100", "--seconds", "0.5", "--seed", "11")
        #expect(status == 0, "\(output)")
        let summary = try Summary(output)
        #expect(try summary["answer"] > 0 && summary["gone"] > 0 && summary["suspended"] > 0, "\(summary.line)")
        #expect(try await count(console, "answers") == answers + summary["answer"])
        #expect(try await count(console, "answers WHERE user_id % 4 <> 0") == refusedUsersAnswers, "suspended or being deleted: no answer")
        #expect(try await count(console, "sweepstakes_entries") == entries, "disqualified: no entries")
        #expect(summary.line.contains("errors 0"), "\(summary.line)")

        // Lifted, the same users' answers earn their entries again.
        try await console.store.write { db in
            try db.execute(sql: "UPDATE sweepstakes_disqualifications SET lifted_at = '2000-01-02 00:00:00.000', lifted_by = ?, lift_reason = 'test'",
                           arguments: [staffId])
        }
        let (liftedStatus, liftedOutput) = try await appLoad(console, "--mix", "answer=1", "--rate", "100", "--seconds", "2", "--seed", "12")
        #expect(liftedStatus == 0, "\(liftedOutput)")
        let lifted = try Summary(liftedOutput)
        #expect(try lifted["answer"] > 0, "\(lifted.line)")
        #expect(try await count(console, "sweepstakes_entries") >= entries + lifted["answer"], "\(lifted.line)")
    }

    private func count(_ console: TestConsole, _ from: String) async throws -> Int {
        try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(from)") ?? 0 }
    }

    /// Runs the script on the console's store to its end.
    private func appLoad(_ console: TestConsole, _ arguments: String...) async throws -> (Int32, String) {
        let script = TestConsole.root.appendingPathComponent("scripts/app-load").path
        let command = [Self.python, script, "--db", console.configuration.databasePath, "--report-every", "1"] + arguments
        return try await ChildProcess(command, pipeOutput: true).finished()
    }

    /// The script's last line: what it wrote by kind and what it refused by reason.
    private struct Summary {
        let line: Substring
        init(_ output: String) throws {
            line = try #require(output.split(separator: "\n").last { $0.hasPrefix("SUMMARY") }, "\(output)")
        }
        subscript(_ name: String) -> Int {
            get throws {
                // A reason the script never met is not printed: zero.
                guard let match = line.firstMatch(of: try Regex("\\b\(name) ([0-9]+)")) else { return 0 }
                return Int(match.output[1].substring ?? "") ?? 0
            }
        }
    }
}
