import Foundation
import StandTestSupport
import Testing

/// `scripts/check-postgres-schema` passes on the test cluster: PostgreSQL's
/// migrations give SQLite's schema, and the same writes through both leave
/// the same rows and tallies. Run here so that a new migration on either
/// engine cannot leave it behind (it could not read 027's SQL until 028).
@Suite(.postgresOnly) struct PostgresSchemaCheckTests {
    @Test func thePostgreSQLMigrationsMatchSQLitesSchemaAndTallies() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES"])
        let script = repositoryRoot.appendingPathComponent("scripts/check-postgres-schema").path
        let (status, output) = try await ChildProcess(["bash", "-c", "\"$0\" \"$1\" 2>&1", script, url],
                                                      directory: repositoryRoot.path, pipeOutput: true).finished()
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASSED"), "\(output)")
    }
}
