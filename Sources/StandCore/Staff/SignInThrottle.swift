import Foundation

/// Failed sign-ins and lockouts by the email address typed (`sign_in_throttle`),
/// kept for every address whether or not a staff account has it: a lockout
/// that only real accounts could reach would tell which emails exist.
enum SignInThrottle {
    struct State {
        let failures: Int
        let lockedUntil: Date?

        func isLocked(at now: Date) -> Bool { lockedUntil.map { $0 > now } ?? false }
    }

    /// The key: what was typed, trimmed, capped, with invisible characters
    /// dropped (the column compares without case).
    static func key(_ typed: String) -> String {
        String(TextInput.searchable(typed).trimmingCharacters(in: .whitespacesAndNewlines).prefix(320))
    }

    static func state(_ db: StoreDatabase, email: String) throws -> State {
        let row = try StoreRow.fetchOne(db.cachedStatement(sql: "SELECT failures, locked_until FROM sign_in_throttle WHERE email = ?"), arguments: [email])
        return State(failures: row?["failures"] ?? 0, lockedUntil: row?.timestamp("locked_until"))
    }

    /// Count a failure; the fifth in a row locks the address. Returns the lock's end if this failure locked it.
    static func recordFailure(_ db: StoreDatabase, email: String, now: Date) throws -> Date? {
        // Rows of addresses that are neither locked nor recently tried are
        // forgotten, so guessing random addresses cannot grow the table for long.
        try db.execute(sql: "DELETE FROM sign_in_throttle WHERE last_failure_at < ? AND (locked_until IS NULL OR locked_until < ?)",
                       arguments: [now.addingTimeInterval(-StaffAccounts.lockDuration), now])
        let previous = try state(db, email: email)
        // A lock that has run out starts the count again.
        let failures = (previous.lockedUntil == nil ? previous.failures : 0) + 1
        let lockedUntil = failures >= StaffAccounts.maximumFailedSignIns ? now.addingTimeInterval(StaffAccounts.lockDuration) : nil
        try db.execute(sql: """
            INSERT INTO sign_in_throttle (email, failures, locked_until, last_failure_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (email) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until,
                last_failure_at = excluded.last_failure_at
            """, arguments: [email, lockedUntil == nil ? failures : 0, lockedUntil, now])
        return lockedUntil
    }

    /// A successful sign-in, a password reset or re-enabling lifts the lock.
    static func clear(_ db: StoreDatabase, email: String) throws {
        try db.execute(sql: "DELETE FROM sign_in_throttle WHERE email = ?", arguments: [email])
    }

    /// Locked addresses (lower-cased) and when each lock ends.
    static func locks(_ db: StoreDatabase, now: Date) throws -> [String: Date] {
        var locks: [String: Date] = [:]
        for row in try StoreRow.fetchAll(db.cachedStatement(sql: "SELECT email, locked_until FROM sign_in_throttle WHERE locked_until > ?"), arguments: [now]) {
            if let until = row.timestamp("locked_until") { locks[(row["email"] as String).lowercased()] = until }
        }
        return locks
    }
}
