import ArgumentParser
import Foundation
import StandTestSupport
import Testing
@testable import stand_admin
import StandWeb

@Suite struct CommandTests {
    static let root = repositoryRoot

    @Test func everySubcommandOfTheBriefExists() throws {
        let names = StandAdmin.configuration.subcommands.map { $0._commandName }
        #expect(names == ["serve", "migrate", "seed", "staff", "check-templates", "backup", "sanitise", "verify-draw"])
    }

    /// `--version` names the SQLite library the binary runs (3.7.0–3.51.2 have the WAL-reset bug).
    @Test func versionNamesTheSQLiteItRuns() throws {
        let version = StandAdmin.configuration.version
        #expect(version.hasPrefix("stand-admin, SQLite "))
        let match = try #require(version.firstMatch(of: /SQLite (\d+)\.(\d+)\.(\d+)$/), "\(version)")
        let parts = [match.1, match.2, match.3].compactMap { Int($0) }
        #expect(!parts.lexicographicallyPrecedes([3, 51, 3]), "\(version)")
    }

    @Test func dbOptionAndDefaults() throws {
        let serve = try #require(try StandAdmin.parseAsRoot(["serve", "--db", "/tmp/x.sqlite"]) as? ServeCommand)
        #expect(serve.store.path == "/tmp/x.sqlite")
        #expect(serve.host == "127.0.0.1")
        #expect(serve.port == 8080)
        let seed = try #require(try StandAdmin.parseAsRoot(["seed"]) as? SeedCommand)
        #expect(seed.users == 10_000)
    }

    /// The PostgreSQL pool's size: bounded, 10 unless told (`PostgresOptions`).
    @Test func dbConnectionsIsBoundedAndDefaultsToTen() throws {
        let serve = try #require(try StandAdmin.parseAsRoot(["serve"]) as? ServeCommand)
        #expect(serve.store.connections == 10)
        let three = try #require(try StandAdmin.parseAsRoot(["serve", "--db-connections", "3"]) as? ServeCommand)
        #expect(three.store.connections == 3)
        for refused in ["0", "101", "many"] {
            #expect(throws: (any Error).self, "\(refused)") { try StandAdmin.parseAsRoot(["serve", "--db-connections", refused]) }
        }
        do {
            _ = try StandAdmin.parseAsRoot(["migrate", "--db-connections", "0"])
            Issue.record("0 connections was taken")
        } catch {
            #expect(StandAdmin.message(for: error) == "--db-connections must be between 1 and 100; it was 0.")
        }
    }

    /// `STAND_DB_CONNECTIONS` follows the option's rule; a value that is not a number was once taken as the default.
    @Test func dbConnectionsFromTheEnvironmentIsRefusedWhenItIsNotANumberInRange() throws {
        #expect(try StoreOptions.connectionLimit(option: nil, environment: [:]) == 10)
        #expect(try StoreOptions.connectionLimit(option: nil, environment: ["STAND_DB_CONNECTIONS": "4"]) == 4)
        #expect(try StoreOptions.connectionLimit(option: 7, environment: ["STAND_DB_CONNECTIONS": "many"]) == 7)
        for refused in ["many", "0", "101", "", "4.5"] {
            do {
                _ = try StoreOptions.connectionLimit(option: nil, environment: ["STAND_DB_CONNECTIONS": refused])
                Issue.record("STAND_DB_CONNECTIONS=\(refused) was taken")
            } catch {
                #expect(StandAdmin.message(for: error) == "STAND_DB_CONNECTIONS must be a number between 1 and 100; it was \"\(refused)\".")
            }
        }
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
        let folder = try TemporaryFolder("templates")
        let directory = folder.url.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Templates"), to: directory)
        let broken = directory.appendingPathComponent("error.mustache")
        let text = try String(contentsOf: broken, encoding: .utf8).replacingOccurrences(of: "<h1>{{page.heading}}</h1>", with: "<h1>{{page.heading}}</h2></span><nvx>")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let command = try #require(try StandAdmin.parseAsRoot(["check-templates", "--templates", directory.path]) as? CheckTemplatesCommand)
        await #expect(throws: ExitCode.self) { try await command.run() }
    }
}

/// `check-templates` holds every name a template uses to the page's model.
@Suite struct TemplateFieldTests {
    static func check(replacing old: String, with new: String, in template: String) async throws -> [String] {
        let folder = try TemporaryFolder("templates")
        let directory = folder.url.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: CommandTests.root.appendingPathComponent("Templates"), to: directory)
        let file = directory.appendingPathComponent(template + ".mustache")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "the test's template text moved: \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
        return try await TemplateChecker(templatesDirectory: directory.path).check().problems.map(\.description)
    }

    @Test func theShippedTemplatesNameOnlyFieldsTheirModelsAnswer() async throws {
        let problems = try await TemplateChecker(templatesDirectory: CommandTests.root.appendingPathComponent("Templates").path).check().problems
        #expect(problems.map(\.description) == [])
    }

    @Test func aMisspelledPageFieldIsReported() async throws {
        let problems = try await Self.check(replacing: "{{page.userCount}}", with: "{{page.userCuont}}", in: "dashboard/index")
        #expect(problems.contains { $0.contains("dashboard/index.mustache") && $0.contains("userCuont") })
    }

    @Test func aMisspelledFieldInsideASectionIsReported() async throws {
        let problems = try await Self.check(replacing: "{{lastLogin}}", with: "{{lastLogn}}", in: "staff/index")
        #expect(problems.contains { $0.contains("staff/index.mustache") && $0.contains("lastLogn") })
    }

    @Test func aLayoutFieldNoModelAnswersIsReported() async throws {
        let problems = try await Self.check(replacing: "{{layout.staffEmail}}", with: "{{layout.staffMail}}", in: "layout")
        #expect(problems.contains { $0.contains("layout.mustache") && $0.contains("staffMail") })
    }

    @Test func aSectionNoFixtureShowsIsReported() async throws {
        // Shown only when the user count is both set and unset: never.
        let never = "{{#page.userCount}}{{^page.userCount}}{{page.neverShown}}{{/page.userCount}}{{/page.userCount}}"
        let problems = try await Self.check(replacing: "<h1>Dashboard</h1>", with: "<h1>Dashboard\(never)</h1>", in: "dashboard/index")
        #expect(problems.contains { $0.contains("{{page.neverShown}} is never shown by a fixture") })
    }
}
