import Foundation
import GRDB

/// Which engine holds the store.
public enum StoreEngine: String, Sendable {
    case sqlite
    case postgres
}

/// The connection a store transaction runs on, whichever engine holds the
/// store. Services write their SQL once, with `?` placeholders, against this;
/// where the engines differ a feature asks `engine` in one place.
///
/// Valid only inside the `StandStore.read`/`write` closure it was given to.
public struct StoreDatabase {
    enum Connection {
        case sqlite(GRDB.Database)
        case postgres(PostgresSession)
    }

    let connection: Connection

    /// A GRDB connection of the store's file, as another program opens it (the tests do).
    public init(sqlite db: GRDB.Database) {
        connection = .sqlite(db)
    }

    init(postgres session: PostgresSession) {
        connection = .postgres(session)
    }

    public var engine: StoreEngine {
        switch connection {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// GRDB's connection, for work only SQLite has (checkpoints, a draw's byte-level read).
    var sqlite: GRDB.Database? {
        switch connection {
        case .sqlite(let db): db
        case .postgres: nil
        }
    }

    /// Run one statement (or, without arguments, several separated by `;`).
    public func execute(sql: String, arguments: StoreArguments = []) throws {
        switch connection {
        case .sqlite(let db): try db.execute(sql: sql, arguments: arguments.statementArguments)
        case .postgres(let session): try session.execute(sql, arguments)
        }
    }

    /// Run an INSERT into a table with an `id` key and return the id the store gave the row.
    public func insertReturningId(sql: String, arguments: StoreArguments = []) throws -> Int64 {
        guard let id = try Int64.fetchOne(self, sql: sql + " RETURNING id", arguments: arguments) else {
            throw StoreDatabaseError.noRowReturned
        }
        return id
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int {
        switch connection {
        case .sqlite(let db): db.changesCount
        case .postgres(let session): session.changesCount
        }
    }

    /// Tell this process's observers that a table changed, for changes they
    /// cannot see by themselves (SQLite's `WITHOUT ROWID` tables).
    public func notifyChanges(inTable table: String) throws {
        switch connection {
        case .sqlite(let db): try db.notifyChanges(in: Table(table))
        // Named with the tables its statements wrote when the write commits (`PostgresStore`).
        case .postgres(let session): session.noteWritten(table)
        }
    }

    /// A statement prepared once per connection and kept: for statements every request runs.
    public func cachedStatement(sql: String) throws -> StoreStatement {
        switch connection {
        case .sqlite(let db): StoreStatement(sqlite: try db.cachedStatement(sql: sql))
        // Prepared on the connection with its first run, in the same round trip (`PostgresPreparedReads`).
        case .postgres(let session): StoreStatement(postgres: session, sql: sql, kept: true)
        }
    }

    /// A statement prepared for a loop of executions (a batch insert).
    public func makeStatement(sql: String) throws -> StoreStatement {
        switch connection {
        case .sqlite(let db): StoreStatement(sqlite: try db.makeStatement(sql: sql))
        case .postgres(let session): StoreStatement(postgres: session, sql: sql, kept: false)
        }
    }
}

/// A prepared statement, run many times with different arguments.
public struct StoreStatement {
    enum Prepared {
        case sqlite(GRDB.Statement)
        /// `kept`: a `cachedStatement`, whose reads run prepared.
        case postgres(PostgresSession, sql: String, kept: Bool)
    }

    let prepared: Prepared

    init(sqlite statement: GRDB.Statement) {
        prepared = .sqlite(statement)
    }

    init(postgres session: PostgresSession, sql: String, kept: Bool) {
        prepared = .postgres(session, sql: sql, kept: kept)
    }

    var sqlite: GRDB.Statement? {
        switch prepared {
        case .sqlite(let statement): statement
        case .postgres: nil
        }
    }

    public func execute(arguments: StoreArguments = []) throws {
        switch prepared {
        case .sqlite(let statement): try statement.execute(arguments: arguments.statementArguments)
        case .postgres(let session, let sql, _): try session.execute(sql, arguments)
        }
    }
}

/// Rows read one at a time, for results too large to hold (exports, a draw).
public final class StoreCursor<Element> {
    private let advance: () throws -> Element?

    init(_ advance: @escaping () throws -> Element?) {
        self.advance = advance
    }

    public func next() throws -> Element? {
        try advance()
    }

    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try advance() { try body(element) }
    }
}

/// A type read from a row: `init(row:)` names the columns it reads.
public protocol StoreRecord {
    init(row: StoreRow) throws
}

enum StoreDatabaseError: Error {
    /// An INSERT … RETURNING returned nothing (a trigger may have ignored it).
    case noRowReturned
    /// A batch prepared for so many rows was given values for another number.
    case batchMismatch
}

extension StoreDatabase {
    /// The store's tables (not the engine's own), by name.
    public func tableNames() throws -> [String] {
        switch connection {
        case .sqlite:
            try String.fetchAll(self, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        case .postgres:
            try String.fetchAll(self, sql: "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
        }
    }

    /// A table's columns, in order.
    public func columnNames(in table: String) throws -> [String] {
        switch connection {
        case .sqlite(let db): try db.columns(in: table).map(\.name)
        case .postgres:
            try String.fetchAll(self, sql: """
                SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                """, arguments: [table])
        }
    }
}
