import Foundation
import GRDB
import Logging

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
    /// The last damage, full disk or I/O failure seen, for the pages and `/healthz`.
    public let health = StoreHealth()
    let logger: Logger

    public static let defaultBusyTimeout: TimeInterval = 5

    public init(path: String, migrate: Bool = true, busyTimeout: TimeInterval = StandStore.defaultBusyTimeout,
                logger: Logger = Logger(label: "stand-store")) throws {
        if StoreLocation.isServerURL(path) { throw StoreError.notAFile(path) }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.path = path
        self.busyTimeout = busyTimeout
        self.logger = logger
        do {
            self.pool = try DatabasePool(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
            if migrate {
                let migrator = StandMigrations.migrator
                if try pool.read(migrator.hasCompletedMigrations) == false {
                    try migrator.migrate(pool)
                    // A migration may rewrite rows (009 removed personal data from
                    // the audit log): their old bytes leave the WAL now if they can.
                    let busyMilliseconds = Int(busyTimeout * 1000)
                    _ = try? pool.writeWithoutTransaction { db in
                        try Self.truncateWALWithoutWaiting(db, busyTimeoutMilliseconds: busyMilliseconds)
                    }
                }
            }
        } catch let error as DatabaseError {
            // Opening names its cause as the pages do: "the disk is full", not "disk I/O error".
            throw StoreFault(error, directory: directory.path) ?? error
        }
    }

    /// A read on one of GRDB's reader connections, awaited: never on the
    /// caller's thread, and in WAL mode never waiting for a write lock.
    /// `purpose` (the caller, by default) names the read in the log if it fails.
    public func read<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                  _ value: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        do {
            return try await pool.read { db in try value(StoreDatabase(sqlite: db)) }
        } catch let error as DatabaseError {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// A read without a transaction around it, for work whose statements are
    /// each atomic on their own (the session lookup every page makes).
    public func unsafeRead<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                        _ value: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        do {
            return try await pool.unsafeRead { db in try value(StoreDatabase(sqlite: db)) }
        } catch let error as DatabaseError {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// A read on the calling thread, for command-line work (the seeder): never on a request's path.
    public func readBlocking<T>(_ value: (StoreDatabase) throws -> T) throws -> T {
        try pool.read { db in try value(StoreDatabase(sqlite: db)) }
    }

    /// A write transaction on the calling thread, for command-line work (the seeder): never on a request's path.
    public func writeBlocking<T>(_ updates: (StoreDatabase) throws -> T) throws -> T {
        try pool.write { db in try updates(StoreDatabase(sqlite: db)) }
    }

    /// A write transaction (`BEGIN IMMEDIATE`) on GRDB's writer queue, awaited.
    /// If another program holds the lock past the busy timeout, nothing was
    /// written and `StoreBusy` says so; a damaged file or a full disk is a `StoreFault`.
    ///
    /// Inside a form's POST, the first write claims the form's submission in
    /// the same transaction (`FormSubmission`): a repeat of the form throws
    /// `AlreadySubmitted` and changes nothing.
    public func write<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                   _ updates: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        // Nothing is written into a file that may turn out damaged.
        if health.isChecking { throw StoreBusy(message: StoreBusy.checkingMessage) }
        let submission = FormSubmission.current.flatMap { $0.isClaimed ? nil : $0 }
        let now = Date()
        do {
            let value = try await pool.write { db in
                let db = StoreDatabase(sqlite: db)
                try submission?.claim(db, now: now)
                return try updates(db)
            }
            submission?.markClaimed()
            health.writeCommitted()
            return value
        } catch let error as DatabaseError {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// What a store error means to the caller: busy (another program's lock),
    /// a fault (damage, a full disk, I/O), or the error itself (a constraint, a
    /// bug). Every one but busy is logged with SQLite's extended code and the
    /// code that met it; never with the statement's arguments (personal data).
    func fault(_ error: DatabaseError, purpose: String, file: String) -> any Error {
        if error.isBusy { return StoreBusy() }
        // A cancelled statement (shutdown cancels the buffered writes): not a store problem.
        if error.resultCode == .SQLITE_INTERRUPT { return error }
        let fault = StoreFault(error, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        let where_ = "\(file.split(separator: "/").last ?? Substring(file)) \(purpose)"
        logger.error("store error", metadata: [
            "code": "\(fault?.code ?? StoreFault.name(of: error.extendedResultCode))",
            "fault": "\(fault?.kind.rawValue ?? "none")",
            "purpose": "\(where_)",
            "statement": "\(error.sql.map { String($0.prefix(120)) } ?? "-")",
        ])
        guard let fault else { return error }
        health.record(fault, purpose: where_)
        return fault
    }

    /// Checkpoint the WAL into the file and truncate it, but only if that can
    /// finish now: a PASSIVE checkpoint first copies what it can without any
    /// lock, then TRUNCATE runs with no busy wait, so it never holds the write
    /// lock while it waits for another program's reader (other writers were
    /// held up for 100 ms an attempt while an erasure was pending). True when
    /// every frame reached the file and the WAL is empty.
    static func truncateWALWithoutWaiting(_ db: Database, busyTimeoutMilliseconds: Int) throws -> Bool {
        _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
        try db.execute(sql: "PRAGMA busy_timeout = 0")
        defer { try? db.execute(sql: "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)") }
        // (busy, log frames, checkpointed frames): busy 0 means every frame is in the file and the WAL is empty.
        let result = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        return result.map { $0[0] as Int == 0 } ?? false
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

    /// True when every migration this program knows has been applied.
    public func hasCompletedMigrations() async throws -> Bool {
        try await pool.read { db in try StandMigrations.migrator.hasCompletedMigrations(db) }
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
    /// What the form or page says.
    public let message: String

    public init(message: String = StoreBusy.lockedMessage) {
        self.message = message
    }

    /// Another program held the lock past the busy timeout.
    public static let lockedMessage = "The store is busy; nothing was saved; try again in a few seconds."
    /// The start-up check is reading the file; the console takes no changes until it is done.
    public static let checkingMessage = "The console is checking the store's file after starting and takes no changes until it is done (seconds on most stores); nothing was saved. Try again shortly."
    /// What a `Retry-After` header says, in seconds.
    public static let retryAfterSeconds = 2
}

extension StandStore {
    /// A statement cancelled at shutdown (or its task cancelled): expected, not a store problem.
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT
    }
}

extension DatabaseError {
    /// The lock was not free in time (`SQLITE_BUSY`, `SQLITE_LOCKED` and their extended codes).
    var isBusy: Bool {
        resultCode == .SQLITE_BUSY || resultCode == .SQLITE_LOCKED
    }
}

public enum StoreError: Error, CustomStringConvertible {
    case destinationExists(String)
    case notAFile(String)

    public var description: String {
        switch self {
        case .destinationExists(let path): "\(path) already exists; choose a new file name"
        case .notAFile: "--db names a database server (postgres://…); this version keeps the store in a SQLite file: give its path"
        }
    }
}

/// What `--db` names: a SQLite file, or (not yet supported) a database server.
public enum StoreLocation {
    /// `postgres://…`, `postgresql://…` or any other `scheme://`: not a path.
    public static func isServerURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://") else { return false }
        let scheme = text[..<range.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

extension StandStore {
    /// The SQLite library this process runs (`sqlite_version()`), e.g. "3.40.1".
    public static let sqliteVersion: String = {
        (try? DatabaseQueue().read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }()
}
