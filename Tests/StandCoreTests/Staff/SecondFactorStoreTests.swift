import Foundation
import GRDB
import Testing
@testable import StandCore

/// Enrolment, the check at sign-in, recovery codes and turning it off, on a
/// real store, with codes computed from the secret the enrolment showed.
@Suite struct SecondFactorStoreTests {
    static let now = Date(timeIntervalSince1970: 1_795_636_980)

    static func enrolled() async throws -> (SecondFactors, AuditActor, TOTP, [String], StandStore) {
        let store = try await temporaryStore()
        let actor = try await insertStaff(store, email: "ana@example.com", role: .owner)
        let factors = SecondFactors(store: store)
        let enrolment = try await factors.startEnrolment(staffId: actor.staffId!, email: "ana@example.com", now: now)
        let totp = TOTP(secret: try #require(Base32.decode(enrolment.secretGrouped)))
        #expect(enrolment.secretGrouped.split(separator: " ").allSatisfy { $0.count == 4 })
        #expect(enrolment.link == totp.provisioningURI(account: "ana@example.com", issuer: "Stand Admin"))
        await #expect(throws: ValidationErrors.self) {
            try await factors.confirm(staffId: actor.staffId!, code: "000000" == totp.code(at: now) ? "111111" : "000000", by: actor, now: now)
        }
        #expect(try await factors.status(staffId: actor.staffId!).isOn == false, "not on until a code confirms it")
        let recovery = try await factors.confirm(staffId: actor.staffId!, code: totp.code(at: now), by: actor, now: now)
        return (factors, actor, totp, recovery, store)
    }

    @Test func aConfirmedFactorAcceptsEachCodeOnce() async throws {
        let (factors, actor, totp, recovery, store) = try await Self.enrolled()
        let staffId = actor.staffId!
        #expect(recovery.count == 10)
        #expect(try await factors.status(staffId: staffId) == .init(isOn: true, recoveryCodesLeft: 10))
        // The code that confirmed the enrolment is spent.
        #expect(try await factors.check(staffId: staffId, code: totp.code(at: Self.now), by: actor, now: Self.now) == .refused)
        let later = Self.now.addingTimeInterval(60)
        #expect(try await factors.check(staffId: staffId, code: totp.code(at: later.addingTimeInterval(-30)), by: actor, now: later) == .accepted,
                "one step behind is accepted")
        #expect(try await factors.check(staffId: staffId, code: totp.code(at: later.addingTimeInterval(-30)), by: actor, now: later) == .refused,
                "and never again")
        #expect(try await factors.check(staffId: staffId, code: totp.code(at: later.addingTimeInterval(60)), by: actor, now: later) == .refused,
                "two steps ahead is not")
        #expect(try await factors.check(staffId: staffId, code: recovery[3].uppercased(), by: actor, now: later) == .recoveryCodeUsed(left: 9))
        #expect(try await factors.check(staffId: staffId, code: recovery[3], by: actor, now: later) == .refused, "a recovery code works once")
        await #expect(throws: Conflict.self) { try await factors.startEnrolment(staffId: staffId, email: "ana@example.com") }
        // Nothing secret in the store but the secret itself: the codes are hashes, the audit trail has none.
        try await store.read { db in
            let hashes = try String.fetchAll(db, sql: "SELECT code_hash FROM staff_recovery_codes")
            #expect(hashes.count == 10 && !hashes.contains(recovery[0]) && hashes.contains(RecoveryCodes.hash(recovery[0])))
            let details = try String.fetchAll(db, sql: "SELECT COALESCE(detail, '') FROM audit_events").joined()
            #expect(!recovery.contains { details.contains($0) } && !details.contains(Base32.encode(totp.secret)))
            #expect(try String.fetchAll(db, sql: "SELECT action FROM audit_events ORDER BY id")
                    == ["staff.second_factor_enabled", "staff.recovery_code_used"])
        }
    }

    @Test func turningItOffOrResettingItEndsEveryCode() async throws {
        let (factors, actor, totp, recovery, store) = try await Self.enrolled()
        let staffId = actor.staffId!
        #expect(try await factors.turnOff(staffId: staffId, by: .commandLine, reset: true))
        #expect(try await factors.status(staffId: staffId) == .init(isOn: false, recoveryCodesLeft: 0))
        let later = Self.now.addingTimeInterval(90)
        #expect(try await factors.check(staffId: staffId, code: totp.code(at: later), by: actor, now: later) == .notEnrolled)
        #expect(try await factors.check(staffId: staffId, code: recovery[0], by: actor, now: later) == .notEnrolled)
        #expect(try await factors.turnOff(staffId: staffId, by: actor) == false, "nothing left to turn off, nothing audited")
        #expect(try await store.read { db in try String.fetchAll(db, sql: "SELECT action || ':' || COALESCE(detail, '') FROM audit_events ORDER BY id") }
                == ["staff.second_factor_enabled:", "staff.second_factor_reset:from the command line"])
        // A new phone: a new secret, the old one's codes mean nothing.
        let again = try await factors.startEnrolment(staffId: staffId, email: "ana@example.com", now: later)
        #expect(Base32.decode(again.secretGrouped) != totp.secret)
    }
}
