import StandCore

/// `users/delete`: names exactly what deleting the account removes and keeps, and asks for its UUID.
struct DeletionConfirmPage: PageModel {
    static let template = "users/delete"
    var title: String { "Delete \(email)" }

    let uuid: String
    let email: String
    let phone: String
    let birthdate: String
    let answers: String
    let entriesRemoved: String
    let entriesKept: String
    let suggestions: String
    let openRequests: String
    var confirmation = ""
    var reason = ""
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "email": { $0.email }, "phone": { $0.phone }, "birthdate": { $0.birthdate },
        "answers": { $0.answers }, "entriesRemoved": { $0.entriesRemoved }, "entriesKept": { $0.entriesKept },
        "suggestions": { $0.suggestions }, "openRequests": { $0.openRequests },
        "confirmation": { $0.confirmation }, "reason": { $0.reason }, "errors": { $0.errors.leading("Nothing was deleted. Please fix:") },
        "userHref": { Site.user.href($0.uuid) },
        "formAction": { Site.userDelete.href($0.uuid) },
    ]

    static var fixtures: [Self] {
        var invalid = Self(uuid: Fixture.uuid, email: Fixture.hostile, phone: "+1 555-123-4567", birthdate: "1990-02-28", answers: "2,000",
                           entriesRemoved: "500", entriesKept: "3", suggestions: "1", openRequests: "1")
        invalid.confirmation = Fixture.hostile
        invalid.reason = Fixture.hostile
        var errors = ValidationErrors()
        errors.add("confirmation", Fixture.hostile)
        errors.add("reason", Fixture.hostile)
        invalid.errors = FieldErrors(errors)
        var busy = invalid
        busy.errors = .busy
        return [invalid, busy]
    }
}

extension DeletionConfirmPage {
    init(_ preview: DeletionPreview) {
        uuid = preview.account.uuid
        email = preview.account.email
        phone = PhoneNumber.readable(preview.account.phone)
        birthdate = preview.account.birthdate
        answers = preview.answers.grouped
        entriesRemoved = preview.entriesRemoved.grouped
        entriesKept = preview.entriesKept.grouped
        suggestions = preview.suggestions.grouped
        openRequests = preview.openRequests.grouped
    }
}
