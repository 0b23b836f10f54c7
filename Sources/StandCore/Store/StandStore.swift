import Foundation
import GRDB
import Logging

/// The shared store: a SQLite file (one `DatabasePool`, WAL, per process) or
/// a PostgreSQL database (`PostgresStore`), chosen by `--db`.
///
/// On SQLite other programs read and write the same file, so every connection
/// waits for a busy lock instead of failing, and GRDB begins pool writes
/// `IMMEDIATE`, so a read-then-write transaction never hits a lock upgrade deadlock.
public final class StandStore: Sendable {
    enum Backend: Sendable {
        case sqlite(DatabasePool)
        case postgres(PostgresStore)
    }

    let backend: Backend
    /// The file, or the server's URL without its password.
    public let path: String
    /// Where the console keeps its own files beside the store (view journals,
    /// exports): the file's path, or a folder named for the database on PostgreSQL.
    public let localFilesPrefix: String
    /// How long a statement waits for another process's lock before giving up.
    public let busyTimeout: TimeInterval
    /// The last damage, full disk or I/O failure seen, for the pages and `/healthz`.
    public let health = StoreHealth()
    let logger: Logger

    public static let defaultBusyTimeout: TimeInterval = 5

    /// `path` is a SQLite file, or a `postgres://` URL (`localFiles` then names
    /// the folder for the console's own files; by default under `data/`).
    public init(path: String, migrate: Bool = true, busyTimeout: TimeInterval = StandStore.defaultBusyTimeout,
                localFiles: String? = nil, postgres options: PostgresOptions = PostgresOptions(),
                logger: Logger = Logger(label: "stand-store")) throws {
        self.busyTimeout = busyTimeout
        self.logger = logger
        if StoreLocation.isServerURL(path) {
            let postgres = try PostgresStore(url: path, busyTimeout: busyTimeout, options: options, logger: logger)
            self.backend = .postgres(postgres)
            self.path = postgres.displayName
            // Made by the first file written there (the view journal, an export):
            // a command that writes none (verify-draw, migrate) leaves no folder behind.
            let folder = localFiles ?? "data/" + postgres.displayName.map { $0.isLetter || $0.isNumber ? $0 : "-" }
            self.localFilesPrefix = folder + "/store"
            do {
                if migrate { try postgres.migrate() }
            } catch {
                throw fault(error, purpose: "migrate", file: #fileID)
            }
            return
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.path = path
        self.localFilesPrefix = path
        do {
            let pool = try DatabasePool(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
            self.backend = .sqlite(pool)
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

    /// The engine that holds the store.
    public var engine: StoreEngine {
        switch backend {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// GRDB's pool of the store's file, for what only SQLite has (checkpoints,
    /// the online backup, the tests' direct access). Never asked of a PostgreSQL store.
    public var pool: DatabasePool {
        guard case .sqlite(let pool) = backend else { preconditionFailure("the store is on PostgreSQL: it has no SQLite pool") }
        return pool
    }

    /// A read transaction, awaited: on SQLite one of GRDB's reader connections
    /// (in WAL mode never waiting for a write lock); on PostgreSQL a snapshot
    /// on one of the pool's threads. Never on the caller's thread.
    /// `purpose` (the caller, by default) names the read in the log if it fails.
    public func read<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                  _ value: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        do {
            switch backend {
            case .sqlite(let pool): return try await pool.read { db in try value(StoreDatabase(sqlite: db)) }
            case .postgres(let postgres): return try await postgres.read(value)
            }
        } catch {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// A read without a transaction around it, for work whose statements are
    /// each atomic on their own (the session lookup every page makes).
    public func unsafeRead<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                        _ value: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        do {
            switch backend {
            case .sqlite(let pool): return try await pool.unsafeRead { db in try value(StoreDatabase(sqlite: db)) }
            case .postgres(let postgres): return try await postgres.unsafeRead(value)
            }
        } catch {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// A read on the calling thread, for command-line work (the seeder): never on a request's path.
    public func readBlocking<T>(_ value: (StoreDatabase) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let pool): try pool.read { db in try value(StoreDatabase(sqlite: db)) }
        case .postgres(let postgres): try postgres.readBlocking(value)
        }
    }

    /// A write transaction on the calling thread, for command-line work (the seeder): never on a request's path.
    public func writeBlocking<T>(_ updates: (StoreDatabase) throws -> T) throws -> T {
        switch backend {
        case .sqlite(let pool): try pool.write { db in try updates(StoreDatabase(sqlite: db)) }
        case .postgres(let postgres): try postgres.writeBlocking(updates)
        }
    }

    /// Between two writes of one long job (a deletion's steps, a draw's
    /// snapshot parts): on SQLite, a pause that lets other programs' writers
    /// in. A writer that finds SQLite's lock taken sleeps and tries again
    /// (its busy handler: after 1, 2, 5, 10 ms…, no queue), so writes run back
    /// to back were one long lock to it. The app's write p99 while a
    /// 2,000-answer account was deleted in steps (scripts/bench BENCH_ONLY=app-load,
    /// 10,000,000 accounts, the app at 500 writes/s): 41–82 ms in one
    /// transaction, 36–57 ms in steps back to back, 11–24 ms with this pause;
    /// while a 1,000,000-entrant draw wrote its 17 snapshot parts, 19.7–37.2 ms
    /// back to back and 14.2–26.8 ms with it.
    /// On PostgreSQL the app's writers do not wait on the console's (row
    /// locks, not one lock for the store): no pause.
    func pauseForOtherWriters() async throws {
        guard engine == .sqlite else { return }
        try await Task.sleep(for: Self.pauseBetweenWrites)
    }

    static let pauseBetweenWrites: Duration = .milliseconds(10)

    /// A write transaction, awaited: on SQLite `BEGIN IMMEDIATE` on GRDB's
    /// writer queue; on PostgreSQL behind the console's writer lock
    /// (`PostgresStore`). If another program holds a lock past the busy
    /// timeout, nothing was written and `StoreBusy` says so; a damaged file,
    /// a full disk or an unreachable server is a `StoreFault`.
    ///
    /// Inside a form's POST, the first write claims the form's submission in
    /// the same transaction (`FormSubmission`): a repeat of the form throws
    /// `AlreadySubmitted` and changes nothing.
    public func write<T: Sendable>(purpose: String = #function, file: String = #fileID,
                                   _ updates: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        try await write(purpose: purpose, file: file, preparing: { _ in () }, { db, _ in try updates(db) })
    }

    /// A write whose statements are compiled before the write lock is taken.
    /// On SQLite compiling needs no lock, and a statement of many rows is
    /// slow to compile (a 1,000-row question file's four: 9–18 ms, which
    /// every other writer of the file waited for when they were compiled
    /// inside the transaction). On PostgreSQL statements are sent as text:
    /// `prepare` runs inside the transaction and costs nothing.
    public func write<Statements, T: Sendable>(purpose: String = #function, file: String = #fileID,
                                               preparing prepare: @escaping @Sendable (StoreDatabase) throws -> Statements,
                                               _ updates: @escaping @Sendable (StoreDatabase, Statements) throws -> T) async throws -> T {
        // Nothing is written into a file that may turn out damaged.
        if health.isChecking { throw StoreBusy(message: StoreBusy.checkingMessage) }
        let submission = FormSubmission.current.flatMap { $0.isClaimed ? nil : $0 }
        let now = Date()
        @Sendable func transaction(_ db: StoreDatabase, _ statements: Statements) throws -> T {
            try submission?.claim(db, now: now)
            return try updates(db, statements)
        }
        do {
            let value: T
            switch backend {
            case .sqlite(let pool):
                value = try await pool.writeWithoutTransaction { db in
                    let statements = try prepare(StoreDatabase(sqlite: db))
                    var result: T?
                    let asked = ContinuousClock.now
                    var began = asked
                    try db.inTransaction(.immediate) {
                        began = ContinuousClock.now
                        result = try transaction(StoreDatabase(sqlite: db), statements)
                        return .commit
                    }
                    noteLockHeld(WriteLockTiming(waited: began - asked, held: .now - began), purpose: purpose, file: file)
                    return result!
                }
            case .postgres(let postgres):
                let timed = try await postgres.write { db in try transaction(db, try prepare(db)) }
                noteLockHeld(timed.timing, purpose: purpose, file: file)
                value = timed.value
            }
            submission?.markClaimed()
            health.writeCommitted()
            return value
        } catch {
            throw fault(error, purpose: purpose, file: file)
        }
    }

    /// What a store error means to the caller: busy (another program's lock),
    /// a fault (damage, a full disk, I/O, an unreachable server), or the error
    /// itself (a constraint, a bug, a refusal of ours). Every store error but
    /// busy is logged with the engine's code and the code that met it; never
    /// with the statement's arguments (personal data).
    func fault(_ error: any Error, purpose: String, file: String) -> any Error {
        let where_ = "\(file.split(separator: "/").last ?? Substring(file)) \(purpose)"
        let fault: StoreFault?
        let code: String
        let statement: String?
        if let error = error as? DatabaseError {
            if error.isBusy { return StoreBusy() }
            // A cancelled statement (shutdown cancels the buffered writes): not a store problem.
            if error.resultCode == .SQLITE_INTERRUPT { return error }
            fault = StoreFault(error, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
            code = fault?.code ?? StoreFault.name(of: error.extendedResultCode)
            statement = error.sql
        } else if let error = error as? PostgresProblem {
            if error.isBusy { return StoreBusy() }
            fault = error.fault
            code = error.code
            statement = error.statement
        } else {
            return error
        }
        logger.error("store error", metadata: [
            "code": "\(code)",
            "fault": "\(fault?.kind.rawValue ?? "none")",
            "purpose": "\(where_)",
            "statement": "\(statement.map { String($0.prefix(120)) } ?? "-")",
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
        switch backend {
        case .sqlite(let pool): try await pool.read { db in try StandMigrations.migrator.hasCompletedMigrations(db) }
        case .postgres(let postgres): try postgres.appliedMigrations().count == PostgresMigrations.all.count
        }
    }

    /// Close the store's connections (a PostgreSQL store's pool and its threads); SQLite's close with the pool.
    public func close() {
        if case .postgres(let postgres) = backend { postgres.shutdown() }
    }

    /// Applied migrations, oldest first.
    public func appliedMigrations() throws -> [String] {
        switch backend {
        case .sqlite(let pool): try pool.read { db in try StandMigrations.migrator.appliedMigrations(db) }
        case .postgres(let postgres): try postgres.appliedMigrations()
        }
    }

    /// Copy the whole store into `destination` while others keep writing.
    /// SQLite's online backup API copies a consistent snapshot page by page.
    public func backup(to destination: String, progress: (@Sendable (_ copied: Int, _ total: Int) -> Void)? = nil) throws {
        guard engine == .sqlite else { throw StoreError.onlyOnSQLite("stand-admin backup") }
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
            || (error as? PostgresProblem)?.isCancellation == true
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
    case notAPostgresURL(String)
    case onlyOnSQLite(String)
    case tlsSetting(String)
    /// The PostgreSQL database's default collation, when it does not sort text by code point.
    case collation(String)

    public var description: String {
        switch self {
        case .destinationExists(let path): "\(path) already exists; choose a new file name"
        case .notAPostgresURL: "--db names a database server, but not as postgres://user[:password]@host[:port]/database"
        case .onlyOnSQLite(let what): "\(what) is for a SQLite store; on PostgreSQL use the server's own tools (docs/store.md)"
        case .tlsSetting(let problem): problem
        case .collation(let collation):
            "the database sorts text by the collation \(collation), and the console needs code point order, as on SQLite: "
                + "make it with CREATE DATABASE … TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C.UTF-8' (docs/store.md)"
        }
    }
}

/// What `--db` names: a SQLite file, or a PostgreSQL database (`postgres://…`).
public enum StoreLocation {
    /// `postgres://…`, `postgresql://…` or any other `scheme://`: not a path.
    public static func isServerURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://") else { return false }
        let scheme = text[..<range.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}

extension StandStore {
    /// The SQLite library this process runs (`sqlite_version()`): the copy Sources/StandSQLite compiles, e.g. "3.54.1".
    public static let sqliteVersion: String = {
        (try? DatabaseQueue().read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }) ?? "unknown"
    }()
}
