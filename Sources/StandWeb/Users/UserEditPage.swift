import StandCore

/// `users/edit`: support fixes email, phone, birthdate or reminder time. The
/// form carries the values it showed, so a change made meanwhile is caught.
struct UserEditPage: PageModel {
    static let template = "users/edit"
    var title: String { "Edit \(currentEmail)" }

    struct Typed: MustacheFields {
        let field: String
        let value: String

        static let fields: [String: @Sendable (Self) -> Any?] = ["field": { $0.field }, "value": { $0.value }]
    }

    let uuid: String
    let currentEmail: String
    /// What goes in the inputs.
    let values: UserEdit.Fields
    /// What the form was opened on, sent back hidden.
    let original: UserEdit.Fields
    var errors = FieldErrors()
    /// Field → UUID of the other account that already holds the value typed.
    var takenBy: [String: String] = [:]
    var conflict = false
    var conflictFields = ""
    /// After a conflict: what this person had typed, so nothing is lost.
    var typed: [Typed] = []

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "currentEmail": { $0.currentEmail }, "values": { EditableValues(values: $0.values) }, "original": { EditableValues(values: $0.original) },
        "errors": { $0.errors },
        "emailTakenHref": { $0.takenBy["email"].map { Site.user.href($0) } }, "phoneTakenHref": { $0.takenBy["phone"].map { Site.user.href($0) } }, "conflict": { $0.conflict }, "conflictFields": { $0.conflictFields }, "typed": { $0.typed },
        "userHref": { Site.user.href($0.uuid) },
        "formAction": { Site.userEdit.href($0.uuid) },
    ]

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let fields = UserEdit.Fields(email: hostile, phone: hostile, birthdate: hostile, reminderTime: hostile)
        var invalid = Self(uuid: Fixture.uuid, currentEmail: hostile, values: fields, original: fields)
        var errors = ValidationErrors()
        for field in ["email", "phone", "birthdate", "reminderTime"] { errors.add(field, hostile) }
        invalid.errors = FieldErrors(errors)
        invalid.takenBy = ["email": Fixture.uuid, "phone": Fixture.uuid]
        var busy = invalid
        busy.errors = .busy
        var conflict = Self(uuid: Fixture.uuid, currentEmail: hostile, values: fields, original: fields)
        conflict.conflict = true
        conflict.conflictFields = "Email, Phone"
        conflict.typed = [Typed(field: "Email", value: hostile)]
        return [invalid, busy, conflict]
    }
}

/// The four editable values, as the form's inputs name them.
struct EditableValues: MustacheFields {
    let values: UserEdit.Fields

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "email": { $0.values.email }, "phone": { $0.values.phone }, "birthdate": { $0.values.birthdate },
        "reminderTime": { $0.values.reminderTime },
    ]
}
