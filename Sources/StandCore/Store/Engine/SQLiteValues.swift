import Foundation
import GRDB

// Between StandCore's values and GRDB's, for the SQLite engine.

extension StoreScalar {
    /// What GRDB's non-generic subscripts hand over: the stored value itself.
    /// (Reading through its generic `row[i] as DatabaseValue` looked up generic
    /// metadata on every column: 2% of the audit page's time, measured with perf.)
    init(stored value: (any DatabaseValueConvertible)?) {
        switch value {
        case nil: self = .null
        case let integer as Int64: self = .integer(integer)
        case let real as Double: self = .real(real)
        case let text as String: self = .text(text)
        case let data as Data: self = .blob(data)
        case let other?: self.init(other.databaseValue)
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(data)
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}

extension StoreArguments {
    var statementArguments: StatementArguments {
        StatementArguments(values.map(\.databaseValue))
    }
}
