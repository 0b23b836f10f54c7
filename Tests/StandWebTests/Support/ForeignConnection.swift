import Foundation

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

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

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
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, hold.rawValue]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard readLine() == "held" else { throw ForeignConnectionError.didNotStart }
    }

    /// Commit (nothing was written) and wait for the process to end.
    func release() {
        try? input.fileHandleForWriting.close()
        _ = readLine()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func readLine() -> String {
        var bytes = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum ForeignConnectionError: Error {
    case didNotStart
}
