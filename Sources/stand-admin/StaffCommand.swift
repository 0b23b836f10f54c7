import ArgumentParser
import Foundation
import StandCore

struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff", abstract: "Create and list staff accounts; clear a lost second factor.",
        subcommands: [Create.self, List.self, ResetSecondFactor.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a staff account.")

        @OptionGroup var store: StoreOptions
        @Option(help: "Their email address.") var email: String
        @Option(help: "owner, editor or support.") var role: String
        @Flag(help: "Read the password from standard input instead of generating one.") var passwordStdin = false

        func run() async throws {
            guard let staffRole = StaffRole(rawValue: role) else {
                throw ValidationError("--role must be owner, editor or support")
            }
            let generated = !passwordStdin
            let password = generated ? SecureToken.password() : (readLine(strippingNewline: true) ?? "")
            do {
                let member = try await StaffAccounts(store: store.open()).create(
                    .init(email: email, role: staffRole, password: password), by: .commandLine
                )
                print("created \(member.role.rawValue) \(member.email)")
                if generated { print("password (shown once): \(password)") }
            } catch let errors as ValidationErrors {
                throw ValidationError(errors.messages.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n"))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List staff accounts.")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let roster = try await StaffAccounts(store: store.open()).roster()
            if roster.members.isEmpty { print("no staff accounts; `serve` prints a setup link, or use `staff create`") }
            for entry in roster.members {
                let member = entry.member
                let status = member.disabled ? "disabled" : (entry.lockedUntil != nil ? "locked" : "active")
                print("\(member.id!)\t\(member.email)\t\(member.role.rawValue)\t\(status)\t\(entry.hasSecondFactor ? "2fa" : "no 2fa")")
            }
        }
    }

    /// For someone (an owner too) who lost their phone and their recovery codes:
    /// run on the console's machine, against the store; the server need not run.
    struct ResetSecondFactor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-2fa",
            abstract: "Clear a staff member's second factor, so they sign in with their password and set up a new one.")

        @OptionGroup var store: StoreOptions
        @Option(help: "Their email address.") var email: String

        func run() async throws {
            let opened = try store.open()
            guard let member = try await StaffAccounts(store: opened).find(email: email) else {
                throw ValidationError("no staff account has the email \(email)")
            }
            if try await SecondFactors(store: opened).turnOff(staffId: member.id!, by: .commandLine, reset: true) {
                print("cleared the second factor of \(member.email); they sign in with their password and set up a new one")
            } else {
                print("\(member.email) has no second factor; nothing changed")
            }
        }
    }
}
