import Foundation
import GRDB

// Reading rows, single values and records, in the shape GRDB reads them:
// `StoreRow.fetchAll(db, sql:arguments:)`, `Int.fetchOne(db, sql:arguments:)`,
// `StaffMember.fetchAll(db.cachedStatement(sql:), arguments:)`.

extension StoreRow {
    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [StoreRow] {
        switch db.connection {
        case .sqlite(let db): try GRDB.Row.fetchAll(db, sql: sql, arguments: arguments.statementArguments).map(StoreRow.init(sqlite:))
        }
    }

    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreRow? {
        switch db.connection {
        case .sqlite(let db): try GRDB.Row.fetchOne(db, sql: sql, arguments: arguments.statementArguments).map(StoreRow.init(sqlite:))
        }
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<StoreRow> {
        switch db.connection {
        case .sqlite(let db): cursor(try GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments.statementArguments))
        }
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [StoreRow] {
        switch statement.prepared {
        case .sqlite(let statement): try GRDB.Row.fetchAll(statement, arguments: arguments.statementArguments).map(StoreRow.init(sqlite:))
        }
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreRow? {
        switch statement.prepared {
        case .sqlite(let statement): try GRDB.Row.fetchOne(statement, arguments: arguments.statementArguments).map(StoreRow.init(sqlite:))
        }
    }

    public static func fetchCursor(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreCursor<StoreRow> {
        switch statement.prepared {
        case .sqlite(let statement): cursor(try GRDB.Row.fetchCursor(statement, arguments: arguments.statementArguments))
        }
    }

    /// GRDB reuses one `Row` for every step of a cursor: each is copied as it is handed on.
    private static func cursor(_ rows: RowCursor) -> StoreCursor<StoreRow> {
        StoreCursor { try rows.next().map { StoreRow(sqlite: $0.copy()) } }
    }
}

extension StoreValue {
    /// The first column of the first row, or nil when there is no row or it is NULL.
    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> Self? {
        switch db.connection {
        case .sqlite(let db): try DatabaseValue.fetchOne(db, sql: sql, arguments: arguments.statementArguments).flatMap(decode)
        }
    }

    /// The first column of every row (NULLs are left out).
    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [Self] {
        switch db.connection {
        case .sqlite(let db): try DatabaseValue.fetchAll(db, sql: sql, arguments: arguments.statementArguments).compactMap(decode)
        }
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        switch db.connection {
        case .sqlite(let db):
            let values = try DatabaseValue.fetchCursor(db, sql: sql, arguments: arguments.statementArguments)
            return StoreCursor {
                while let value = try values.next() {
                    if let decoded = decode(value) { return decoded }
                }
                return nil
            }
        }
    }

    public static func fetchCursor(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        switch statement.prepared {
        case .sqlite(let statement):
            let values = try DatabaseValue.fetchCursor(statement, arguments: arguments.statementArguments)
            return StoreCursor {
                while let value = try values.next() {
                    if let decoded = decode(value) { return decoded }
                }
                return nil
            }
        }
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> Self? {
        switch statement.prepared {
        case .sqlite(let statement): try DatabaseValue.fetchOne(statement, arguments: arguments.statementArguments).flatMap(decode)
        }
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [Self] {
        switch statement.prepared {
        case .sqlite(let statement): try DatabaseValue.fetchAll(statement, arguments: arguments.statementArguments).compactMap(decode)
        }
    }

    private static func decode(_ value: DatabaseValue) -> Self? {
        let scalar = StoreScalar(value)
        if case .null = scalar { return nil }
        guard let decoded = fromStore(scalar) else {
            fatalError("\(scalar.kind) does not read as \(Self.self)")
        }
        return decoded
    }
}

extension StoreRecord {
    // On SQLite a record reads GRDB's row in place, as GRDB's own records do:
    // no copy per row (a record keeps values, never the row).

    public static func fetchAll(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> [Self] {
        switch db.connection {
        case .sqlite(let db): try records(GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments.statementArguments), limit: nil)
        }
    }

    public static func fetchOne(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> Self? {
        switch db.connection {
        case .sqlite(let db): try records(GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments.statementArguments), limit: 1).first
        }
    }

    public static func fetchCursor(_ db: StoreDatabase, sql: String, arguments: StoreArguments = []) throws -> StoreCursor<Self> {
        switch db.connection {
        case .sqlite(let db):
            let rows = try GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments.statementArguments)
            return StoreCursor { try rows.next().map { try Self(row: StoreRow(sqlite: $0)) } }
        }
    }

    public static func fetchAll(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> [Self] {
        switch statement.prepared {
        case .sqlite(let statement): try records(GRDB.Row.fetchCursor(statement, arguments: arguments.statementArguments), limit: nil)
        }
    }

    public static func fetchOne(_ statement: StoreStatement, arguments: StoreArguments = []) throws -> Self? {
        switch statement.prepared {
        case .sqlite(let statement): try records(GRDB.Row.fetchCursor(statement, arguments: arguments.statementArguments), limit: 1).first
        }
    }

    private static func records(_ rows: RowCursor, limit: Int?) throws -> [Self] {
        var records: [Self] = []
        while let row = try rows.next() {
            records.append(try Self(row: StoreRow(sqlite: row)))
            if let limit, records.count >= limit { break }
        }
        return records
    }
}
