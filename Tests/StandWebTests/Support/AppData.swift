import Foundation
import GRDB
import StandCore

/// Rows written the way the mobile app (another program) writes them: plain
/// SQL on the shared file, no console code involved.
struct AppData {
    let store: StandStore

    struct User {
        let id: Int64
        let uuid: String
        let email: String
        let phone: String
        let birthdate: String
    }

    @discardableResult
    func user(email: String, phone: String, birthdate: String = "1990-05-17", reminder: String = "08:30", points: Int = 120, createdAt: String = "2026-01-02 10:00:00.000") async throws -> User {
        let uuid = UUID().uuidString.lowercased()
        let id = try await store.write { db in
            return try db.insertReturningId(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, points, current_streak,
                    longest_streak, last_stood_on, created_at, updated_at)
                VALUES (?, ?, ?, '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234', ?, ?, ?, 3, 10, '2026-11-22', ?, ?)
                """, arguments: [uuid, email, phone, birthdate, reminder, points, createdAt, createdAt])
        }
        return User(id: id, uuid: uuid, email: email, phone: phone, birthdate: birthdate)
    }

    /// A question on `day` with two choices; returns its id.
    @discardableResult
    func question(day: String, text: String = "Cats or dogs?") async throws -> Int64 {
        try await store.write { db in
            let id = try db.insertReturningId(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')",
                           arguments: [text, day])
            try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, 0, 'Cats'), (?, 1, 'Dogs')", arguments: [id, id])
            return id
        }
    }

    func answer(_ user: User?, question: Int64, choice: Int, at: String = "2026-11-20 09:00:00.000") async throws {
        try await store.write { db in
            try db.execute(sql: "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, ?, ?, ?)",
                           arguments: [question, user?.id, choice, at])
        }
    }

    /// A sweepstakes; with `drawn`, a draw row exists (entries must then be kept).
    @discardableResult
    func sweepstakes(name: String, drawn: Bool, drawnBy staffId: Int64? = nil) async throws -> Int64 {
        try await store.write { db in
            let id = try db.insertReturningId(sql: """
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, created_at)
                VALUES (?, 'A bike', '2026-10-01', '2026-10-31', ?, '2026-09-01 00:00:00.000')
                """, arguments: [name, drawn ? "drawn" : "open"])
            if drawn, let staffId {
                try db.execute(sql: """
                    INSERT INTO sweepstakes_draws (sweepstakes_id, drawn_by, drawn_at, seed, snapshot_hash, entry_count, reason)
                    VALUES (?, ?, '2026-11-01 00:00:00.000', 'seed', 'hash', 0, 'monthly draw')
                    """, arguments: [id, staffId])
            }
            return id
        }
    }

    func entries(_ user: User, sweepstakes: Int64, count: Int) async throws {
        try await store.write { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                VALUES (?, ?, 1, 'daily_stand', '2026-10-05 00:00:00.000')
                """)
            for _ in 0..<count { try statement.execute(arguments: [sweepstakes, user.id]) }
        }
    }

    @discardableResult
    func suggestion(_ user: User?, text: String, createdAt: String = "2026-11-01 00:00:00.000") async throws -> Int64 {
        try await store.write { db in
            return try db.insertReturningId(sql: "INSERT INTO suggestions (user_id, text, created_at) VALUES (?, ?, ?)", arguments: [user?.id, text, createdAt])
        }
    }

    /// A question with `choices`, for the results' rounding.
    @discardableResult
    func question(day: String, text: String, choices: [String]) async throws -> Int64 {
        try await store.write { db in
            let id = try db.insertReturningId(sql: "INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')",
                           arguments: [text, day])
            for (position, choice) in choices.enumerated() {
                try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, ?, ?)", arguments: [id, position, choice])
            }
            return id
        }
    }

    /// A request made in the app.
    func deletionRequest(_ user: User, createdAt: String = "2026-11-20 09:00:00.000") async throws {
        try await store.write { db in
            try db.execute(sql: "INSERT INTO deletion_requests (user_id, user_uuid, source, created_at) VALUES (?, ?, 'app', ?)",
                           arguments: [user.id, user.uuid, createdAt])
        }
    }

    /// Per question, per choice: the count kept by the triggers and the count of rows.
    func results() async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: """
                SELECT c.question_id || ':' || c.position || '=' || c.answer_count || '/' ||
                       (SELECT COUNT(*) FROM answers a WHERE a.question_id = c.question_id AND a.choice_position = c.position)
                FROM question_choices c ORDER BY c.question_id, c.position
                """)
        }
    }
}
