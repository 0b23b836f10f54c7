import ArgumentParser
import Hummingbird
import Logging
import StandCore
import StandWeb
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the console over HTTP.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Address to bind; the console is meant for this machine only.") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 8080
    @Option(help: "Folder of .mustache templates.") var templates = "Templates"
    @Option(name: .customLong("public"), help: "Folder served under /static/.") var publicDirectory = "Public"

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "stand-admin")
        logger.logLevel = .info
        let erasureTargets: ErasureTargets
        do {
            erasureTargets = try ErasureTargets.fromEnvironment()
        } catch let invalid as ErasureTargets.Invalid {
            throw ValidationError(invalid.description)
        }
        let configuration = AppConfiguration(
            host: host, port: port, databasePath: store.path,
            templatesDirectory: templates, publicDirectory: publicDirectory,
            erasureTargets: erasureTargets
        )
        let standStore = try store.open(logger: logger)
        // While the console serves (read-only until it is done): a damaged store is named within seconds of starting.
        if standStore.engine == .sqlite {
            FileHandle.standardError.write(Data("Checking the store (PRAGMA quick_check); the console takes no changes until it is done…\n".utf8))
        }
        StoreCheck.inBackground(standStore) { outcome in
            let summary = switch outcome {
            // PostgreSQL checks its own pages as it reads them; there is no quick_check to report.
            case .success where standStore.engine == .postgres:
                "The console takes changes (no start-up check on PostgreSQL: the server checks its own pages)."
            case .success(let check) where check.isWhole:
                String(format: "Store checked: whole (%.1f s). The console takes changes.", check.seconds)
            case .success(let check):
                String(format: "STORE DAMAGED: quick_check found %d problem(s) in %.1f s. The console serves it and says so on every page and /healthz. First: ",
                       check.problems.count, check.seconds) + check.problems[0]
            case .failure(let error):
                "The store check could not run (\(error)); the console takes changes."
            }
            FileHandle.standardError.write(Data((summary + "\n").utf8))
        }
        let staff = StaffAccounts(store: standStore)
        let app = try await buildApplication(configuration, store: standStore, logger: logger) {
            guard (try? await staff.count()) == 0 else { return }
            let message = "No staff account exists yet. Open this one-time link to create the first owner:\n  \(configuration.setupURL)\n"
            FileHandle.standardOutput.write(Data(message.utf8))
        }
        try await app.runService()
    }
}
