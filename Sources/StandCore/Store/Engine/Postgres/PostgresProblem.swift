import PostgresNIO

/// What went wrong on PostgreSQL, in the terms `StandStore.fault` sorts
/// errors by. Carries the SQLSTATE and the server's one-line message, never
/// its DETAIL (a unique violation's detail quotes the value: personal data).
struct PostgresProblem: Error, CustomStringConvertible {
    /// The SQLSTATE, or nil when the connection itself failed.
    let sqlState: String?
    let message: String
    let statement: String?

    init(_ error: any Error, statement: String?) {
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            sqlState = state
            message = error.serverInfo?[.message] ?? "\(error.code)"
        } else if let error = error as? PSQLError {
            sqlState = nil
            // A TLS handshake refused (a certificate not trusted, a name not matching) says why.
            message = error.underlying.map { "\(error.code): \($0)" } ?? "\(error.code)"
        } else {
            sqlState = nil
            message = "\(type(of: error))"
        }
        self.statement = statement
    }

    /// A lock not granted within `lock_timeout`, a serialization failure or a
    /// deadlock: nothing was written; the same request may succeed again.
    var isBusy: Bool {
        ["55P03", "40001", "40P01"].contains(sqlState ?? "")
    }

    /// The statement was cancelled (shutdown).
    var isCancellation: Bool { sqlState == "57014" }

    /// A unique, foreign-key or check constraint refused the change.
    var isConstraintViolation: Bool { sqlState?.hasPrefix("23") == true }

    var code: String { sqlState.map { "SQLSTATE \($0)" } ?? "connection: \(message)" }

    /// A fault of the store rather than of the request, or nil.
    var fault: StoreFault? {
        guard let sqlState else { return StoreFault(kind: .unreachable, code: code) }
        switch sqlState {
        case "53100": return StoreFault(kind: .diskFull, code: code)
        case "58030": return StoreFault(kind: .ioError, code: code)
        case "XX001", "XX002": return StoreFault(kind: .damaged, code: code)
        case _ where sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState):
            return StoreFault(kind: .unreachable, code: code)
        default: return nil
        }
    }

    var description: String { "PostgreSQL \(code): \(message)" }
}
