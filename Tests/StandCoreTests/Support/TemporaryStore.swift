import Foundation
import Logging
import StandCore
import StandTestSupport

/// A store in a fresh temporary folder (or a new database on the run's
/// PostgreSQL cluster), removed when the test process exits. Opened on a
/// thread of its own: on PostgreSQL it may wait for a database to be made.
func temporaryStore(logger: Logger = Logger(label: "stand-store")) async throws -> StandStore {
    let folder = try TemporaryFolder.untilExit("stand-core")
    return try await onOwnThread {
        try StandStore(path: try TestDatabase.location(in: folder), localFiles: folder.appendingPathComponent("local").path,
                       postgres: TestDatabase.postgresOptions, logger: logger)
    }
}

/// A staff member written straight into `store`, as the CLI would, and the
/// actor the rules record them as.
func insertStaff(_ store: StandStore, email: String, role: StaffRole, ip: String? = nil) async throws -> AuditActor {
    let staffId = try await store.write { db in
        return try db.insertReturningId(sql: """
            INSERT INTO staff (email, password_hash, role, created_at, password_changed_at)
            VALUES (?, 'x', ?, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
            """, arguments: [email, role.rawValue])
    }
    return AuditActor(staffId: staffId, email: email, ip: ip)
}
