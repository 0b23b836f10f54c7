import Foundation
import GRDB

// Reading rows, single values and records, in the shape GRDB reads them:
// `StoreRow.fetchAll(db, sql:arguments:)`, `Int.fetchOne(db, sql:arguments:)`,
// `StaffMember.fetchAll(db.cachedStatement(sql:), arguments:)`.

/// Where a fetch's rows come from: SQL on a connection, or a prepared statement.
enum StoreQuery {
    case sqlite(GRDB.Database, sql: String)
    case sqliteStatement(GRDB.Statement)
    /// `kept`: a `cachedStatement`, read prepared (`PostgresSession.rows`).
    case postgres(PostgresSession, sql: String, kept: Bool)

    init(_ db: StoreDatabase, sql: String) {
        switch db.connection {
        case .sqlite(let connection): self = .sqlite(connection, sql: sql)
        case .postgres(let session): self = .postgres(session, sql: sql, kept: false)
        }
    }

    init(_ statement: StoreStatement) {
        switch statement.prepared {
        case .sqlite(let prepared): self = .sqliteStatement(prepared)
        case .postgres(let session, let sql, let kept): self = .postgres(session, sql: sql, kept: kept)
        }
    }

    /// GRDB's row cursor (one `Row` reused for every step).
    func sqliteRows(_ arguments: StoreArguments) throws -> RowCursor? {
        switch self {
        case .sqlite(let db, let sql): try GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments.statementArguments)
        case .sqliteStatement(let statement): try GRDB.Row.fetchCursor(statement, arguments: arguments.statementArguments)
        case .postgres: nil
        }
    }

    /// GRDB's cursor over the first column.
    func sqliteValues(_ arguments: StoreArguments) throws -> DatabaseValueCursor<DatabaseValue>? {
        switch self {
        case .sqlite(let db, let sql): try DatabaseValue.fetchCursor(db, sql: sql, arguments: arguments.statementArguments)
        case .sqliteStatement(let statement): try DatabaseValue.fetchCursor(statement, arguments: arguments.statementArguments)
        case .postgres: nil
        }
    }

    func all(_ arguments: StoreArguments) throws -> [StoreRow] {
        if case .postgres(let session, let sql, let kept) = self { return try session.rows(sql, arguments, kept: kept) }
        var rows: [StoreRow] = []
        let cursor = try sqliteRows(arguments)!
        while let row = try cursor.next() { rows.append(StoreRow(sqlite: row.copy())) }
        return rows
    }

    func first(_ arguments: StoreArguments) throws -> StoreRow? {
        if case .postgres(let session, let sql, let kept) = self { return try session.rows(sql, arguments, kept: kept).first }
        // The cursor must outlive the copy: its end resets the statement the row reads from.
        let rows = try sqliteRows(arguments)!
        return try withExtendedLifetime(rows) { try rows.next().map { StoreRow(sqlite: $0.copy()) } }
    }

    func cursor(_ arguments: StoreArguments) throws -> StoreCursor<StoreRow> {
        if case .postgres(let session, let sql, _) = self { return try session.cursor(sql, arguments) }
        // GRDB reuses one `Row` for every step: each is copied as it is handed on.
        let rows = try sqliteRows(arguments)!
        return StoreCursor { try rows.next().map { StoreRow(sqlite: $0.copy()) } }
    }

    /// Records read straight from each row; on SQLite from GRDB's row in
    /// place, as GRDB's own records are (a record keeps values, never the row).
    func records<Record: StoreRecord>(_ arguments: StoreArguments, limit: Int?) throws -> [Record] {
        if case .postgres(let session, let sql, let kept) = self {
            return try session.rows(sql, arguments, kept: kept).prefix(limit ?? .max).map(Record.init(row:))
        }
        var records: [Record] = []
        let rows = try sqliteRows(arguments)!
        try withExtendedLifetime(rows) {
            while let row = try rows.next() {
                records.append(try Record(row: StoreRow(sqlite: row)))
                if let limit, records.count >= limit { break }
            }
        }
        return records
    }

    func values<Value: StoreValue>(_ arguments: StoreArguments, limit: Int?) throws -> [Value] {
        if case .postgres(let session, let sql, let kept) = self {
            return try session.rows(sql, arguments, kept: kept).prefix(limit ?? .max).compactMap { Value.decodeColumn($0.scalar(at: 0)) }
        }
        var values: [Value] = []
        let cursor = try sqliteValues(arguments)!
        try withExtendedLifetime(cursor) {
            while let value = try cursor.next() {
                if let decoded = Value.decodeColumn(StoreScalar(value)) { values.append(decoded) }
                if let limit, values.count >= limit { break }
            }
        }
        return values
    }

    func valueCursor<Value: StoreValue>(_ arguments: StoreArguments) throws -> StoreCursor<Value> {
        let rows = try cursor(arguments)
        return StoreCursor {
            while let row = try rows.next() {
                if let decoded = Value.decodeColumn(row.scalar(at: 0)) { return decoded }
            }
            return nil
        }
    }
}

extension StoreRow {
    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [StoreRow] {
        try StoreQuery(db, sql: sql).all(arguments)
    }

    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreRow? {
        try StoreQuery(db, sql: sql).first(arguments)
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<StoreRow> {
        try StoreQuery(db, sql: sql).cursor(arguments)
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [StoreRow] {
        try StoreQuery(statement).all(arguments)
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreRow? {
        try StoreQuery(statement).first(arguments)
    }

    public static func fetchCursor(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreCursor<StoreRow> {
        try StoreQuery(statement).cursor(arguments)
    }
}

extension StoreValue {
    /// The first column of the first row, or nil when there is no row or it is NULL.
    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> Self? {
        try (StoreQuery(db, sql: sql).values(arguments, limit: 1) as [Self]).first
    }

    /// The first column of every row (NULLs are left out).
    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [Self] {
        try StoreQuery(db, sql: sql).values(arguments, limit: nil)
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        try StoreQuery(db, sql: sql).valueCursor(arguments)
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> Self? {
        try (StoreQuery(statement).values(arguments, limit: 1) as [Self]).first
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [Self] {
        try StoreQuery(statement).values(arguments, limit: nil)
    }

    public static func fetchCursor(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        try StoreQuery(statement).valueCursor(arguments)
    }

    /// A first column's value; NULL is nil (left out), any other mismatch a programming error.
    static func decodeColumn(_ scalar: StoreScalar) -> Self? {
        if case .null = scalar { return nil }
        guard let decoded = fromStore(scalar) else {
            fatalError("\(scalar.kind) does not read as \(Self.self)")
        }
        return decoded
    }
}

extension StoreRecord {
    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [Self] {
        try StoreQuery(db, sql: sql).records(arguments, limit: nil)
    }

    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> Self? {
        try (StoreQuery(db, sql: sql).records(arguments, limit: 1) as [Self]).first
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        let rows = try StoreQuery(db, sql: sql).cursor(arguments)
        return StoreCursor { try rows.next().map(Self.init(row:)) }
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [Self] {
        try StoreQuery(statement).records(arguments, limit: nil)
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> Self? {
        try (StoreQuery(statement).records(arguments, limit: 1) as [Self]).first
    }
}
