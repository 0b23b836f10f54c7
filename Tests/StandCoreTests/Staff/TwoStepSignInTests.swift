import Foundation
import GRDB
import Testing
@testable import StandCore

/// Sign-in with a second factor, re-confirmation before the riskiest actions,
/// sessions and the owners' requirement, on a real store with pinned clocks
/// and codes computed from the secret the enrolment showed.
@Suite struct TwoStepSignInTests {
    static let now = Date(timeIntervalSince1970: 1_795_636_980)
    static let password = "a-long-test-password"
    static let client = SignInClient(address: "192.0.2.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36")

    struct Enrolled {
        let store: StandStore
        let accounts: StaffAccounts
        let member: StaffMember
        let totp: TOTP
        let recovery: [String]
    }

    /// An owner with a confirmed second factor (confirmed at `now`, with the code of that step).
    static func enrolled(email: String = "ana@example.com") async throws -> Enrolled {
        let store = try await temporaryStore()
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        let member = try await accounts.create(.init(email: email, role: .owner, password: password), by: .commandLine)
        let factors = SecondFactors(store: store)
        let enrolment = try await factors.startEnrolment(staffId: member.id!, email: email, now: now)
        let totp = TOTP(secret: try #require(Base32.decode(enrolment.secretGrouped)))
        let recovery = try await factors.confirm(staffId: member.id!, code: totp.code(at: now), by: AuditActor(member, ip: nil), now: now)
        return Enrolled(store: store, accounts: accounts, member: member, totp: totp, recovery: recovery)
    }

    /// The challenge of a first step that asked for the code.
    static func challenge(_ result: SignInResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        guard case .codeNeeded(let challenge) = result else {
            Issue.record("expected the code step, got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return challenge
    }

    static func session(_ result: SignInResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> StaffSession {
        guard case .signedIn(_, let session) = result else {
            Issue.record("expected to be signed in, got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return session
    }

    static func isRefused(_ result: SignInResult) -> Bool {
        if case .refused = result { return true } else { return false }
    }

    @Test func aPasswordThenACodeSignsInAndTheCodeIsNotAcceptedTwice() async throws {
        let ana = try await Self.enrolled()
        let later = Self.now.addingTimeInterval(120)
        let first = try Self.challenge(try await ana.accounts.signIn(email: "ANA@example.com", password: Self.password, client: Self.client,
                                                                     replacingSession: nil, now: later))
        let session = try Self.session(try await ana.accounts.signIn(challenge: first, code: ana.totp.code(at: later), client: Self.client,
                                                                     replacingSession: nil, now: later))
        #expect(session.confirmedAt == later && session.userAgent == Self.client.userAgent && session.address == "192.0.2.7")
        #expect(session.reference.count == 16)
        // The same code again, within its window, from another browser: refused.
        let second = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                      replacingSession: nil, now: later.addingTimeInterval(5)))
        #expect(Self.isRefused(try await ana.accounts.signIn(challenge: second, code: ana.totp.code(at: later), client: .unknown,
                                                            replacingSession: nil, now: later.addingTimeInterval(5))))
        // The challenge stays for another try until it expires.
        let next = later.addingTimeInterval(30)
        _ = try Self.session(try await ana.accounts.signIn(challenge: second, code: ana.totp.code(at: next), client: .unknown,
                                                           replacingSession: nil, now: next))
        #expect(try await ana.accounts.signIn(challenge: second, code: ana.totp.code(at: next.addingTimeInterval(30)), client: .unknown,
                                              replacingSession: nil, now: next.addingTimeInterval(30)).isChallengeExpired,
                "a challenge that signed in is spent")
        try await ana.store.read { db in
            let events = try StoreRow.fetchAll(db, sql: "SELECT action, COALESCE(detail, '') AS detail FROM audit_events WHERE action LIKE 'staff.sign_in%' ORDER BY id")
                .map { "\($0["action"] as String) \($0["detail"] as String)" }
            #expect(events == ["staff.sign_in with a code", "staff.sign_in_failed wrong code", "staff.sign_in with a code"])
        }
    }

    @Test func oneStepOfDriftIsAcceptedAndTwoAreNot() async throws {
        let ana = try await Self.enrolled()
        let at = Self.now.addingTimeInterval(600)
        for (offset, accepted) in [(-60.0, false), (60, false), (-30, true), (30, true)] {
            let challenge = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                             replacingSession: nil, now: at))
            let result = try await ana.accounts.signIn(challenge: challenge, code: ana.totp.code(at: at.addingTimeInterval(offset)), client: .unknown,
                                                       replacingSession: nil, now: at)
            #expect(Self.isRefused(result) == !accepted, "a code \(offset) s off")
        }
    }

    @Test func aRecoveryCodeSignsInOnce() async throws {
        let ana = try await Self.enrolled()
        let at = Self.now.addingTimeInterval(300)
        for expected in [true, false] {
            let challenge = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                             replacingSession: nil, now: at))
            let result = try await ana.accounts.signIn(challenge: challenge, code: ana.recovery[7], client: .unknown, replacingSession: nil, now: at)
            #expect(Self.isRefused(result) == !expected)
        }
        #expect(try await SecondFactors(store: ana.store).status(staffId: ana.member.id!).recoveryCodesLeft == 9)
    }

    /// A wrong password reaches the code step just as a right one does; the
    /// code step refuses it whatever code follows, with the same answer.
    @Test func aWrongPasswordIsNotToldApartUntilTheCode() async throws {
        let ana = try await Self.enrolled()
        let at = Self.now.addingTimeInterval(300)
        let wrong = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: "not-the-password", client: .unknown,
                                                                     replacingSession: nil, now: at))
        let unknown = try Self.challenge(try await ana.accounts.signIn(email: "nobody@example.com", password: "whatever-it-is", client: .unknown,
                                                                       replacingSession: nil, now: at))
        for challenge in [wrong, unknown] {
            #expect(Self.isRefused(try await ana.accounts.signIn(challenge: challenge, code: ana.totp.code(at: at), client: .unknown,
                                                                 replacingSession: nil, now: at)))
        }
        #expect(try await ana.accounts.signIn(challenge: String(repeating: "a", count: 64), code: "123456", client: .unknown,
                                              replacingSession: nil, now: at).isChallengeExpired)
        #expect(try await ana.accounts.signIn(challenge: wrong, code: "123456", client: .unknown, replacingSession: nil,
                                              now: at.addingTimeInterval(StaffAccounts.challengeLifetime)).isChallengeExpired)
    }

    /// With no second factor anywhere, a wrong password is said at once, as before.
    @Test func withoutAnySecondFactorAWrongPasswordIsSaidAtOnce() async throws {
        let store = try await temporaryStore()
        let accounts = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
        try await accounts.create(.init(email: "bo@example.com", role: .support, password: Self.password), by: .commandLine)
        #expect(Self.isRefused(try await accounts.signIn(email: "bo@example.com", password: "wrong-password", client: .unknown, replacingSession: nil)))
        _ = try Self.session(try await accounts.signIn(email: "bo@example.com", password: Self.password, client: .unknown, replacingSession: nil))
    }

    /// Wrong passwords, wrong codes and wrong re-confirmations count toward one
    /// lock per address; a first step whose code never came counts too, so the
    /// lock cannot tell which password was right.
    @Test func wrongCodesAndPasswordsShareOneLock() async throws {
        let ana = try await Self.enrolled()
        var at = Self.now.addingTimeInterval(300)
        let signedIn = try Self.session(try await ana.accounts.signIn(
            challenge: try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                        replacingSession: nil, now: at)),
            code: ana.totp.code(at: at), client: .unknown, replacingSession: nil, now: at))
        at.addTimeInterval(30)
        let wrongCode = "999999" == ana.totp.code(at: at) ? "111111" : "999999"
        // 1: a wrong password (to the code step; its first code rides on it). 2: a second code for it.
        let wrong = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: "wrong-password", client: .unknown,
                                                                     replacingSession: nil, now: at))
        for _ in 1...2 {
            #expect(Self.isRefused(try await ana.accounts.signIn(challenge: wrong, code: wrongCode, client: .unknown, replacingSession: nil, now: at)))
        }
        // 3: a wrong password when asked again before a risky action.
        #expect(try await ana.accounts.reconfirm(session: signedIn, password: "wrong-password", code: ana.totp.code(at: at), ip: nil, now: at) == .refused)
        // 4: a right password, counted until its code comes; its first wrong code rides on it;
        // 5: a second wrong code locks the address (had the right password not counted, this would be the fourth failure).
        let right = try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                     replacingSession: nil, now: at))
        #expect(Self.isRefused(try await ana.accounts.signIn(challenge: right, code: wrongCode, client: .unknown, replacingSession: nil, now: at)))
        guard case .locked = try await ana.accounts.signIn(challenge: right, code: wrongCode,
                                                           client: .unknown, replacingSession: nil, now: at) else {
            Issue.record("the fifth failure did not lock the address")
            return
        }
        // Now even the right password and code are refused, and the session asking again ends.
        guard case .locked = try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                           replacingSession: nil, now: at) else {
            Issue.record("a locked address was let through")
            return
        }
        guard case .locked = try await ana.accounts.reconfirm(session: signedIn, password: Self.password, code: ana.totp.code(at: at), ip: nil, now: at) else {
            Issue.record("a locked address re-confirmed")
            return
        }
        #expect(try await SessionStore(store: ana.store).active(id: signedIn.id, now: at) == nil)
        // Fifteen minutes on, the right password and code sign in and clear the count.
        at.addTimeInterval(StaffAccounts.lockDuration + 30)
        _ = try Self.session(try await ana.accounts.signIn(
            challenge: try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                        replacingSession: nil, now: at)),
            code: ana.totp.code(at: at), client: .unknown, replacingSession: nil, now: at))
        #expect(try await ana.store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sign_in_throttle") } == 0)
    }

    /// The riskiest actions trust a confirmation for 15 minutes; then the
    /// password and a code confirm the session again.
    @Test func aSessionIsRecentlyConfirmedForFifteenMinutes() async throws {
        let ana = try await Self.enrolled()
        let at = Self.now.addingTimeInterval(300)
        let session = try Self.session(try await ana.accounts.signIn(
            challenge: try Self.challenge(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown,
                                                                        replacingSession: nil, now: at)),
            code: ana.totp.code(at: at), client: .unknown, replacingSession: nil, now: at))
        #expect(session.isRecentlyConfirmed(at: at.addingTimeInterval(14 * 60 + 59)))
        let stale = at.addingTimeInterval(15 * 60)
        #expect(!session.isRecentlyConfirmed(at: stale))
        #expect(try await ana.accounts.reconfirm(session: session, password: Self.password, code: "", ip: nil, now: stale) == .refused,
                "the password alone is not enough with a second factor")
        #expect(try await ana.accounts.reconfirm(session: session, password: Self.password, code: ana.totp.code(at: stale), ip: nil, now: stale) == .confirmed)
        let reread = try #require(try await SessionStore(store: ana.store).active(id: session.id, now: stale))
        #expect(reread.session.confirmedAt == stale && reread.session.isRecentlyConfirmed(at: stale.addingTimeInterval(60)))
        let confirmations = try await ana.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'staff.sign_in_confirmed'")
        }
        #expect(confirmations == ["the password and a code"])
    }

    @Test func turningTheSecondFactorOffTakesThePasswordAndACode() async throws {
        let ana = try await Self.enrolled()
        let at = Self.now.addingTimeInterval(300)
        let session = try await SessionStore(store: ana.store).start(staffId: ana.member.id!, replacing: nil, now: at)
        #expect(try await ana.accounts.turnOffSecondFactor(session: session, password: Self.password, code: "12345", ip: nil, now: at) == .refused)
        #expect(try await SecondFactors(store: ana.store).status(staffId: ana.member.id!).isOn)
        #expect(try await ana.accounts.turnOffSecondFactor(session: session, password: Self.password, code: ana.totp.code(at: at), ip: nil, now: at) == .confirmed)
        #expect(try await SecondFactors(store: ana.store).status(staffId: ana.member.id!).isOn == false)
        await #expect(throws: Conflict.self) {
            try await ana.accounts.turnOffSecondFactor(session: session, password: Self.password, code: "", ip: nil, now: at)
        }
        // Back to the password alone.
        _ = try Self.session(try await ana.accounts.signIn(email: "ana@example.com", password: Self.password, client: .unknown, replacingSession: nil,
                                                           now: at.addingTimeInterval(60)))
    }

    @Test func sessionsAreListedAndAnotherOneEnded() async throws {
        let ana = try await Self.enrolled()
        let sessions = SessionStore(store: ana.store)
        let at = Self.now.addingTimeInterval(60)
        let here = try await sessions.start(staffId: ana.member.id!, replacing: nil, client: Self.client, now: at)
        let there = try await sessions.start(staffId: ana.member.id!, replacing: nil, client: .unknown, now: at.addingTimeInterval(-120))
        let listed = try await ana.accounts.sessions(staffId: ana.member.id!, now: at)
        #expect(listed.map(\.reference) == [here.reference, there.reference])
        #expect(listed[0].userAgent == Self.client.userAgent && listed[0].address == "192.0.2.7")
        let actor = AuditActor(ana.member, ip: nil)
        await #expect(throws: ValidationErrors.self, "the session in use is ended by signing out") {
            try await ana.accounts.endSession(staffId: ana.member.id!, reference: here.reference, keeping: here.id, by: actor, now: at)
        }
        #expect(try await ana.accounts.endSession(staffId: ana.member.id!, reference: there.reference, keeping: here.id, by: actor, now: at))
        #expect(try await ana.accounts.endSession(staffId: ana.member.id!, reference: there.reference, keeping: here.id, by: actor, now: at) == false)
        #expect(try await sessions.active(id: there.id, now: at) == nil)
        #expect(try await sessions.active(id: here.id, now: at) != nil)
        // Another staff member's reference does not end a session of Ana's.
        let bo = try await ana.accounts.create(.init(email: "bo@example.com", role: .support, password: Self.password), by: .commandLine)
        #expect(try await ana.accounts.endSession(staffId: bo.id!, reference: here.reference, keeping: nil, by: actor, now: at) == false)
        #expect(try await ana.accounts.endAllSessions(staffId: ana.member.id!, keeping: nil, by: actor, now: at) == 1)
        #expect(try await sessions.active(id: here.id, now: at) == nil)
    }

    @Test func ownersRequireASecondFactorOnlyOnceTheyHaveOne() async throws {
        let ana = try await Self.enrolled()
        let requirement = SecondFactorRequirement(store: ana.store)
        let owner = AuditActor(ana.member, ip: nil)
        let bo = try await ana.accounts.create(.init(email: "bo@example.com", role: .owner, password: Self.password), by: .commandLine)
        await #expect(throws: ValidationErrors.self, "an owner without one cannot require it") {
            try await requirement.set(true, by: AuditActor(bo, ip: nil))
        }
        try await requirement.set(true, by: owner)
        #expect(try await requirement.isRequired())
        let sessions = SessionStore(store: ana.store)
        let boSession = try await sessions.start(staffId: bo.id!, replacing: nil)
        let anaSession = try await sessions.start(staffId: ana.member.id!, replacing: nil)
        #expect(try await sessions.active(id: boSession.id)?.mustSetUpSecondFactor == true)
        #expect(try await sessions.active(id: anaSession.id)?.mustSetUpSecondFactor == false)
        let roster = try await ana.accounts.roster()
        #expect(roster.secondFactorRequired && roster.members.map(\.hasSecondFactor) == [true, false])
        try await requirement.set(false, by: owner)
        #expect(try await sessions.active(id: boSession.id)?.mustSetUpSecondFactor == false)
        let changes = try await ana.store.read { db in
            try String.fetchAll(db, sql: "SELECT action FROM audit_events WHERE action LIKE 'console.%' ORDER BY id")
        }
        #expect(changes == ["console.second_factor_required", "console.second_factor_not_required"])
    }
}

extension SignInResult {
    var isChallengeExpired: Bool {
        if case .challengeExpired = self { return true } else { return false }
    }
}
