import Foundation
import GRDB
@testable import StandCore

/// A fresh store with one editor and a pinned clock, for the question and
/// suggestion rules. Rows of the app (questions, answers, suggestions) are
/// written as plain SQL, the way another program writes them.
struct QuestionsCoreFixture {
    /// 2026-11-23 10:00 UTC: every call that takes `now:` gets this.
    static let now = StoreTimestamp.date("2026-11-23 10:00:00.000")!
    static let today = "2026-11-23"

    /// The UTC day `offset` days from `now`.
    static func day(_ offset: Int) -> String { UTCDate.day(UTCDate.adding(days: offset, to: now)) }

    let store: StandStore
    let editor: AuditActor

    static func make() async throws -> QuestionsCoreFixture {
        let store = try await temporaryStore()
        return QuestionsCoreFixture(store: store, editor: try await insertStaff(store, email: "editor@example.com", role: .editor, ip: "203.0.113.7"))
    }

    /// A question written by another program, choices "Cats" and "Dogs" unless told; its id.
    @discardableResult
    func question(day: String, text: String = "Cats or dogs?", choices: [String] = ["Cats", "Dogs"]) async throws -> Int64 {
        try await store.write { db in
            let id = try db.insertReturningId(sql: """
                INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES (?, ?, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """, arguments: [text, day])
            for (position, choice) in choices.enumerated() {
                try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, ?, ?)", arguments: [id, position, choice])
            }
            return id
        }
    }

    /// An answer from a detached account (no user row needed).
    func answer(question: Int64, choice: Int = 0) async throws {
        try await store.write { db in
            try db.execute(sql: "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, NULL, ?, '2026-11-20 09:00:00.000')",
                           arguments: [question, choice])
        }
    }

    /// A pending suggestion from a detached account; its id.
    @discardableResult
    func suggestion(_ text: String, createdAt: String = "2026-11-01 00:00:00.000") async throws -> Int64 {
        try await store.write { db in
            return try db.insertReturningId(sql: "INSERT INTO suggestions (user_id, text, created_at) VALUES (NULL, ?, ?)", arguments: [text, createdAt])
        }
    }

    /// Every question as `day text [choice|choice] vN`, by day.
    func questions() async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: """
                SELECT q.runs_on || ' ' || q.text || ' [' || \(db.engine.joined("c.text", separator: "|", orderedBy: "c.position")) || '] v' || q.version
                FROM daily_questions q JOIN (SELECT * FROM question_choices ORDER BY question_id, position) c ON c.question_id = q.id
                GROUP BY q.id ORDER BY q.runs_on
                """)
        }
    }

    func count(_ sql: String, _ arguments: StoreArguments = []) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    func auditCount(_ action: AuditAction) async throws -> Int {
        try await count("SELECT COUNT(*) FROM audit_events WHERE action = ?", [action.rawValue])
    }

    /// Every audit event as `action target_type target_id detail`, oldest first.
    func auditTrail() async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: """
                SELECT action || ' ' || COALESCE(target_type, '-') || ' ' || COALESCE(target_id, '-') || ' ' || COALESCE(detail, '-')
                FROM audit_events ORDER BY id
                """)
        }
    }

    /// `id status question_id review_note` of every suggestion, by id.
    func suggestionStatuses() async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: "SELECT id || ' ' || status || ' ' || COALESCE(CAST(question_id AS TEXT), '-') || ' ' || COALESCE(review_note, '-') FROM suggestions ORDER BY id")
        }
    }
}
