import Foundation
import GRDB

/// The shared SQLite file: one `DatabasePool` (WAL) per process.
///
/// Other programs read and write the same file, so every connection waits for
/// a busy lock instead of failing, and GRDB begins pool writes `IMMEDIATE`, so a
/// read-then-write transaction never hits a lock upgrade deadlock.
public final class StandStore: Sendable {
    public let pool: DatabasePool
    public let path: String

    /// How long a statement waits for another process's lock before giving up.
    public static let busyTimeout: TimeInterval = 5

    public init(path: String, migrate: Bool = true) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.path = path
        self.pool = try DatabasePool(path: path, configuration: Self.configuration())
        if migrate {
            try StandMigrations.migrator.migrate(pool)
        }
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.maximumReaderCount = 8
        configuration.prepareDatabase { db in
            // FULL: in WAL mode NORMAL may lose the last commits on power loss;
            // an admin action that said "done" must stay done.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Deleted rows are overwritten with zeros, not left in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    /// Copy every WAL frame into the database file and truncate the WAL to zero
    /// bytes, so erased content is gone from both files. Waits (busy timeout)
    /// for readers of older snapshots; false if one still held it after that,
    /// in which case the next checkpoint finishes the job.
    @discardableResult
    public func checkpointAndTruncateWAL() async -> Bool {
        let busy = try? await pool.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return busy == 0
    }

    /// Applied migrations, oldest first.
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try StandMigrations.migrator.appliedMigrations(db) }
    }

    /// Copy the whole store into `destination` while others keep writing.
    /// SQLite's online backup API copies a consistent snapshot page by page.
    public func backup(to destination: String, progress: (@Sendable (_ copied: Int, _ total: Int) -> Void)? = nil) throws {
        if FileManager.default.fileExists(atPath: destination) {
            throw StoreError.destinationExists(destination)
        }
        let target = try DatabaseQueue(path: destination)
        try pool.backup(to: target, pagesPerStep: 256) { backupProgress in
            progress?(backupProgress.completedPageCount, backupProgress.totalPageCount)
        }
        try target.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        try target.close()
    }
}

public enum StoreError: Error, CustomStringConvertible {
    case destinationExists(String)

    public var description: String {
        switch self {
        case .destinationExists(let path): "\(path) already exists; choose a new file name"
        }
    }
}
