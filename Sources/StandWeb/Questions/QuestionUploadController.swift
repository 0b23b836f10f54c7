import Foundation
import Hummingbird
import StandCore

/// `/questions/upload`: a CSV of questions is previewed (every row with its
/// problems), then applied all at once (`/questions/upload/apply`): editors and owners.
struct QuestionUploadController {
    let questionImport: QuestionImport
    let renderer: PageRenderer
    let uploads: PendingUploads

    struct ApplyForm: Decodable {
        var token: String?
    }

    func addRoutes(to group: Routes) {
        group.get(Site.questionsUpload, .role(.scheduleQuestions), use: form)
        group.post(Site.questionsUpload, .role(.scheduleQuestions), use: preview)
        group.post(Site.questionsUploadApply, .role(.scheduleQuestions), use: apply)
    }

    @Sendable func form(_ request: Request, context: AppRequestContext) async throws -> Response {
        try renderer.render(QuestionUploadPage(), request: request, context: context)
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let bytes = context.multipartForm?.files["file"], bytes.readableBytes > 0 else {
            let page = QuestionUploadPage(preview: .init(rows: [], fileProblem: "Choose a CSV file to upload."))
            return try renderer.render(page, request: request, context: context, status: .unprocessableContent)
        }
        switch QuestionImport.text(of: Array(buffer: bytes)) {
        case .failure(let refused):
            return try renderer.render(QuestionUploadPage(preview: refused), request: request, context: context, status: .unprocessableContent)
        case .success(let csv):
            let preview = try await context.timing.measure(.db) { try await questionImport.preview(csv: csv) }
            var page = QuestionUploadPage(preview: preview)
            if preview.canApply, let staffId = context.staff?.id {
                page.token = uploads.keep(csv, for: staffId)
            }
            return try renderer.render(page, request: request, context: context,
                                       status: preview.canApply ? .ok : .unprocessableContent)
        }
    }

    @Sendable func apply(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.form(ApplyForm.self, context: context)
        guard let token = form.token, let staffId = context.staff?.id, let csv = uploads.file(token, for: staffId) else {
            let page = QuestionUploadPage(preview: .init(rows: [], fileProblem: "That preview has expired (they last half an hour, and not across a restart). Upload the file again."))
            return try renderer.render(page, request: request, context: context, status: .gone)
        }
        return try await renderer.submit(request, context) {
            switch try await questionImport.apply(csv: csv, by: context.auditActor) {
            case .applied(let questions):
                uploads.forget(token)
                let days = questions.map(\.runsOn).sorted()
                return .redirect(to: Site.questions.href(["month": days.first.map { String($0.prefix(7)) }, "done": "uploaded",
                                                          "count": String(questions.count), "first": days.first, "last": days.last]))
            case .refused(let preview):
                uploads.forget(token)
                var page = QuestionUploadPage(preview: preview)
                page.changedSincePreview = true
                return try renderer.render(page, request: request, context: context, status: .conflict)
            }
        } refused: { problem in
            var page = QuestionUploadPage(preview: try await questionImport.preview(csv: csv), token: token)
            page.errors = problem.errors
            return page
        }
    }
}
