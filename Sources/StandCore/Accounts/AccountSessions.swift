import Foundation

/// "Sign out everywhere" for an app account (support, owners): the store
/// records a time, `users.tokens_valid_after`, and the app's backend refuses
/// every token issued before it (docs/store.md), as Firebase's
/// `tokensValidAfterTime` does. A suspension sets it too.
public struct AccountSessions: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public func signOutEverywhere(uuid: String, by actor: AuditActor, now: Date = Date()) async throws {
        try await store.write { db in
            let user = try AccountSuspensions.liveAccount(db, uuid: uuid)
            try Self.revoke(db, userId: user.id, at: now)
            try AuditLog.record(db, .userSignedOutEverywhere, by: actor, target: (AuditTarget.user, uuid), at: now)
        }
    }

    /// Later only: a revocation never moves back in time.
    static func revoke(_ db: StoreDatabase, userId: Int64, at moment: Date) throws {
        try db.execute(sql: """
            UPDATE users SET tokens_valid_after = \(db.engine.greater("COALESCE(tokens_valid_after, '')", "?1")), version = version + 1, updated_at = ?1 WHERE id = ?2
            """, arguments: [moment, userId])
    }

    /// When the account was last signed out everywhere, if ever.
    public func revokedAt(uuid: String) async throws -> Date? {
        try await store.read { db in try UserAccount.find(db, uuid: uuid)?.tokensValidAfter }
    }
}
