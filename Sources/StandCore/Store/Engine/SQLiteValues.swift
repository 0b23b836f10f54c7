import Foundation
import GRDB

// Between StandCore's values and GRDB's, for the SQLite engine.

extension StoreScalar {
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
