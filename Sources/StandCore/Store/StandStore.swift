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
    public let busyTimeout: TimeInterval

    public static let defaultBusyTimeout: TimeInterval = 5

    public init(path: String, migrate: Bool = true, busyTimeout: TimeInterval = StandStore.defaultBusyTimeout) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.path = path
        self.busyTimeout = busyTimeout
        self.pool = try DatabasePool(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
        if migrate {
            try StandMigrations.migrator.migrate(pool)
        }
    }

    /// A read on one of GRDB's reader connections, awaited: never on the
    /// caller's thread, and in WAL mode never waiting for a write lock.
    public func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.read(value)
        } catch let error as DatabaseError where error.isBusy {
            throw StoreBusy()
        }
    }

    /// A read without a transaction around it, for work whose statements are
    /// each atomic on their own (the session lookup every page makes).
    public func unsafeRead<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.unsafeRead(value)
        } catch let error as DatabaseError where error.isBusy {
            throw StoreBusy()
        }
    }

    /// A write transaction (`BEGIN IMMEDIATE`) on GRDB's writer queue, awaited.
    /// If another program holds the lock past the busy timeout, nothing was
    /// written and `StoreBusy` says so.
    public func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await pool.write(updates)
        } catch let error as DatabaseError where error.isBusy {
            throw StoreBusy()
        }
    }

    static func configuration(busyTimeout: TimeInterval) -> Configuration {
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

/// Another program held the store's lock for longer than the busy timeout:
/// nothing was written. A normal event on a shared file, not a bug.
public struct StoreBusy: Error, Sendable, Equatable {
    public init() {}

    public static let message = "The store is busy; nothing was saved; try again in a few seconds."
    /// What a `Retry-After` header says, in seconds.
    public static let retryAfterSeconds = 2
}

extension DatabaseError {
    /// The lock was not free in time (`SQLITE_BUSY`, `SQLITE_LOCKED` and their extended codes).
    var isBusy: Bool {
        resultCode == .SQLITE_BUSY || resultCode == .SQLITE_LOCKED
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
