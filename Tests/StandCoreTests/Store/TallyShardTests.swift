import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// On PostgreSQL a row a transaction updates stays locked until it commits,
/// and every answer to a question used to update the same choice row and
/// hour, every entry the same sweepstakes' totals and day: the app's writers
/// went one commit at a time, and every sign-up and suggestion updated its
/// counter. Since migration 025 another user's writes go to another shard of
/// each tally and do not wait.
@Suite(.postgresOnly) struct TallyShardTests {
    @Test func theAppsWritesDoNotWaitForAnotherUsersOpenTransaction() async throws {
        let fixture = try await SweepstakesCoreFixture.make()
        let sweepstakes = try await fixture.sweepstakes()
        let first = try await fixture.user(1), second = try await fixture.user(2)
        #expect(first.id % 16 != second.id % 16, "two shards")
        let question = try await fixture.store.write { db in
            let id = try db.insertReturningId(sql: """
                INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                VALUES ('Cats or dogs?', '2026-10-05', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """)
            try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, 0, 'Cats'), (?, 1, 'Dogs')",
                           arguments: [id, id])
            return id
        }
        let answered = "'2026-10-05 09:15:00.000'"
        // The app's first write, left open: it holds its rows until it commits.
        let open = try await onOwnThread {
            try OpenTransaction(url: fixture.store.path, statements: [
                "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (\(question), \(first.id), 0, \(answered))",
                "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (\(sweepstakes), \(first.id), 1, 'daily_stand', \(answered))",
                "INSERT INTO suggestions (user_id, text, status, created_at) VALUES (\(first.id), 'Tea or coffee?', 'pending', \(answered))",
                Self.signUp(3),
            ])
        }
        // The second user's answer to the same choice in the same hour, and an entry on the same day.
        do {
            try await fixture.store.write { db in
                try db.execute(sql: "SET LOCAL lock_timeout = '2s'")
                try db.execute(sql: "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, ?, 0, \(answered))",
                               arguments: [question, second.id])
                try db.execute(sql: """
                    INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                    VALUES (?, ?, 1, 'daily_stand', \(answered))
                    """, arguments: [sweepstakes, second.id])
                try db.execute(sql: "INSERT INTO suggestions (user_id, text, status, created_at) VALUES (?, 'Sun or rain?', 'pending', \(answered))",
                               arguments: [second.id])
                try db.execute(sql: Self.signUp(4))
            }
        } catch {
            Issue.record(error, "the second user's write waited for the first's transaction")
        }
        try await onOwnThread { try open.commit() }
        let tallies = try await fixture.store.read { db in
            [try Int.fetchOne(db, sql: "SELECT answer_count FROM question_choices WHERE question_id = ? AND position = 0", arguments: [question]),
             try Int.fetchOne(db, sql: "SELECT answer_count FROM question_hourly_answers WHERE question_id = ?", arguments: [question]),
             try Int.fetchOne(db, sql: "SELECT valid_entries FROM sweepstakes_totals WHERE sweepstakes_id = ?", arguments: [sweepstakes]),
             try Int.fetchOne(db, sql: "SELECT entrants FROM sweepstakes_totals WHERE sweepstakes_id = ?", arguments: [sweepstakes]),
             try Int.fetchOne(db, sql: "SELECT valid_entries FROM sweepstakes_daily_entries WHERE sweepstakes_id = ?", arguments: [sweepstakes]),
             try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'suggestions.pending'"),
             try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'users'")]
        }
        #expect(tallies == [2, 2, 2, 2, 2, 2, 4], "choice, hour, entries, entrants, day, suggestions, accounts")
    }

    /// A sign-up as the app writes it; the account's id is the `number`th (shard `number`).
    static func signUp(_ number: Int) -> String {
        let uuid = String(format: "00000000-0000-4000-8000-%012d", number)
        return """
            INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
            VALUES ('\(uuid)', 'user\(number)@example.com', '+1555\(String(format: "%07d", number))', 'x', '1990-05-17', '08:30',
                    '2026-10-05 09:15:00.000', '2026-10-05 09:15:00.000')
            """
    }
}

/// A psql session that runs some statements in a transaction and keeps it
/// open until `commit()`: another program mid-write.
private final class OpenTransaction: Sendable {
    private let process: ChildProcess

    init(url: String, statements: [String]) throws {
        process = try ChildProcess(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url], pipeInput: true, pipeOutput: true)
        let script = (["BEGIN"] + statements + ["SELECT 'held'"]).joined(separator: ";\n") + ";\n"
        try process.input?.write(contentsOf: Data(script.utf8))
        guard readLine() == "held" else { throw OpenTransactionError.didNotStart }
    }

    func commit() throws {
        try process.input?.write(contentsOf: Data("COMMIT;\nSELECT 'committed';\n".utf8))
        let answer = readLine()
        try process.input?.close()
        process.wait()
        guard answer == "committed" else { throw OpenTransactionError.didNotCommit }
    }

    private func readLine() -> String {
        var bytes = Data()
        while let byte = process.output?.readData(ofLength: 1), !byte.isEmpty, byte != Data("\n".utf8) { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private enum OpenTransactionError: Error {
    case didNotStart, didNotCommit
}
