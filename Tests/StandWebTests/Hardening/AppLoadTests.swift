import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing

/// `scripts/app-load` plays the app's backend on the shared store: what its
/// summary says it wrote is what the store holds afterwards, written with a
/// SQLite that has no WAL-reset bug.
@Suite struct AppLoadTests {
    /// On PostgreSQL the script needs psycopg, which scripts/test installs into .venv.
    static var python: String {
        TestDatabase.isPostgres ? TestConsole.root.appendingPathComponent(".venv/bin/python").path : "python3"
    }

    @Test func theAppLoadWritesWhatItReports() async throws {
        let console = try await TestConsole()
        _ = try await DemoSeeder(store: console.store).seeded(.init(users: 300, days: 3, seed: 5))
        func count(_ table: String) async throws -> Int {
            try await console.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
        }
        let (users, answers, suggestions) = (try await count("users"), try await count("answers"), try await count("suggestions"))
        let script = TestConsole.root.appendingPathComponent("scripts/app-load").path
        // Two seconds of writes: run and read on a thread of its own, not one of Swift's.
        let (status, output) = try await withCheckedThrowingContinuation { (done: CheckedContinuation<(Int32, String), any Error>) in
            Thread.detachNewThread {
                do {
                    let process = try ChildProcess([Self.python, script, "--db", console.configuration.databasePath, "--rate", "100",
                                                    "--seconds", "2", "--seed", "7", "--report-every", "1"], pipeOutput: true)
                    let text = String(decoding: process.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
                    done.resume(returning: (process.wait(), text))
                } catch {
                    done.resume(throwing: error)
                }
            }
        }
        #expect(status == 0, "\(output)")
        if !TestDatabase.isPostgres {
            // Not Debian's 3.40.1, whose WAL-reset bug two writing processes can meet (scripts/app-sqlite).
            let version = try #require(output.firstMatch(of: /\(SQLite (\d+)\.(\d+)\.(\d+)\)/), "\(output)")
            #expect((Int(version.1)!, Int(version.2)!, Int(version.3)!) >= (3, 51, 3), "\(output)")
        }
        let summary = try #require(output.split(separator: "\n").last { $0.hasPrefix("SUMMARY") }, "\(output)")
        func reported(_ kind: String) throws -> Int {
            try #require(summary.firstMatch(of: try Regex("\(kind) ([0-9]+)")).flatMap { Int($0.output[1].substring ?? "") }, "\(summary)")
        }
        #expect(try reported("signup") > 0 && reported("answer") > 0, "\(summary)")
        #expect(try await count("users") == users + reported("signup"))
        #expect(try await count("answers") == answers + reported("answer"))
        #expect(try await count("suggestions") == suggestions + reported("suggestion"))
        #expect(summary.contains("errors 0"), "\(summary)")
    }
}
