import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// What a deletion leaves on PostgreSQL, read from the test cluster's own
/// files (issue 25): the pages say "removed from the tables (VACUUM)", never
/// "erased", because the bytes stay in the files until new rows overwrite them.
/// This checks that claim, and that only `users` and its indexes keep them.
@Suite struct PostgresErasureScanTests {
    @Test(.postgresOnly) func aDeletionLeavesTheEmailOnlyInTheUsersFilesUntilVacuumFull() async throws {
        let marker = "erasure-scan-\(UInt64.random(in: 1...UInt64.max))@example.com"
        let uuid = UUID().uuidString.lowercased()
        let store = try await temporaryStore()
        let staffId = try await store.write { db in
            let userId = try db.insertReturningId(sql: """
                INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                VALUES (?, ?, '+15552234999', 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """, arguments: [uuid, marker])
            try db.execute(sql: "INSERT INTO deletion_requests (user_id, user_uuid, source, created_at) VALUES (?, ?, 'app', '2026-11-20 00:00:00.000')",
                           arguments: [userId, uuid])
            return try db.insertReturningId(sql: """
                INSERT INTO staff (email, password_hash, role, created_at, password_changed_at)
                VALUES ('support@example.com', 'x', 'support', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                """)
        }
        let erasures = PendingErasures(store: store)
        let outcome = try await AccountDeletion(store: store, erasures: erasures)
            .delete(uuid: uuid, confirmation: marker, reason: "Asked", by: AuditActor(staffId: staffId, email: "support@example.com", ip: nil))
        guard case .deleted = outcome else { Issue.record("\(outcome)"); return }
        // Nothing else reads this database: the vacuum runs at the first attempt or soon after.
        var erased = false
        for _ in 0..<100 where !erased {
            if case .nothingPending = await erasures.attempt() { erased = true } else { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(erased, "the tombstone was never marked")
        try await store.read { db throws in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM users WHERE email = ?", arguments: [marker]) == 0)
            #expect(try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.erased'") == PendingErasures.vacuumed)
        }

        // After VACUUM: the bytes may still be in the files of `users` and its
        // indexes (seen: its email index, and in a manual run also its heap),
        // and in no other table's (the audit trail, copies, sessions).
        let holding = try await Self.relationsHolding(marker, store)
        #expect(holding.allSatisfy { $0 == "users" || $0.hasPrefix("users_") }, "\(holding)")
        // After VACUUM FULL (a rewrite, under an exclusive lock): in no data file.
        try await store.unsafeRead { db in try db.execute(sql: "VACUUM FULL users") }
        #expect(try await Self.relationsHolding(marker, store).isEmpty)
        print("erasure scan on PostgreSQL: after VACUUM the email was in \(holding.sorted()); after VACUUM FULL in no data file")
    }

    /// The relations of this database whose files hold `marker`, after a CHECKPOINT wrote every page out.
    static func relationsHolding(_ marker: String, _ store: StandStore) async throws -> Set<String> {
        let (folder, names) = try await store.unsafeRead { db in
            try db.execute(sql: "CHECKPOINT")
            let data = try String.fetchOne(db, sql: "SELECT current_setting('data_directory')") ?? ""
            let database = try Int64.fetchOne(db, sql: "SELECT oid FROM pg_database WHERE datname = current_database()") ?? 0
            let names = try StoreRow.fetchAll(db, sql: "SELECT pg_relation_filenode(oid) AS node, relname FROM pg_class WHERE pg_relation_filenode(oid) IS NOT NULL")
                .reduce(into: [String: String]()) { $0[String($1["node"] as Int64)] = $1["relname"] }
            return ("\(data)/base/\(database)", names)
        }
        let needle = Data(marker.utf8)
        var holding = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            guard let bytes = FileManager.default.contents(atPath: "\(folder)/\(file)"), bytes.range(of: needle) != nil else { continue }
            // 16384, 16384.1 (a second segment), 16384_fsm, 16384_vm: all the relation 16384.
            let node = String(file.prefix { $0.isNumber })
            holding.insert(names[node] ?? "file \(file)")
        }
        return holding
    }
}
