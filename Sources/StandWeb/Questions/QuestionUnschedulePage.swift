import StandCore

/// `questions/unschedule`: asks before taking a future question off its day.
struct QuestionUnschedulePage: PageModel {
    static let template = "questions/unschedule"
    var title: String { "Unschedule question #\(id)" }

    let id: Int64
    let runsOn: String
    let text: String
    let version: Int
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "runsOn": { $0.runsOn }, "text": { $0.text }, "version": { $0.version }, "errors": { $0.errors.leading("It is still scheduled:") },
        "formAction": { Site.questionUnschedule.href($0.id) }, "questionHref": { Site.question.href($0.id) },
    ]

    static var fixtures: [Self] {
        var busy = Self(id: 3, runsOn: "2026-12-01", text: Fixture.hostile, version: 1)
        busy.errors = .busy
        return [Self(id: 3, runsOn: "2026-12-01", text: Fixture.hostile, version: 1), busy]
    }
}

extension QuestionUnschedulePage {
    init(_ question: DailyQuestion) {
        self.init(id: question.id ?? 0, runsOn: question.runsOn, text: question.text, version: question.version)
    }
}
