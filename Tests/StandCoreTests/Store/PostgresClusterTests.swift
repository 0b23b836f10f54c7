import Foundation
import StandTestSupport
import Testing

/// `scripts/test` starts a PostgreSQL 15 cluster of its own (scripts/postgres-cluster)
/// and names it in `STAND_TEST_POSTGRES`: it answers, and a table made in it holds its rows.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES"] != nil, "scripts/test starts the cluster"))
struct PostgresClusterTests {
    @Test func theTestClusterIsPostgreSQL15AndKeepsWhatIsWritten() throws {
        let url = try #require(ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES"])
        let table = "cluster_check_\(UInt32.random(in: 0...UInt32.max))"
        // psql answers within milliseconds: read here, not on a thread of its own.
        let psql = try ChildProcess(["psql", url, "-qAt", "-v", "ON_ERROR_STOP=1", "-c",
            "SHOW server_version_num; CREATE TABLE \(table) (n integer); INSERT INTO \(table) VALUES (1), (2); SELECT sum(n) FROM \(table); DROP TABLE \(table);"],
            pipeOutput: true)
        let output = String(decoding: psql.output!.readDataToEndOfFile(), as: UTF8.self)
        #expect(psql.wait() == 0)
        let lines = output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("15") == true, "\(output)")
        #expect(lines.last == "3", "\(output)")
    }
}
