import ArgumentParser
import Foundation
import StandCore

struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff", abstract: "Create and list staff accounts.",
        subcommands: [Create.self, List.self]
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
            let members = try await StaffAccounts(store: store.open()).roster()
            if members.isEmpty { print("no staff accounts; `serve` prints a setup link, or use `staff create`") }
            for (member, lockedUntil) in members {
                let status = member.disabled ? "disabled" : (lockedUntil != nil ? "locked" : "active")
                print("\(member.id!)\t\(member.email)\t\(member.role.rawValue)\t\(status)")
            }
        }
    }
}
