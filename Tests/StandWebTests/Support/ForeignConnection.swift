import Foundation
import StandTestSupport

/// Another program on the shared store, holding a lock for as long as the
/// test says: on SQLite a Python process with its own connection (Python's
/// sqlite3 module is plain libsqlite3, like the app's backend would use); on
/// PostgreSQL a psql session.
final class ForeignConnection: @unchecked Sendable {
    enum Hold: String {
        /// `BEGIN IMMEDIATE`: the write lock, as a long batch job holds it.
        case writeLock = "BEGIN IMMEDIATE"
        /// `BEGIN` then a `SELECT`: a read snapshot, as a report holds it.
        case readSnapshot = "BEGIN"
    }

    private let process: ChildProcess

    /// Returns once the lock or snapshot is held.
    init(path: String, holding hold: Hold) throws {
        if TestDatabase.isPostgres {
            // Every table locked EXCLUSIVE: reads go on, every write waits (SQLite's write lock);
            // or a REPEATABLE READ snapshot that keeps deleted rows from VACUUM (a reader's snapshot).
            let take = switch hold {
            case .writeLock:
                """
                BEGIN;
                SELECT 'LOCK TABLE ' || string_agg(quote_ident(tablename), ', ') || ' IN EXCLUSIVE MODE' FROM pg_tables WHERE schemaname = current_schema() \\gexec
                """
            case .readSnapshot:
                "BEGIN ISOLATION LEVEL REPEATABLE READ;\nSELECT COUNT(*) FROM users \\g /dev/null"
            }
            process = try ChildProcess(["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", path], pipeInput: true, pipeOutput: true)
            try process.input?.write(contentsOf: Data((take + "\nSELECT 'held';\n").utf8))
            guard readLine() == "held" else { throw ForeignConnectionError.didNotStart }
            return
        }
        let script = """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
            connection.execute(sys.argv[2])
            connection.execute("SELECT COUNT(*) FROM users").fetchone()
            print("held", flush=True)
            sys.stdin.read()
            connection.execute("COMMIT")
            print("released", flush=True)
            """
        process = try ChildProcess(["python3", "-c", script, path, hold.rawValue], pipeInput: true, pipeOutput: true)
        guard readLine() == "held" else { throw ForeignConnectionError.didNotStart }
    }

    /// `init` on a thread of its own: it waits for the other program to start and take its lock.
    static func started(path: String, holding hold: Hold) async throws -> ForeignConnection {
        try await onOwnThread { try ForeignConnection(path: path, holding: hold) }
    }

    /// Commit (nothing was written) and wait for the process to end.
    func release() {
        if TestDatabase.isPostgres { try? process.input?.write(contentsOf: Data("COMMIT;\nSELECT 'released';\n".utf8)) }
        try? process.input?.close()
        _ = readLine()
        process.wait()
    }

    private func readLine() -> String {
        var bytes = Data()
        while true {
            guard let byte = process.output?.readData(ofLength: 1) else { break }
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum ForeignConnectionError: Error {
    case didNotStart
}
