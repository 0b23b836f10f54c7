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

    func open(migrate: Bool = true, logger: Logger = Logger(label: "stand-store")) throws -> StandStore {
        try StandStore(path: path, migrate: migrate, localFiles: localFiles, logger: logger)
    }
}
