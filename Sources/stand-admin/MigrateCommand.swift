import ArgumentParser
import StandCore

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Apply the store's numbered migrations (safe to repeat).")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let opened = try store.open(migrate: true)
        let applied = try opened.appliedMigrations()
        print("\(store.path): \(applied.count) migrations applied, latest \(applied.last ?? "none")")
    }
}
