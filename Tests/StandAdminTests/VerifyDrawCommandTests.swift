import ArgumentParser
import Foundation
import StandTestSupport
import GRDB
import StandCore
import Testing
@testable import stand_admin

/// `stand-admin verify-draw ID` on a real store: it agrees with the draw, then
/// notices an entry changed after it, and writes the snapshot for the Python script.
@Suite struct VerifyDrawCommandTests {
    @Test func verifyDrawAgreesThenNoticesAChange() async throws {
        let folder = try TemporaryFolder("verify-draw")
        let directory = folder.url
        let path = folder.file("stand.sqlite")
        let store = try StandStore(path: path)
        try await store.write { db in
            try db.execute(sql: """
                INSERT INTO staff (email, password_hash, role, created_at, password_changed_at) VALUES ('o@example.com', 'x', 'owner', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                INSERT INTO sweepstakes (name, prize, starts_on, ends_on, winner_count, created_at) VALUES ('Autumn', 'Bike', '2026-10-01', '2026-10-31', 2, '2026-09-01 00:00:00.000');
                """)
            for index in 0..<5 {
                let userId = try db.insertReturningId(sql: """
                    INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                    VALUES (?, ?, ?, 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """, arguments: [UUID().uuidString.lowercased(), "u\(index)@example.com", "+1555000\(1000 + index)"])
                try db.execute(sql: "INSERT INTO sweepstakes_entries (sweepstakes_id, user_id, quantity, reason, created_at) VALUES (1, ?, ?, 'daily_stand', '2026-10-02 00:00:00.000')",
                               arguments: [userId, index + 1])
            }
        }
        guard case .drawn(let draw) = try await SweepstakesDraws(store: store).draw(sweepstakesId: 1, replacing: nil, reason: "",
                                                                      by: AuditActor(staffId: 1, email: "o@example.com", ip: nil)) else {
            Issue.record("no draw")
            return
        }
        let snapshot = directory.appendingPathComponent("snapshot.csv").path
        let agrees = try #require(try StandAdmin.parseAsRoot(["verify-draw", "--db", path, String(draw.id), "--snapshot", snapshot]) as? VerifyDrawCommand)
        try await agrees.run()
        #expect(DrawAlgorithm.hash(try String(contentsOfFile: snapshot, encoding: .utf8)) == draw.snapshotHash)
        try await store.write { db in try db.execute(sql: "UPDATE sweepstakes_entries SET quantity = quantity + 1 WHERE id = 1") }
        let differs = try #require(try StandAdmin.parseAsRoot(["verify-draw", "--db", path, String(draw.id)]) as? VerifyDrawCommand)
        await #expect(throws: ExitCode.self) { try await differs.run() }
    }
}
