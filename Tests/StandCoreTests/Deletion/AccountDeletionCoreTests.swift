import Foundation
import GRDB
import StandTestSupport
import Testing
@testable import StandCore

@Suite struct AccountDeletionCoreTests {
    static func store(withUser uuid: String) async throws -> (StandStore, AuditActor) {
        let store = try await temporaryStore()
        let staffId = try await store.write { db in
            let staffId = try db.insertReturningId(sql: """
                INSERT INTO staff (email, password_hash, role, created_at, password_changed_at)
                VALUES ('support@example.com', 'x', 'support', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """)
            let userId = try db.insertReturningId(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES (?, 'jane@example.com', '+15552234567', 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """, arguments: [uuid])
            try db.execute(sql: "INSERT INTO sweepstakes (name, prize, starts_on, ends_on, created_at) VALUES ('Open', 'Bike', '2026-11-01', '2026-11-30', '2026-11-01 00:00:00.000')")
            try db.execute(sql: "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (1, ?, 1, 'daily_stand', '2026-11-02 00:00:00.000')", arguments: [userId])
            try db.execute(sql: "INSERT INTO deletion_requests (user_id, user_uuid, source, created_at) VALUES (?, ?, 'app', '2026-11-20 00:00:00.000')", arguments: [userId, uuid])
            return staffId
        }
        return (store, AuditActor(staffId: staffId, email: "support@example.com", ip: nil))
    }

    /// The first step fails (another program's constraint): nothing changes.
    @Test func aFirstStepThatFailsChangesNothing() async throws {
        let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"
        let (store, actor) = try await Self.store(withUser: uuid)
        try await store.write { db in
            try db.execute(sql: TestSQL.refuseInserts(into: "deletions_underway", name: "refuse_deletions", message: "refused"))
        }
        await #expect(throws: (any Error).self) {
            try await AccountDeletion(store: store, erasures: PendingErasures(store: store)).delete(uuid: uuid, confirmation: uuid, reason: "Asked", by: actor)
        }
        try await store.read { db throws in
            #expect(try UserAccount.find(db, uuid: uuid) != nil)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entries") == 1)
            #expect(try String.fetchOne(db, sql: "SELECT status FROM deletion_requests") == "pending")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'users'") == 1)
        }
    }

    @Test(.sqliteOnly) func deletionTruncatesTheWALAndMarksTheTombstoneErased() async throws {
        let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"
        let (store, actor) = try await Self.store(withUser: uuid)
        let outcome = try await AccountDeletion(store: store, erasures: PendingErasures(store: store)).delete(uuid: uuid, confirmation: "JANE@example.com", reason: "Asked", by: actor)
        guard case .deleted(let tombstone, let preview) = outcome else { Issue.record("\(outcome)"); return }
        #expect(tombstone.uuid == uuid)
        #expect(preview.entriesRemoved == 1)
        #expect(preview.openRequests == 1)
        // With no other reader the checkpoint succeeds at once. The WAL then holds
        // only the marking of the tombstone as erased, not the person.
        #expect(tombstone.isErased)
        for suffix in ["", "-wal"] {
            let bytes = try #require(FileManager.default.contents(atPath: store.path + suffix))
            #expect(bytes.range(of: Data("jane@example.com".utf8)) == nil, "email left in \(suffix)")
        }
        let erased = try await store.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE action = 'user.erased' AND target_id = ?", arguments: [uuid])
        }
        #expect(erased == 1)
    }

    @Test func theCommandLineCannotDeleteWithoutAStaffMember() async throws {
        let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"
        let (store, _) = try await Self.store(withUser: uuid)
        await #expect(throws: ValidationErrors.self) {
            try await AccountDeletion(store: store, erasures: PendingErasures(store: store)).delete(uuid: uuid, confirmation: uuid, reason: "Asked", by: .commandLine)
        }
    }
}

@Suite struct UserEditRulesTests {
    static let today = StoreTimestamp.date("2026-11-23")!

    @Test func validEditIsNormalised() throws {
        let fields = try UserEdit.validate(.init(email: " Jane@EXAMPLE.com ", phone: "(555) 123-4567", birthdate: "2008-11-23", reminderTime: "23:59"), today: Self.today)
        #expect(fields == .init(email: "Jane@example.com", phone: "+15551234567", birthdate: "2008-11-23", reminderTime: "23:59"))
    }

    @Test func everyProblemIsReportedAtOnce() {
        #expect(throws: ValidationErrors.self) {
            try UserEdit.validate(.init(email: "", phone: "abc", birthdate: "2008-11-24", reminderTime: "7:00"), today: Self.today)
        }
        do {
            _ = try UserEdit.validate(.init(email: "", phone: "abc", birthdate: "2008-11-24", reminderTime: "7:00"), today: Self.today)
        } catch let errors as ValidationErrors {
            #expect(Set(errors.messages.keys) == ["email", "phone", "birthdate", "reminderTime"])
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: [("2008-02-29", "2026-02-28", false), ("2008-02-29", "2026-03-01", true), ("2007-02-28", "2025-02-28", true)])
    func leapDayBirthdays(birthdate: String, today: String, accepted: Bool) {
        #expect((BirthdateRule.problem(birthdate, today: StoreTimestamp.date(today)!) == nil) == accepted)
    }

    @Test(arguments: ["00:00", "23:59", "08:30"])
    func reminderTimesAccepted(time: String) { #expect(ReminderTime.isValid(time)) }

    @Test(arguments: ["24:00", "12:60", "8:30", "08:3", "0830", "08:30:00", "ab:cd", "٠٨:٣٠"])
    func reminderTimesRefused(time: String) { #expect(!ReminderTime.isValid(time)) }
}
