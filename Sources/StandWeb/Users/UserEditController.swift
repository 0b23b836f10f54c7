import Foundation
import Hummingbird
import StandCore

/// `/users/{uuid}/edit`: support fixes email, phone, birthdate or reminder time.
/// The form carries the values it showed; if the account no longer holds them
/// when it comes back, nothing is written and the form shows what is there now.
struct UserEditController {
    let store: StandStore
    let renderer: PageRenderer

    struct EditPage: Sendable {
        struct Typed: Sendable {
            let field: String
            let value: String
        }
        let uuid: String
        let currentEmail: String
        /// What goes in the inputs.
        let values: UserEdit.Fields
        /// What the form was opened on, sent back hidden.
        let original: UserEdit.Fields
        var errors = FieldErrors()
        var conflict = false
        var conflictFields = ""
        /// After a conflict: what this person had typed, so nothing is lost.
        var typed: [Typed] = []
    }

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
        group.get("/users/{uuid}/edit", use: show)
        group.post("/users/{uuid}/edit", use: save)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        guard let account = try await UserAccount.find(store, uuid: uuid) else {
            return try await UserRoute.missing(uuid, store: store)
        }
        let page = EditPage(uuid: uuid, currentEmail: account.email, values: account.editableFields, original: account.editableFields)
        return try renderer.render("users/edit", title: "Edit \(account.email)", page: page, request: request, context: context)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let uuid = try UserRoute.uuid(context)
        let form = (try? await request.decode(as: EditForm.self, context: context)) ?? EditForm()
        do {
            switch try await UserEdit.save(store, uuid: uuid, original: form.original, typed: form.typed, by: context.auditActor) {
            case .saved(let changed):
                return .redirect(to: "/users/\(uuid)?done=\(changed.isEmpty ? "unchanged" : "edit")")
            case .conflict(let current, let changed):
                var page = EditPage(uuid: uuid, currentEmail: current.email, values: current.editableFields, original: current.editableFields)
                page.conflict = true
                page.conflictFields = changed.map(Self.label).joined(separator: ", ")
                let typed = form.typed
                page.typed = [("email", typed.email), ("phone", typed.phone), ("birthdate", typed.birthdate), ("reminder_time", typed.reminderTime)]
                    .map { EditPage.Typed(field: Self.label($0.0), value: $0.1) }
                return try renderer.render("users/edit", title: "Edit \(current.email)", page: page, request: request, context: context, status: .conflict)
            case .notFound:
                return try await UserRoute.missing(uuid, store: store)
            }
        } catch {
            guard let problem = FormProblem(error) else { throw error }
            var page = EditPage(uuid: uuid, currentEmail: form.original.email, values: form.typed, original: form.original)
            page.errors = problem.errors
            return try renderer.render("users/edit", title: "Edit \(form.original.email)", page: page, request: request, context: context, status: problem.status)
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

extension UserRoute {
    /// No live account: a deleted one shows its tombstone, an unknown one is a 404.
    static func missing(_ uuid: String, store: StandStore) async throws -> Response {
        if try await Tombstone.find(store, uuid: uuid) != nil {
            return .redirect(to: "/users/\(uuid)")
        }
        throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
    }
}
