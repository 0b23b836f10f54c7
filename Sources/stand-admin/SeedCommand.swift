import ArgumentParser
import StandCore

struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "seed", abstract: "Write deterministic demo data into the store.")

    @OptionGroup var store: StoreOptions
    @Option(help: "How many app users to create.") var users = 10_000
    @Option(help: "How many past days of questions and answers.") var days = 30
    @Option(help: "Random seed; the same seed writes the same data.") var seed: UInt64 = 1

    func validate() throws {
        guard users >= 0, users <= 20_000_000 else { throw ValidationError("--users must be between 0 and 20,000,000") }
        guard days >= 0, days <= 3_650 else { throw ValidationError("--days must be between 0 and 3,650") }
    }

    func run() throws {
        let progress = TerminalProgress()
        let summary = try DemoSeeder(store: store.open()).run(.init(users: users, days: days, seed: seed)) { label, done, total in
            progress.update(label, done, total)
        }
        print(summary)
    }
}
