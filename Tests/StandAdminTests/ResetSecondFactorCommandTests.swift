import ArgumentParser
import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import stand_admin

/// `stand-admin staff reset-2fa --email E`: an owner who lost their phone and
/// their recovery codes, on the console's machine, with no server running.
@Suite struct ResetSecondFactorCommandTests {
    @Test func resetClearsTheSecondFactorAndIsAudited() async throws {
        let folder = try TemporaryFolder("reset-2fa")
        let path = folder.file("stand.sqlite")
        let store = try StandStore(path: path)
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        let owner = try await accounts.create(.init(email: "owner@example.com", role: .owner, password: "a-long-test-password"), by: .commandLine)
        let factors = SecondFactors(store: store)
        let enrolment = try await factors.startEnrolment(staffId: owner.id!, email: owner.email)
        let totp = TOTP(secret: try #require(Base32.decode(enrolment.secretGrouped)))
        _ = try await factors.confirm(staffId: owner.id!, code: totp.code(at: Date()), by: AuditActor(owner, ip: nil))
        try await SecondFactorRequirement(store: store).set(true, by: AuditActor(owner, ip: nil))

        let reset = try #require(try StandAdmin.parseAsRoot(["staff", "reset-2fa", "--db", path, "--email", "OWNER@example.com"]) as? StaffCommand.ResetSecondFactor)
        try await reset.run()
        #expect(try await factors.status(staffId: owner.id!) == .init(isOn: false, recoveryCodesLeft: 0))
        let events = try await store.read { db in
            try StoreRow.fetchAll(db, sql: "SELECT staff_email, detail FROM audit_events WHERE action = 'staff.second_factor_reset'")
                .map { "\($0["staff_email"] as String): \($0["detail"] as String)" }
        }
        #expect(events == ["command line: from the command line"])
        // They sign in with the password, and (required) set a new one up before any page.
        guard case .signedIn(_, let session) = try await accounts.signIn(email: owner.email, password: "a-long-test-password", client: .unknown,
                                                                          replacingSession: nil) else {
            Issue.record("the password alone did not sign in after the reset")
            return
        }
        #expect(try await SessionStore(store: store).active(id: session.id)?.mustSetUpSecondFactor == true)

        // Again: nothing to clear, and no second audit event; an unknown email is an error.
        try await reset.run()
        #expect(try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE action = 'staff.second_factor_reset'") } == 1)
        let unknown = try #require(try StandAdmin.parseAsRoot(["staff", "reset-2fa", "--db", path, "--email", "nobody@example.com"]) as? StaffCommand.ResetSecondFactor)
        await #expect(throws: ValidationError.self) { try await unknown.run() }
    }
}
