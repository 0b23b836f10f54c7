import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}/edit`: support fixes email, phone, birthdate or reminder time.
/// The form carries the values it showed; if the account no longer holds them
/// when it comes back, nothing is written and the form shows what is there now.
struct UserEditController {
    let directory: UserDirectory
    let userEdit: UserEdit
    let deletion: AccountDeletion
    let renderer: PageRenderer

    struct EditForm: Decodable {
        var email: String?
        var phone: String?
        var birthdate: String?
        var reminderTime: String?
        var originalEmail: String?
        var originalPhone: String?
        var originalBirthdate: String?
        var originalReminderTime: String?

        var typed: UserEdit.Fields {
            .init(email: email ?? "", phone: phone ?? "", birthdate: birthdate ?? "", reminderTime: reminderTime ?? "")
        }
        var original: UserEdit.Fields {
            .init(email: originalEmail ?? "", phone: originalPhone ?? "", birthdate: originalBirthdate ?? "", reminderTime: originalReminderTime ?? "")
        }
    }

    func addRoutes(to group: Routes) {
        group.get(Site.userEdit, .role(.editUsers), use: show)
        group.post(Site.userEdit, .role(.editUsers), use: save)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let account = try await directory.find(uuid: uuid) else {
            return try await UserRoute.missing(uuid, deletion: deletion)
        }
        let page = UserEditPage(uuid: uuid, currentEmail: account.email, values: account.editableFields, original: account.editableFields)
        return try renderer.render(page, request: request, context: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = try await request.form(EditForm.self, context: context)
        return try await renderer.submit(request, context) {
            switch try await userEdit.save(uuid: uuid, original: form.original, typed: form.typed, by: context.auditActor) {
            case .saved(let changed):
                return .redirect(to: Site.user.href(uuid, ["done": changed.isEmpty ? "unchanged" : "edit"]))
            case .conflict(let current, let changed):
                var page = UserEditPage(uuid: uuid, currentEmail: current.email, values: current.editableFields, original: current.editableFields)
                page.conflict = true
                page.conflictFields = changed.map(Self.label).joined(separator: ", ")
                let typed = form.typed
                page.typed = [("email", typed.email), ("phone", typed.phone), ("birthdate", typed.birthdate), ("reminder_time", typed.reminderTime)]
                    .map { UserEditPage.Typed(field: Self.label($0.0), value: $0.1) }
                return try renderer.render(page, request: request, context: context, status: .conflict)
            case .notFound:
                return try await UserRoute.missing(uuid, deletion: deletion)
            }
        } refused: { problem in
            var page = UserEditPage(uuid: uuid, currentEmail: form.original.email, values: form.typed, original: form.original)
            page.errors = problem.errors
            page.takenBy = (problem.refusal as? UserEdit.Taken)?.owners ?? [:]
            return page
        }
    }

    static func label(_ field: String) -> String {
        switch field {
        case "email": "Email"
        case "phone": "Phone"
        case "birthdate": "Birthdate"
        default: "Reminder time"
        }
    }
}
