import Foundation
import GRDB
@testable import StandCore

/// A fresh store with an owner and a pinned clock, for the sweepstakes rules.
/// Accounts, sweepstakes and entries are written as plain SQL, the way the app
/// (another program) writes them.
struct SweepstakesCoreFixture {
    /// 2026-11-15 10:00 UTC: after the October sweepstakes below ended.
    static let now = StoreTimestamp.date("2026-11-15 10:00:00.000")!

    struct User: Sendable {
        let id: Int64
        let uuid: String
    }

    let store: StandStore
    let owner: AuditActor

    static func make() async throws -> SweepstakesCoreFixture {
        let store = try await temporaryStore()
        return SweepstakesCoreFixture(store: store, owner: try await insertStaff(store, email: "owner@example.com", role: .owner))
    }

    /// An account; `number` makes its UUID, email and phone (`...0001`, `user1@example.com`).
    @discardableResult
    func user(_ number: Int, birthdate: String = "1990-05-17") async throws -> User {
        let uuid = String(format: "00000000-0000-4000-8000-%012d", number)
        let id = try await store.write { db in
            return try db.insertReturningId(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES (?, ?, ?, 'x', ?, '08:30', '2026-01-02 10:00:00.000', '2026-01-02 10:00:00.000')
                """, arguments: [uuid, "user\(number)@example.com", "+1555\(String(format: "%07d", number))", birthdate])
        }
        return User(id: id, uuid: uuid)
    }

    /// A sweepstakes running through October 2026 (ended by `now`); with
    /// `drawn`, it is marked drawn with a draw on record.
    @discardableResult
    func sweepstakes(name: String = "Autumn", startsOn: String = "2026-10-01", endsOn: String = "2026-10-31", winners: Int = 1,
                     drawn: Bool = false) async throws -> Int64 {
        let ownerId = owner.staffId
        return try await store.write { db in
            let id = try db.insertReturningId(sql: """
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, status, winner_count, created_at)
                VALUES (?, 'A bike', ?, ?, ?, ?, '2026-09-01 00:00:00.000')
                """, arguments: [name, startsOn, endsOn, drawn ? "drawn" : "open", winners])
            if drawn {
                try db.execute(sql: """
                    INSERT INTO sweepstakes_draws (sweepstakes_id, drawn_by, drawn_at, drawn_on, seed, snapshot_hash, entry_count, reason)
                    VALUES (?, ?, '2026-11-01 00:00:00.000', '2026-11-01', 'seed', 'hash', 0, 'monthly draw')
                    """, arguments: [id, ownerId])
            }
            return id
        }
    }

    /// `count` daily-stand entries of one each.
    func entries(_ user: User, sweepstakes: Int64, count: Int) async throws {
        try await store.write { db in
            for _ in 0..<count {
                try db.execute(sql: """
                    INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at)
                    VALUES (?, ?, 1, 'daily_stand', '2026-10-05 00:00:00.000')
                    """, arguments: [sweepstakes, user.id])
            }
        }
    }

    /// The account deleted as the console deletes it: a tombstone, and the row gone (entries detach).
    func delete(_ user: User) async throws {
        let ownerId = owner.staffId
        try await store.write { db in
            try db.execute(sql: "INSERT INTO deleted_accounts (uuid, deleted_at, deleted_by, reason) VALUES (?, '2026-11-01 00:00:00.000', ?, 'asked')",
                           arguments: [user.uuid, ownerId])
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [user.id])
        }
    }

    /// `valid/voided` entries of `user` in `sweepstakes` as `sweepstakes_entrants` holds them, or "none".
    func tally(_ user: User, _ sweepstakes: Int64) async throws -> String {
        try await store.read { db in
            try String.fetchOne(db, sql: "SELECT valid_entries || '/' || voided_entries FROM sweepstakes_entrants WHERE sweepstakes_id = ? AND user_id = ?",
                                arguments: [sweepstakes, user.id]) ?? "none"
        }
    }

    /// `entrants valid voided disqualified` as `sweepstakes_totals` holds them.
    func totals(_ sweepstakes: Int64) async throws -> String {
        try await store.read { db in
            try String.fetchOne(db, sql: """
                SELECT entrants || ' ' || valid_entries || ' ' || voided_entries || ' ' || disqualified FROM sweepstakes_totals WHERE sweepstakes_id = ?
                """, arguments: [sweepstakes]) ?? "none"
        }
    }

    func count(_ sql: String, _ arguments: StoreArguments = []) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    func auditCount(_ action: AuditAction) async throws -> Int {
        try await count("SELECT COUNT(*) FROM audit_events WHERE action = ?", [action.rawValue])
    }

    /// Every audit event as `action target_id: detail`, oldest first.
    func auditTrail() async throws -> [String] {
        try await store.read { db in
            try String.fetchAll(db, sql: "SELECT action || ' ' || COALESCE(target_id, '-') || ': ' || COALESCE(detail, '-') FROM audit_events ORDER BY id")
        }
    }
}
