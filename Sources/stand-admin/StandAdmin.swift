import ArgumentParser
import Dispatch
import NIOCore
import NIOPosix
import StandCore

@main
enum Entry {
    static func main() {
        // Before any async code runs: let Swift concurrency run on NIO's event
        // loops, so a request is not handed between two thread pools on its way
        // through the handlers (measured with scripts/bench).
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        let finished = DispatchSemaphore(value: 0)
        // Detached: `main` runs on the main actor, which this thread blocks below.
        Task.detached {
            await StandAdmin.main()
            finished.signal()
        }
        finished.wait()
    }
}

struct StandAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stand-admin",
        abstract: "The Stand back-office console and its maintenance commands.",
        // Which SQLite the binary runs matters: 3.7.0–3.51.2 have the WAL-reset bug (docs/store.md).
        version: "stand-admin, SQLite \(StandStore.sqliteVersion)",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, SeedCommand.self, StaffCommand.self,
            CheckTemplatesCommand.self, BackupCommand.self, SanitiseCommand.self, VerifyDrawCommand.self,
        ]
    )
}
