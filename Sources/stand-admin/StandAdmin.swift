import ArgumentParser

@main
struct StandAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stand-admin",
        abstract: "The Stand back-office console and its maintenance commands.",
        subcommands: [
            ServeCommand.self, MigrateCommand.self, SeedCommand.self, StaffCommand.self,
            CheckTemplatesCommand.self, BackupCommand.self, SanitiseCommand.self,
        ]
    )
}
