import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One connection's work for one `StandStore` read or write: statements sent
/// one at a time and waited for, on a pool thread (`PostgresConnectionPool`).
final class PostgresSession {
    let connection: PostgresConnection
    let logger: Logger
    /// Inside BEGIN … COMMIT: cursors can be declared on the server.
    let inTransaction: Bool
    /// The connection's prepared reads (nil: none are prepared).
    let preparedReads: PostgresPreparedReads?
    private(set) var changesCount = 0
    /// The tables this session's statements wrote (INSERT, UPDATE, DELETE and
    /// `notifyChanges`), or nil once a statement wrote something unknown (DDL,
    /// a CTE): the commit's observers then assume every table changed.
    private(set) var writtenTables: Set<String>? = []
    private var cursors = 0
    private var unread: [(answer: EventLoopFuture<PostgresQueryResult>, sql: String)] = []

    /// Rows a server-side cursor hands over at a time (exports, a draw's entrants).
    static let cursorBatch = 2_000

    init(connection: PostgresConnection, logger: Logger, inTransaction: Bool, preparedReads: PostgresPreparedReads? = nil) {
        self.connection = connection
        self.logger = logger
        self.inTransaction = inTransaction
        self.preparedReads = preparedReads
    }

    /// Run one statement (or, without arguments, a script of several).
    func execute(_ sql: String, _ arguments: StoreArguments) throws {
        if arguments.isEmpty {
            let statements = PostgresSQL.statements(sql)
            if statements.count != 1 {
                for statement in statements { _ = try run(statement, arguments) }
                return
            }
        }
        _ = try run(sql, arguments)
    }

    /// Every row of one statement; `kept` (a `cachedStatement`, run at every
    /// request) runs a SELECT prepared on this connection, preparing it first
    /// the first time, in the same round trip (`PostgresPreparedReads`).
    func rows(_ sql: String, _ arguments: StoreArguments, kept: Bool = false) throws -> [StoreRow] {
        guard kept, let preparedReads else { return try run(sql, arguments) }
        do {
            if let read = preparedReads.read(of: sql) { return try rows(of: read.execute(arguments), statement: sql) }
            guard let name = preparedReads.newName(for: sql) else { return try run(sql, arguments) }
            sendAhead("PREPARE \(name) AS " + sql)
            return try rows(of: preparedReads.prepared(sql, as: name).execute(arguments), statement: sql)
        } catch {
            // Its PREPARE may be the statement that failed (its own error says
            // why): the next run prepares it anew, under another name.
            preparedReads.forget(sql)
            try readAnswers()
            throw error
        }
    }

    /// Rows in batches from a server-side cursor inside a transaction;
    /// outside one (a single-statement read) every row at once.
    func cursor(_ sql: String, _ arguments: StoreArguments) throws -> StoreCursor<StoreRow> {
        let batches = try cursorBatches(sql, arguments)
        var batch: IndexingIterator<[StoreRow]> = [StoreRow]().makeIterator()
        return StoreCursor {
            while true {
                if let row = batch.next() { return row }
                guard let rows = try batches.next() else { return nil }
                batch = try Self.storeRows(rows).makeIterator()
            }
        }
    }

    /// The rows of `cursor` as postgres-nio hands them over, a batch at a
    /// time (nil after the last): for a reader that decodes a million rows'
    /// cells itself (a draw's entrants) instead of converting every value.
    ///
    /// One round trip waited for per batch: DECLARE is sent and the first
    /// FETCH waits behind it, and the cursor is not closed (it ends with its
    /// transaction), so a small result costs what a plain SELECT does.
    func cursorBatches(_ sql: String, _ arguments: StoreArguments) throws -> StoreCursor<[PostgresRow]> {
        guard inTransaction else {
            var all: [PostgresRow]? = try rawRows(of: send(sql, arguments), statement: sql)
            return StoreCursor {
                defer { all = nil }
                return all
            }
        }
        cursors += 1
        let name = "stand_cursor_\(cursors)"
        sendAhead("DECLARE \(name) NO SCROLL CURSOR FOR " + sql, arguments)
        var finished = false
        return StoreCursor { [self] in
            if finished { return nil }
            let fetch = "FETCH \(Self.cursorBatch) FROM \(name)"
            let rows: [PostgresRow]
            do {
                rows = try rawRows(of: send(fetch, []), statement: fetch)
            } catch {
                // A DECLARE that failed fails its FETCH too: its own error says why.
                try readAnswers()
                throw error
            }
            finished = rows.count < Self.cursorBatch
            return rows.isEmpty ? nil : rows
        }
    }

    /// Send a statement without waiting for its answer: the connection runs
    /// its statements in order, so the next one sent waits behind it on the
    /// server's side, not on this thread. The caller owns the answer (a read's COMMIT).
    func send(_ sql: String, _ arguments: StoreArguments = []) -> EventLoopFuture<PostgresQueryResult> {
        let numbered = PostgresSQL.numbered(sql)
        switch Self.written(numbered) {
        case .table(let table): writtenTables?.insert(table)
        case .nothing: break
        case .unknown: writtenTables = nil
        }
        return connection.query(PostgresQuery(unsafeSQL: numbered, binds: arguments.postgresBindings), logger: logger)
    }

    /// Send a statement whose answer is read later, by `readAnswers` (a
    /// transaction's BEGIN, a cursor's DECLARE): by then the statements behind
    /// it have been answered, so reading it waits for nothing.
    func sendAhead(_ sql: String, _ arguments: StoreArguments = []) {
        unread.append((send(sql, arguments), sql))
    }

    /// Every answer `sendAhead` left unread, in order; the first failure is thrown.
    /// A transaction reads them before it commits: PostgreSQL answers COMMIT
    /// in a failed transaction with a rollback, not an error.
    func readAnswers() throws {
        let sent = unread
        unread = []
        for (answer, sql) in sent {
            do {
                _ = try answer.wait()
            } catch {
                throw PostgresProblem(error, statement: sql)
            }
        }
    }

    @discardableResult
    private func run(_ sql: String, _ arguments: StoreArguments) throws -> [StoreRow] {
        try rows(of: send(sql, arguments), statement: sql)
    }

    /// A prepared read's rows (`PostgresPreparedReads`): it writes nothing, and
    /// a failure names `sql`, the prepared statement, not the `EXECUTE` and its values.
    private func rows(of execute: String, statement sql: String) throws -> [StoreRow] {
        try rows(of: connection.query(PostgresQuery(unsafeSQL: execute), logger: logger), statement: sql)
    }

    private func rows(of answer: EventLoopFuture<PostgresQueryResult>, statement sql: String) throws -> [StoreRow] {
        try Self.storeRows(rawRows(of: answer, statement: sql))
    }

    private func rawRows(of answer: EventLoopFuture<PostgresQueryResult>, statement sql: String) throws -> [PostgresRow] {
        let result: PostgresQueryResult
        do {
            result = try answer.wait()
        } catch {
            throw PostgresProblem(error, statement: sql)
        }
        changesCount = result.metadata.rows ?? 0
        return result.rows
    }

    private static func storeRows(_ rows: [PostgresRow]) throws -> [StoreRow] {
        guard let first = rows.first else { return [] }
        let columns = StoreColumns(first.map(\.columnName))
        return try rows.map { row in
            StoreRow(columns: columns, values: try row.map(StoreScalar.init))
        }
    }

    /// A table changed by means a statement does not show (SQLite's WITHOUT ROWID tables' observers).
    func noteWritten(_ table: String) {
        writtenTables?.insert(table)
    }

    enum Written: Equatable {
        case table(String), nothing, unknown
    }

    /// What a statement writes: the table of an INSERT, UPDATE or DELETE (by
    /// its first words), nothing for a SELECT (the console's locks and `FOR
    /// UPDATE` reads), transaction control and maintenance, and unknown for
    /// anything else.
    static func written(_ sql: String) -> Written {
        let words = sql.split(maxSplits: 3, whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).prefix(3)
            .map { $0.prefix { $0 != "(" }.filter { $0 != "\"" }.lowercased() }
        switch words.first {
        case "insert" where words.count == 3 && words[1] == "into": return .table(words[2])
        case "update" where words.count >= 2: return .table(words[1])
        case "delete" where words.count == 3 && words[1] == "from": return .table(words[2])
        case "select", "begin", "commit", "rollback", "declare", "fetch", "close", "lock", "set", "vacuum", "checkpoint",
             "prepare", "execute":  // only SELECTs are prepared (`PostgresPreparedReads`)
            return .nothing
        default: return .unknown
        }
    }
}
