import Foundation
import GRDB
import Testing
@testable import StandCore

@Suite struct SessionCacheTests {
    static func signedIn() async throws -> (StandStore, SessionStore, StaffAccounts, StaffSession, StaffMember) {
        let store = try await temporaryStore()
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        let member = try await accounts.create(.init(email: "a@example.com", role: .support, password: "a-long-password"), by: .commandLine)
        let sessions = SessionStore(store: store)
        let session = try await sessions.start(staffId: member.id!, replacing: nil)
        return (store, sessions, accounts, session, member)
    }

    /// A change made by this process (through the pool) ends a cached session at once.
    @Test func disablingInThisProcessEndsACachedSessionAtOnce() async throws {
        let (_, sessions, accounts, session, member) = try await Self.signedIn()
        let now = Date()
        #expect(try await sessions.active(id: session.id, now: now) != nil)
        try await accounts.setDisabled(staffId: member.id!, true, by: .commandLine)
        #expect(try await sessions.active(id: session.id, now: now) == nil)
    }

    /// Another program's change is not observed; the cache trusts a session
    /// for `SessionCache.lifetime` only.
    @Test(.sqliteOnly) func anotherProgramsChangeIsSeenAfterTheCacheLifetime() async throws {
        let (store, sessions, _, session, _) = try await Self.signedIn()
        let now = Date()
        #expect(try await sessions.active(id: session.id, now: now) != nil)
        let otherProgram = try DatabaseQueue(path: store.path)
        try await otherProgram.write { db in try db.execute(sql: "DELETE FROM staff_sessions") }
        #expect(try await sessions.active(id: session.id, now: now.addingTimeInterval(0.5)) != nil)
        #expect(try await sessions.active(id: session.id, now: now.addingTimeInterval(SessionCache.lifetime)) == nil)
    }

    /// Session "s" of staff member 1, as a lookup finds it.
    static func active(_ now: Date) -> SessionStore.Active {
        let member = StaffMember(id: 1, email: "a@example.com", passwordHash: "", role: .support, disabled: false,
                                 createdAt: now, lastLoginAt: nil, passwordChangedAt: now)
        let session = StaffSession(id: "s", staffId: 1, csrfToken: "c", createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(60),
                                   reference: "r", confirmedAt: now, userAgent: nil, address: nil)
        return SessionStore.Active(session: session, staff: member, hasSecondFactor: false, secondFactorRequired: false)
    }

    /// A lookup that read the store before a change must not cache what it read after it.
    @Test func aReadFromBeforeAChangeIsNotCached() async throws {
        let store = try await temporaryStore()
        let cache = SessionCache(store: store)
        let now = Date()
        let (_, generation) = cache.lookUp(id: "s", now: now)
        cache.removeAll()
        cache.remember(Self.active(now), id: "s", now: now, generation: generation)
        #expect(cache.lookUp(id: "s", now: now).active == nil)
    }

    /// A commit that wrote none of the session tables leaves the cache alone
    /// (on PostgreSQL every commit used to empty it: the account views' write
    /// behind, every half second under load); one that wrote them empties it.
    @Test func onlyAChangeToTheSessionTablesEmptiesTheCache() async throws {
        let store = try await temporaryStore()
        let cache = SessionCache(store: store)
        let now = Date()
        cache.remember(Self.active(now), id: "s", now: now, generation: cache.lookUp(id: "s", now: now).generation)
        try await store.write { db in
            try db.execute(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES ('0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f', 'jane@example.com', '+15552230000', 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """)
        }
        #expect(cache.lookUp(id: "s", now: now).active != nil, "a write to users emptied the session cache")
        try await store.write { db in
            try db.execute(sql: "INSERT INTO console_settings (name, value, changed_at) VALUES ('second_factor_required', 'off', '2026-11-26 00:00:00.000')")
        }
        #expect(cache.lookUp(id: "s", now: now).active == nil, "a write to console_settings left the cache as it was")
    }
}
