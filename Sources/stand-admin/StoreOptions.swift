import ArgumentParser
import Foundation
import Logging
import StandCore

/// `--db PATH`, shared by every command; `STAND_DB` sets the default.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The SQLite store (default: $STAND_DB or data/stand.sqlite).")
    var path: String = ProcessInfo.processInfo.environment["STAND_DB"] ?? "data/stand.sqlite"

    func open(migrate: Bool = true, logger: Logger = Logger(label: "stand-store")) throws -> StandStore {
        try StandStore(path: path, migrate: migrate, logger: logger)
    }
}
