import ArgumentParser
import Foundation
import Logging
import StandCore

/// `--db PATH` (or `--db postgres://…`), shared by every command; `STAND_DB` sets the default.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The store: a SQLite file, or postgres://user@host:port/database (default: $STAND_DB or data/stand.sqlite).")
    var path: String = ProcessInfo.processInfo.environment["STAND_DB"] ?? "data/stand.sqlite"

    @Option(name: .customLong("local-files"),
            help: "With a PostgreSQL store: the folder for the console's own files, view journals and exports (default: $STAND_LOCAL_FILES or a folder under data/ named for the database).")
    var localFiles: String? = ProcessInfo.processInfo.environment["STAND_LOCAL_FILES"]

    @Option(name: .customLong("db-connections"),
            help: "With a PostgreSQL store: how many connections (and transactions at once) the console holds at most, 1 to 100 (default: $STAND_DB_CONNECTIONS or \(PostgresOptions.defaultConnections)).")
    var connectionsOption: Int?

    /// The pool's size: the option, else `STAND_DB_CONNECTIONS`, else the default; `validate()` has refused anything else.
    var connections: Int {
        (try? Self.connectionLimit(option: connectionsOption, environment: ProcessInfo.processInfo.environment)) ?? PostgresOptions.defaultConnections
    }

    func validate() throws {
        _ = try Self.connectionLimit(option: connectionsOption, environment: ProcessInfo.processInfo.environment)
    }

    /// A value from the environment is held to the option's rule: a typo there must not quietly become the default.
    static func connectionLimit(option: Int?, environment: [String: String]) throws -> Int {
        let allowed = 1...100
        if let option {
            guard allowed.contains(option) else {
                throw ValidationError("--db-connections must be between 1 and 100; it was \(option).")
            }
            return option
        }
        guard let text = environment["STAND_DB_CONNECTIONS"] else { return PostgresOptions.defaultConnections }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), allowed.contains(value) else {
            throw ValidationError("STAND_DB_CONNECTIONS must be a number between 1 and 100; it was \"\(text)\".")
        }
        return value
    }

    func open(migrate: Bool = true, logger: Logger = Logger(label: "stand-store")) throws -> StandStore {
        try StandStore(path: path, migrate: migrate, localFiles: localFiles, postgres: PostgresOptions(connections: connections), logger: logger)
    }
}
