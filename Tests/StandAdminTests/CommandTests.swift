import ArgumentParser
import Foundation
import Testing
@testable import stand_admin

@Suite struct CommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everySubcommandOfTheBriefExists() throws {
        let names = StandAdmin.configuration.subcommands.map { $0._commandName }
        #expect(names == ["serve", "migrate", "seed", "staff", "check-templates", "backup", "sanitise"])
    }

    @Test func dbOptionAndDefaults() throws {
        let serve = try #require(try StandAdmin.parseAsRoot(["serve", "--db", "/tmp/x.sqlite"]) as? ServeCommand)
        #expect(serve.store.path == "/tmp/x.sqlite")
        #expect(serve.host == "127.0.0.1")
        #expect(serve.port == 8080)
        let seed = try #require(try StandAdmin.parseAsRoot(["seed"]) as? SeedCommand)
        #expect(seed.users == 10_000)
    }

    @Test func badArgumentsAreRefusedWithAMessage() {
        #expect(throws: (any Error).self) { try StandAdmin.parseAsRoot(["seed", "--users", "-5"]) }
        #expect(throws: (any Error).self) { try StandAdmin.parseAsRoot(["backup"]) }
        #expect(throws: (any Error).self) { try StandAdmin.parseAsRoot(["staff", "create", "--email", "a@b.co"]) }
    }

    @Test func checkTemplatesPassesOnTheShippedTemplates() async throws {
        let command = try #require(try StandAdmin.parseAsRoot(["check-templates", "--templates", Self.root.appendingPathComponent("Templates").path]) as? CheckTemplatesCommand)
        try await command.run()
    }

    @Test func checkTemplatesFailsOnABrokenTemplate() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Templates"), to: directory)
        let broken = directory.appendingPathComponent("error.mustache")
        let text = try String(contentsOf: broken, encoding: .utf8).replacingOccurrences(of: "<h1>{{page.heading}}</h1>", with: "<h1>{{page.heading}}</h2></span><nvx>")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let command = try #require(try StandAdmin.parseAsRoot(["check-templates", "--templates", directory.path]) as? CheckTemplatesCommand)
        await #expect(throws: ExitCode.self) { try await command.run() }
    }
}
