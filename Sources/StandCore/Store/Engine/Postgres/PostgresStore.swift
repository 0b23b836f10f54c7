import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// The store on a PostgreSQL server: transactions on `PostgresConnectionPool`'s
/// threads, migrations in `stand_migrations`.
///
/// SQLite lets one writer in at a time across every program; the console's
/// changes were written against that. On PostgreSQL every console write
/// transaction first takes one advisory lock, so console writers (of every
/// console process) still go one at a time and a read-then-write sees no
/// other console change in between. The app's writes are not held by it;
/// they meet the console's on row locks. Waiting longer than the busy timeout
/// for either is `lock_timeout`: the form comes back with a 503.
final class PostgresStore: Sendable {
    let pool: PostgresConnectionPool
    let logger: Logger
    /// The server and database, without the password: for messages and logs.
    let displayName: String
    private let commitObservers = Mutex<[@Sendable (Set<String>?) -> Void]>([])

    /// The advisory lock every console write transaction holds (any constant
    /// of ours; other programs may read docs/store.md and take it too).
    static let consoleWriterLock = 0x5374_616E_6400_0001
    /// Held while migrations run: two consoles starting at once migrate once.
    static let migrationLock = 0x5374_616E_6400_0002

    init(url: String, busyTimeout: TimeInterval, options: PostgresOptions, logger: Logger) throws {
        let location = try PostgresLocation(url)
        var configuration = location.configuration
        configuration.options.additionalStartupParameters = [
            ("application_name", "stand-admin"),
            // A statement waits this long for a lock, then fails as busy (55P03).
            ("lock_timeout", "\(Int(busyTimeout * 1000))"),
            ("TimeZone", "UTC"),
            // The app's backend shares the server: a console query takes one core of it, never
            // every core (a draw's list of a million entrants planned two parallel workers and,
            // with the app at 500 writes/s, its commits queued seconds behind), and is not JIT-compiled
            // (40 ms of compiling for a query the console runs once).
            ("max_parallel_workers_per_gather", "0"),
            ("max_parallel_maintenance_workers", "0"),  // the erasure's VACUUM, the same
            ("jit", "off"),
            // A quote in a literal is escaped by doubling it, a backslash is itself (PostgresPreparedReads).
            ("standard_conforming_strings", "on"),
        ]
        self.pool = PostgresConnectionPool(configuration: configuration, size: options.connections,
                                           idleTimeout: .milliseconds(Int64(options.idleTimeout * 1000)), logger: logger)
        self.logger = logger
        self.displayName = location.displayName
    }

    // MARK: Transactions

    func read<T: Sendable>(_ body: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        try await pool.withConnection { connection in try self.transaction(connection, writes: false, body) }
    }

    /// One statement at a time, without BEGIN and COMMIT (each statement is atomic).
    func unsafeRead<T: Sendable>(_ body: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> T {
        try await pool.withConnection { connection in
            try body(StoreDatabase(postgres: PostgresSession(connection: connection, logger: self.logger, inTransaction: false)))
        }
    }

    /// The value, and how long the console's writer lock was waited for and held.
    func write<T: Sendable>(_ body: @escaping @Sendable (StoreDatabase) throws -> T) async throws -> (value: T, timing: WriteLockTiming) {
        try await pool.withConnection { connection in
            let asked = ContinuousClock.now
            var began = asked
            let value = try self.transaction(connection, writes: true, locked: { began = .now }, body)
            return (value, WriteLockTiming(waited: began - asked, held: .now - began))
        }
    }

    func readBlocking<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try pool.withConnectionBlocking { connection in try transaction(connection, writes: false, body) }
    }

    func writeBlocking<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try pool.withConnectionBlocking { connection in try transaction(connection, writes: true, body) }
    }

    /// Reads see one snapshot (REPEATABLE READ), as a SQLite read transaction
    /// does; writes are READ COMMITTED behind the console's writer lock.
    /// Every BEGIN … COMMIT of the console on PostgreSQL goes through here.
    ///
    /// Each statement waited for is a round trip and three thread wake-ups
    /// (this thread, the connection's event loop, the server's process),
    /// which on a busy 2-core machine queue for CPU. So BEGIN is sent ahead
    /// and its answer read once a later statement's has come (a write's
    /// advisory lock; a read's last statement), and a read's COMMIT is sent
    /// and not waited for: the connection's next transaction queues behind
    /// it (a read-only COMMIT has nothing to fail on; a connection lost
    /// meanwhile fails that next statement, as it would anyway). A write's
    /// COMMIT is waited for: its answer is the write's outcome.
    func transaction<T>(_ connection: PostgresConnection, writes: Bool, locked: () -> Void = {},
                        _ body: (StoreDatabase) throws -> T) throws -> T {
        let session = PostgresSession(connection: connection, logger: logger, inTransaction: true,
                                      preparedReads: pool.preparedReads(on: connection))
        session.sendAhead(writes ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        do {
            if writes {
                try session.execute("SELECT pg_advisory_xact_lock(\(Self.consoleWriterLock))", [])
                // Answered before the lock was: nothing is written unless inside BEGIN … COMMIT.
                try session.readAnswers()
                locked()
            }
            let value = try body(StoreDatabase(postgres: session))
            try session.readAnswers()
            if writes {
                try session.execute("COMMIT", [])
                notifyCommitted(session.writtenTables)
            } else {
                session.send("COMMIT").whenFailure { [logger] error in
                    // The store closed meanwhile (it closes its idle connections): the server ends the transaction.
                    if (error as? PSQLError)?.code == .clientClosedConnection { return }
                    logger.warning("a read transaction's COMMIT failed", metadata: ["code": "\(PostgresProblem(error, statement: "COMMIT").code)"])
                }
            }
            return value
        } catch {
            // A connection that failed mid-transaction is closed; the pool drops it.
            if !connection.isClosed { try? session.execute("ROLLBACK", []) }
            throw error
        }
    }

    /// Run `body` after every write this process commits, with the tables it
    /// wrote (nil: any table), as its statements name them: PostgreSQL does not
    /// tell a client which tables a transaction touched (`SessionCache`). A
    /// table changed only by a trigger or a cascade is not named: observers
    /// watch the tables the change itself names.
    func observeCommits(_ body: @escaping @Sendable (Set<String>?) -> Void) {
        commitObservers.withLock { $0.append(body) }
    }

    private func notifyCommitted(_ tables: Set<String>?) {
        guard tables?.isEmpty != true else { return }
        for observer in commitObservers.withLock({ $0 }) { observer(tables) }
    }

    // MARK: Migrations

    /// Apply the migrations not yet applied, each in its own transaction,
    /// under a session lock so that two consoles starting together migrate once.
    /// A database that does not sort text as SQLite does is refused first.
    func migrate() throws {
        try pool.withConnectionBlocking { connection in
            let session = PostgresSession(connection: connection, logger: logger, inTransaction: false)
            try PostgresCollation.check(session)
            try session.execute("SELECT pg_advisory_lock(\(Self.migrationLock))", [])
            defer { try? session.execute("SELECT pg_advisory_unlock(\(Self.migrationLock))", []) }
            try session.execute("""
                CREATE TABLE IF NOT EXISTS stand_migrations (identifier TEXT PRIMARY KEY, applied_at TEXT NOT NULL)
                """, [])
            let applied = Set(try session.rows("SELECT identifier FROM stand_migrations", []).map { $0[0] as String })
            for (name, sql) in PostgresMigrations.all where !applied.contains(name) {
                try transaction(connection, writes: true) { db in
                    try db.execute(sql: sql)
                    try db.execute(sql: "INSERT INTO stand_migrations (identifier, applied_at) VALUES (?, ?)",
                                   arguments: [name, StoreTimestamp.string(Date())])
                }
            }
        }
    }

    func appliedMigrations() throws -> [String] {
        try pool.withConnectionBlocking { connection in
            let session = PostgresSession(connection: connection, logger: logger, inTransaction: false)
            let exists = try session.rows("SELECT to_regclass('stand_migrations') IS NOT NULL", [])
            guard let first = exists.first, first[0] as Bool else { return [] }
            let applied = Set(try session.rows("SELECT identifier FROM stand_migrations", []).map { $0[0] as String })
            return PostgresMigrations.all.map(\.name).filter(applied.contains)
        }
    }

    func shutdown() {
        pool.shutdown()
    }
}

/// How many connections a console holds to the server, at most, and how long one stays open unused.
public struct PostgresOptions: Sendable {
    public var connections: Int
    public var idleTimeout: TimeInterval

    /// Ten: a page's transaction, the background workers' and a few long
    /// reads (exports, a draw) at once. Fewer did not make pages faster on
    /// the 1,000,000-user bench store: 3 and 10 gave the same req/s and the
    /// same 50–500 ms p99 stalls on 2 cores (issue 25's note, stop 37).
    public static let defaultConnections = 10

    public init(connections: Int = PostgresOptions.defaultConnections, idleTimeout: TimeInterval = 60) {
        self.connections = connections
        self.idleTimeout = idleTimeout
    }
}
