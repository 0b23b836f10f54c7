import ArgumentParser
import StandWeb

struct CheckTemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-templates",
        abstract: "Render every page template with fixture data and validate it with libxml2."
    )

    @Option(help: "Folder of .mustache templates.") var templates = "Templates"

    func run() async throws {
        let checker = try await TemplateChecker(templatesDirectory: templates)
        let (checked, problems) = checker.check()
        for problem in problems { print(problem) }
        if problems.isEmpty {
            print("\(checked.count) templates valid")
        } else {
            print("\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(Set(problems.map(\.template)).count) of \(checked.count) templates")
            throw ExitCode(1)
        }
    }
}
