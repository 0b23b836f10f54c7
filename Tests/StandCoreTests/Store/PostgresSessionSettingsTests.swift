import Foundation
import StandCore
import StandTestSupport
import Testing

/// What every console connection sets at start-up (docs/store.md, "Connections"):
/// the busy timeout, UTC, and one core of the server at most, without JIT.
@Suite(.postgresOnly) struct PostgresSessionSettingsTests {
    @Test func aConsoleConnectionWaitsFiveSecondsForALockAndTakesOneCoreWithoutJIT() async throws {
        let store = try await temporaryStore()
        let settings = try await store.read { db in
            try ["lock_timeout", "TimeZone", "max_parallel_workers_per_gather", "max_parallel_maintenance_workers", "jit", "application_name"].map { name in
                try String.fetchOne(db, sql: "SELECT current_setting('\(name)')") ?? ""
            }
        }
        #expect(settings == ["5s", "UTC", "0", "0", "off", "stand-admin"])
    }
}
