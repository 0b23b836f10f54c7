import Foundation
import StandCore

/// Where a test's store lives: a SQLite file in the test's folder, or, when
/// the run asks for PostgreSQL (`STAND_TEST_ENGINE=postgres`, with
/// `STAND_TEST_POSTGRES` naming `scripts/postgres-cluster`'s database), a new
/// database of its own on the run's cluster. Every database is copied from one
/// migrated template (a copy takes milliseconds; migrating takes a second)
/// and dropped when the test process exits.
public enum TestDatabase {
    /// The engine this run's tests use.
    public static let engine: StoreEngine = ProcessInfo.processInfo.environment["STAND_TEST_ENGINE"] == "postgres" ? .postgres : .sqlite

    public static var isPostgres: Bool { engine == .postgres }

    /// A test's store holds few connections and lets them go soon: hundreds of
    /// stores share the run's cluster (max_connections 400).
    public static let postgresOptions = PostgresOptions(connections: 3, idleTimeout: 1)

    /// A new, empty (migrated) store's `--db`: `folder/stand.sqlite`, or a new database's URL.
    public static func location(in folder: URL) throws -> String {
        guard isPostgres else { return folder.appendingPathComponent("stand.sqlite").path }
        return try Databases.shared.create()
    }

    /// The `--db` of a database that exists but is empty (not migrated): for the migration tests.
    public static func emptyLocation(in folder: URL) throws -> String {
        guard isPostgres else { return folder.appendingPathComponent("stand.sqlite").path }
        return try Databases.shared.create(template: "template0")
    }

    /// The URL of a new, empty PostgreSQL database made with `settings` added to
    /// its `CREATE DATABASE` (a collation, say): for a test of what the console
    /// makes of a database it did not choose.
    public static func emptyPostgresDatabase(_ settings: String) throws -> String {
        try Databases.shared.create(template: "template0", settings: settings)
    }
}

/// The databases this process made on the run's cluster.
///
/// A thread of its own keeps a few copies of the migrated template made ahead
/// of time, so a test takes one at once: making one (a psql process waited
/// for) on the test's own thread would hold one of Swift's few cooperative
/// threads, and on 2 cores that starves the other tests' tasks.
private final class Databases: @unchecked Sendable {
    static let shared = Databases()
    /// Guards everything below; the filler waits on it for a spare to be taken.
    private let condition = NSCondition()
    private var made: [String] = []
    private var spares: [String] = []
    private var fillerFailure: (any Error)?
    private var filling = false
    private var stopping = false
    private var count = 0
    private let server: URL
    private static let sparesKept = 4

    private init() {
        guard let text = ProcessInfo.processInfo.environment["STAND_TEST_POSTGRES"], let url = URL(string: text) else {
            fatalError("STAND_TEST_ENGINE=postgres needs STAND_TEST_POSTGRES (scripts/test sets both)")
        }
        server = url
        atexit { Databases.shared.dropAll() }
        Thread.detachNewThread { Databases.shared.keepSparesMade() }
    }

    /// The URL of database `name` on the run's cluster.
    func url(_ name: String) -> String {
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        components.path = "/" + name
        return components.string!
    }

    /// A migrated database made ahead of time, or with `template`, a copy of that one made now (with `settings`).
    func create(template requested: String? = nil, settings: String = "") throws -> String {
        if let requested {
            let name = condition.withLock { newName() }
            try psql("CREATE DATABASE \(name) TEMPLATE \(requested) \(settings)")
            return url(name)
        }
        condition.lock()
        defer { condition.unlock() }
        while spares.isEmpty {
            if let fillerFailure { throw fillerFailure }
            condition.wait()
        }
        let name = spares.removeFirst()
        condition.broadcast()
        return url(name)
    }

    /// Called with the lock held. Named (and listed for dropping) before it is made.
    private func newName() -> String {
        count += 1
        let name = "stand_test_\(getpid())_\(count)"
        made.append(name)
        return name
    }

    private func keepSparesMade() {
        do {
            let template = try migratedTemplate()
            while true {
                condition.lock()
                while spares.count >= Self.sparesKept && !stopping { condition.wait() }
                if stopping {
                    condition.unlock()
                    return
                }
                let name = newName()
                filling = true
                condition.unlock()
                let made = Result { try psql("CREATE DATABASE \(name) TEMPLATE \(template)") }
                let failed = condition.withLock {
                    filling = false
                    switch made {
                    case .success: spares.append(name)
                    case .failure(let error): fillerFailure = error
                    }
                    condition.broadcast()
                    return fillerFailure != nil
                }
                if failed { return }
            }
        } catch {
            condition.withLock {
                fillerFailure = error
                condition.broadcast()
            }
        }
    }

    /// Made and migrated once per process; no connection may stay open to it (a copy needs none).
    private func migratedTemplate() throws -> String {
        let name = "stand_template_\(getpid())"
        condition.withLock { made.append(name) }
        try psql("DROP DATABASE IF EXISTS \(name)")
        try psql("CREATE DATABASE \(name) TEMPLATE template0")
        let store = try StandStore(path: url(name), localFiles: FileManager.default.temporaryDirectory.appendingPathComponent(name).path)
        store.close()
        return name
    }

    private func psql(_ sql: String) throws {
        let process = try ChildProcess(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", url("stand"), "-c", sql])
        let status = process.wait()
        guard status == 0 else { throw TestDatabaseError.psqlFailed(sql, status) }
    }

    /// At exit: stop the filler (letting a copy in progress finish), then drop every database made.
    func dropAll() {
        let names = condition.withLock {
            stopping = true
            condition.broadcast()
            while filling { condition.wait() }
            return made
        }
        for name in names.reversed() {
            try? psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }
}

enum TestDatabaseError: Error {
    case psqlFailed(String, Int32)
}

import Testing

extension Trait where Self == ConditionTrait {
    /// For a test of what only a SQLite file has (its WAL, pragmas, query
    /// plans, a damaged or full file, the online backup): skipped when the run
    /// is on PostgreSQL.
    public static var sqliteOnly: Self {
        .enabled(if: !TestDatabase.isPostgres, "tests the SQLite file itself")
    }

    /// For a test of what only PostgreSQL has: skipped on SQLite.
    public static var postgresOnly: Self {
        .enabled(if: TestDatabase.isPostgres, "tests PostgreSQL itself")
    }
}

/// SQL a test runs to make the store misbehave, as each engine writes it.
public enum TestSQL {
    /// A trigger that refuses every insert into `table` with `message`.
    public static func refuseInserts(into table: String, name: String, message: String) -> String {
        switch TestDatabase.engine {
        case .sqlite:
            "CREATE TRIGGER \(name) BEFORE INSERT ON \(table) BEGIN SELECT RAISE(ABORT, '\(message)'); END"
        case .postgres:
            """
            CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '\(message)'; END $$;
            CREATE TRIGGER \(name) BEFORE INSERT ON \(table) FOR EACH ROW EXECUTE FUNCTION \(name)()
            """
        }
    }

    /// Undo `refuseInserts`.
    public static func dropRefusal(on table: String, name: String) -> String {
        switch TestDatabase.engine {
        case .sqlite: "DROP TRIGGER \(name)"
        case .postgres: "DROP TRIGGER \(name) ON \(table); DROP FUNCTION \(name)()"
        }
    }
}
