import Foundation
import GRDB

/// One row a query returned, on either engine. Columns are read by name or
/// position into any `StoreValue`: `row["email"] as String`,
/// `row["last_login_at"] as Date?`. A column that is missing or NULL reads as
/// nil into an optional; reading it into a non-optional is a programming error,
/// as it is with GRDB.
public struct StoreRow {
    enum Storage {
        /// SQLite: GRDB's row, read lazily (every page reads rows; most columns are read once).
        case sqlite(GRDB.Row)
        /// PostgreSQL (or a row made by hand): the values, converted once when the row arrived.
        case values(StoreColumns, [StoreScalar], StoreEngine)
    }

    let storage: Storage

    init(sqlite row: GRDB.Row) {
        storage = .sqlite(row)
    }

    init(columns: StoreColumns, values: [StoreScalar], engine: StoreEngine = .postgres) {
        storage = .values(columns, values, engine)
    }

    /// The engine the row was read from: what a record says of the store can depend on it (an erasure).
    public var engine: StoreEngine {
        switch storage {
        case .sqlite: .sqlite
        case .values(_, _, let engine): engine
        }
    }

    public var count: Int {
        switch storage {
        case .sqlite(let row): row.count
        case .values(_, let values, _): values.count
        }
    }

    public var columnNames: [String] {
        switch storage {
        case .sqlite(let row): Array(row.columnNames)
        case .values(let columns, _, _): columns.names
        }
    }

    public func hasColumn(_ name: String) -> Bool {
        switch storage {
        case .sqlite(let row): row.hasColumn(name)
        case .values(let columns, _, _): columns.index(of: name) != nil
        }
    }

    /// The value at a position (0-based).
    public func scalar(at index: Int) -> StoreScalar {
        switch storage {
        case .sqlite(let row): StoreScalar(stored: row[index])
        case .values(_, let values, _): values[index]
        }
    }

    /// The value of a column, NULL when the row has no such column (one lookup by name).
    public func scalar(named name: String) -> StoreScalar {
        switch storage {
        case .sqlite(let row): StoreScalar(stored: row[name])
        case .values(let columns, let values, _): columns.index(of: name).map { values[$0] } ?? .null
        }
    }

    public subscript<Value: StoreValue>(_ name: String) -> Value {
        Self.decode(scalar(named: name), column: name)
    }

    public subscript<Value: StoreValue>(_ index: Int) -> Value {
        Self.decode(scalar(at: index), column: "#\(index)")
    }

    /// A timestamp column read without Foundation's calendar (see `CivilTime`).
    public func timestamp(_ column: String) -> Date? {
        StoreTimestamp.date(scalar(named: column))
    }

    private static func decode<Value: StoreValue>(_ scalar: StoreScalar, column: String) -> Value {
        guard let value = Value.fromStore(scalar) else {
            fatalError("column \(column): \(scalar.kind) does not read as \(Value.self)")
        }
        return value
    }
}

/// A result's column names, shared by its rows; looked up case-insensitively as SQLite does.
final class StoreColumns: Sendable {
    let names: [String]
    private let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated().reversed() { positions[name.lowercased()] = index }
        self.positions = positions
    }

    func index(of name: String) -> Int? {
        positions[name] ?? positions[name.lowercased()]
    }
}

extension StoreScalar {
    /// The kind of value, for an error message (never the value: it may be personal).
    var kind: String {
        switch self {
        case .null: "NULL"
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        }
    }
}

extension StoreRow: ExpressibleByDictionaryLiteral {
    /// A row made by hand, in column order (page fixtures and tests), as SQLite would give it.
    public init(dictionaryLiteral elements: (String, (any StoreValue)?)...) {
        self.init(columns: StoreColumns(elements.map(\.0)), values: elements.map { $0.1?.storeScalar ?? .null }, engine: .sqlite)
    }
}
