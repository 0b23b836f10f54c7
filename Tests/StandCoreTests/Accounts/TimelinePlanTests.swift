import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A timeline page after the first is bounded by its cursor on the owner's
/// index on PostgreSQL, not read as a `BitmapOr` of the two halves of an OR
/// (on the 10,000,000-user store, an account with 10,000 answers: every
/// answer fetched and sorted, 30.8 ms a page; with the bound, the index
/// walked backwards to the limit, 0.2 ms).
@Suite struct TimelinePlanTests {
    @Test(.postgresOnly) func aLaterPageOfAnswersIsBoundedByItsCursorOnTheAccountsIndex() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        let userId = try await store.write { db in
            let userId = try db.insertReturningId(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES ('7c3e5a1d-2b4f-4e6a-9c8d-7f6e5d4c3b2a', 'long@example.com', '+15552234567', 'x', '1990-01-01', '08:00',
                        '2020-01-01 00:00:00.000', '2020-01-01 00:00:00.000')
                """)
            try db.execute(sql: """
                INSERT INTO daily_questions (text, runs_on, created_at, updated_at)
                SELECT 'Question ' || n, to_char(DATE '2020-01-01' + n, 'YYYY-MM-DD'), '2020-01-01 00:00:00.000', '2020-01-01 00:00:00.000'
                FROM generate_series(1, 2000) AS n
                """)
            try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) SELECT id, 0, 'Yes' FROM daily_questions")
            try db.execute(sql: """
                INSERT INTO answers (question_id, user_id, choice_position, answered_at)
                SELECT id, ?, 0, runs_on || ' 09:00:00.000' FROM daily_questions
                """, arguments: [userId])
            // As on a store of millions of accounts, where one with thousands of
            // answers is not among the column's most common values: the planner
            // expects a couple of rows for an account.
            try db.execute(sql: "ALTER TABLE answers ALTER COLUMN user_id SET STATISTICS 0")
            try db.execute(sql: "ALTER TABLE answers ALTER COLUMN user_id SET (n_distinct = -0.5)")
            try db.execute(sql: "ANALYZE answers")
            return userId
        }
        let cursor = AccountTimeline.Cursor(at: "2024-01-01 09:00:00.000", kind: .answer, id: 1_500)
        let (sql, arguments) = AccountTimeline.pageQuery(kinds: [.answer], userId: userId, uuid: "", after: cursor, limit: 51)

        let plan = try await store.read { db in
            try StoreRow.fetchAll(db, sql: "EXPLAIN " + sql, arguments: arguments).map { $0[0] as String }.joined(separator: "\n")
        }

        #expect(!plan.contains("BitmapOr"), "\(plan)")
        #expect(plan.contains("answers_by_user"), "\(plan)")
        #expect(plan.contains("answered_at <= '2024-01-01 09:00:00.000'"), "the cursor bounds the index: \(plan)")
    }
}
