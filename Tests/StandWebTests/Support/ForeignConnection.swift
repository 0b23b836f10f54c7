import Foundation
import StandTestSupport

/// Another program on the shared store: a Python process with its own SQLite
/// connection, holding a lock for as long as the test says. Python's sqlite3
/// module is plain libsqlite3, like the app's backend would use.
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

    /// Commit (nothing was written) and wait for the process to end.
    func release() {
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
