import StandCore

/// `account/index`: a staff member's password, second factor and sessions.
struct AccountPage: PageModel {
    static let template = "account/index"
    let title = "Your account"

    let email: String
    let role: String
    /// A confirmed second factor, and how many recovery codes are left.
    let secondFactor: SecondFactors.Status
    let sessions: [SessionRow]
    /// Messages of the password form.
    var errors = FieldErrors()
    /// Messages of the form that turns the second factor off.
    var offErrors = FieldErrors()
    /// Messages of the session list's forms.
    var sessionErrors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.email }, "role": { $0.role }, "errors": { $0.errors.leading("Your password was not changed:") },
        "offErrors": { $0.offErrors.leading("Your second factor is still on:") },
        "sessionErrors": { $0.sessionErrors.leading("No session was ended:") },
        "secondFactorOn": { $0.secondFactor.isOn }, "recoveryCodesLeft": { $0.secondFactor.recoveryCodesLeft.counted("recovery code") },
        "fewRecoveryCodes": { $0.secondFactor.isOn && $0.secondFactor.recoveryCodesLeft <= 3 },
        "sessions": { $0.sessions }, "otherSessions": { $0.sessions.contains { !$0.isThis } },
    ]

    static var fixtures: [Self] {
        var errors = ValidationErrors()
        for field in ["current", "new", "confirmation"] { errors.add(field, Fixture.hostile) }
        var off = ValidationErrors()
        off.add("off", Fixture.hostile)
        return [Self(email: Fixture.hostile, role: "Owner", secondFactor: .init(isOn: true, recoveryCodesLeft: 2), sessions: SessionRow.fixtures,
                     errors: FieldErrors(errors), offErrors: FieldErrors(off)),
                Self(email: "a@example.com", role: "Support", secondFactor: .init(isOn: false, recoveryCodesLeft: 0), sessions: [])]
    }
}

/// `account/second-factor`: setting up an authenticator app. The secret is
/// shown while it waits for its first code, never after.
struct SecondFactorSetUpPage: PageModel {
    static let template = "account/second-factor"
    let title = "Set up a second factor"

    /// The secret waiting for its first code; nil before "Start".
    let enrolment: SecondFactors.Enrolment?
    /// Owners require it: no other page opens until it is done.
    let required: Bool
    var code = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "secret": { $0.enrolment?.secretGrouped }, "link": { $0.enrolment?.link }, "required": { $0.required },
        "code": { $0.code }, "errors": { $0.errors.leading("Not set up yet:") },
    ]

    static var fixtures: [Self] {
        var errors = ValidationErrors()
        errors.add("code", Fixture.hostile)
        return [Self(enrolment: .init(secretGrouped: "ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567",
                                      link: "otpauth://totp/Stand%20Admin:a%40example.com?secret=ABCD&issuer=Stand%20Admin"),
                     required: true, code: Fixture.hostile, errors: FieldErrors(errors)),
                Self(enrolment: nil, required: false)]
    }
}

/// `account/recovery-codes`: the ten recovery codes, shown once, right after the first code.
struct RecoveryCodesPage: PageModel {
    static let template = "account/recovery-codes"
    let title = "Your recovery codes"

    let codes: [String]

    static let fields: [String: @Sendable (Self) -> Any?] = ["codes": { $0.codes }]

    static var fixtures: [Self] {
        [Self(codes: ["abcd-efgh-ijkm-npqr", Fixture.hostile])]
    }
}
