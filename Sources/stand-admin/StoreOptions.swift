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
    var connections: Int = ProcessInfo.processInfo.environment["STAND_DB_CONNECTIONS"].flatMap { Int($0) } ?? PostgresOptions.defaultConnections

    func validate() throws {
        guard (1...100).contains(connections) else {
            throw ValidationError("--db-connections must be between 1 and 100; it was \(connections).")
        }
    }

    func open(migrate: Bool = true, logger: Logger = Logger(label: "stand-store")) throws -> StandStore {
        try StandStore(path: path, migrate: migrate, localFiles: localFiles, postgres: PostgresOptions(connections: connections), logger: logger)
    }
}
