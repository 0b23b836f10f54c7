import Foundation
import StandTestSupport
import Testing

/// `scripts/check-postgres-schema` passes on the test cluster: PostgreSQL's
/// migrations give SQLite's schema, and the same writes through both leave
/// the same rows and tallies. Run here so that a new migration on either
/// engine cannot leave it behind (it could not read 027's SQL until 028).
@Suite(.postgresOnly) struct PostgresSchemaCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePostgreSQLMigrationsMatchSQLitesSchemaAndTallies() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES"])
        let script = Self.root.appendingPathComponent("scripts/check-postgres-schema").path
        // Seconds of psql and sqlite3: run and read on a thread of its own, not one of Swift's.
        let (status, output) = try await withCheckedThrowingContinuation { (done: CheckedContinuation<(Int32, String), any Error>) in
            Thread.detachNewThread {
                do {
                    let process = try ChildProcess(["bash", "-c", "\"$0\" \"$1\" 2>&1", script, url], directory: Self.root.path, pipeOutput: true)
                    let text = String(decoding: process.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                    done.resume(returning: (process.wait(), text))
                } catch {
                    done.resume(throwing: error)
                }
            }
        }
        #expect(status == 0, "\(output)")
        #expect(output.contains("PASSED"), "\(output)")
    }
}
