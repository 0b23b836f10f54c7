import StandCore

/// `questions/form`: schedule a question, edit or move a future one, or turn a
/// suggestion into one. What was typed always comes back with every problem.
struct QuestionFormPage: PageModel {
    static let template = "questions/form"
    var title: String { heading }

    enum Purpose: Sendable, Equatable {
        case schedule
        case edit(id: Int64, version: Int)
        case approve(suggestion: SuggestionSource)
    }

    /// The suggestion an approval starts from, shown above the form.
    struct SuggestionSource: MustacheFields, Equatable {
        let id: Int64
        let text: String
        let userEmail: String?
        let userUUID: String?
        let received: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "text": { $0.text }, "userEmail": { $0.userEmail }, "received": { $0.received },
            "userHref": { $0.userUUID.map { Site.user.href($0) } },
        ]
    }

    /// The question as someone else saved it, shown beside what was typed.
    struct Current: MustacheFields {
        let runsOn: String
        let text: String
        let choices: [String]

        static let fields: [String: @Sendable (Self) -> Any?] = ["runsOn": { $0.runsOn }, "text": { $0.text }, "choices": { $0.choices }]
    }

    let purpose: Purpose
    let values: QuestionDraft
    var errors = FieldErrors()
    var taken: QuestionScheduling.TakenDay?
    var current: Current?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "heading": { $0.heading }, "submitLabel": { $0.submitLabel }, "formAction": { $0.formAction }, "cancelHref": { $0.cancelHref },
        "runsOn": { $0.values.runsOn }, "text": { $0.values.text },
        "choices": { page in (0..<4).map { ChoiceField(number: $0 + 1, value: page.values.choices.indices.contains($0) ? page.values.choices[$0] : "", errors: page.errors) } },
        "version": { if case .edit(_, let version) = $0.purpose { version } else { nil } },
        "suggestion": { if case .approve(let source) = $0.purpose { source } else { nil } },
        "errors": { $0.errors }, "taken": { $0.taken.map(TakenDayFields.init) }, "current": { $0.current },
    ]

    /// A refused save: every problem, and the day's question when the day was taken.
    mutating func show(_ problem: FormProblem) {
        errors = problem.errors
        taken = (problem.refusal as? QuestionScheduling.Rejection)?.taken
    }

    var heading: String {
        switch purpose {
        case .schedule: "Schedule a question"
        case .edit: "Edit the question for \(values.runsOn)"
        case .approve(let source): "Approve suggestion #\(source.id)"
        }
    }

    var submitLabel: String {
        switch purpose {
        case .schedule: "Schedule"
        case .edit: "Save changes"
        case .approve: "Approve and schedule"
        }
    }

    var formAction: String {
        switch purpose {
        case .schedule: Site.questionNew.href()
        case .edit(let id, _): Site.questionEdit.href(id)
        case .approve(let source): Site.suggestionApprove.href(source.id)
        }
    }

    var cancelHref: String {
        switch purpose {
        case .schedule: Site.questions.href()
        case .edit(let id, _): Site.question.href(id)
        case .approve: Site.suggestions.href()
        }
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let draft = QuestionDraft(runsOn: hostile, text: hostile, choices: [hostile, hostile, hostile, hostile])
        var errors = ValidationErrors()
        for field in ["runsOn", "text", "choices", "choice1", "choice2", "choice3", "choice4", "suggestion"] { errors.add(field, hostile) }
        var invalid = Self(purpose: .schedule, values: draft)
        invalid.errors = FieldErrors(errors)
        invalid.taken = QuestionScheduling.TakenDay(day: "2026-12-01", questionId: 3, questionText: hostile, nextFreeDay: "2026-12-02")
        var conflict = Self(purpose: .edit(id: 3, version: 2), values: draft)
        conflict.current = Current(runsOn: "2026-12-01", text: hostile, choices: [hostile, hostile])
        var busy = Self(purpose: .approve(suggestion: SuggestionSource(id: 4, text: hostile, userEmail: hostile, userUUID: Fixture.uuid, received: "2026-11-20 09:00 UTC")), values: draft)
        busy.errors = .busy
        let detached = Self(purpose: .approve(suggestion: SuggestionSource(id: 5, text: hostile, userEmail: nil, userUUID: nil, received: "2026-11-20 09:00 UTC")), values: draft)
        return [invalid, conflict, busy, detached]
    }
}

/// One of the four choice inputs, with its own message.
struct ChoiceField: MustacheFields {
    let number: Int
    let value: String
    let error: String?

    init(number: Int, value: String, errors: FieldErrors) {
        self.number = number
        self.value = value
        self.error = errors.messages["choice\(number)"]
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "number": { $0.number }, "value": { $0.value }, "error": { $0.error }, "isRequired": { $0.number <= 2 },
    ]
}

struct TakenDayFields: MustacheFields {
    let taken: QuestionScheduling.TakenDay

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "day": { $0.taken.day }, "nextFreeDay": { $0.taken.nextFreeDay }, "questionHref": { Site.question.href($0.taken.questionId) },
        "questionId": { $0.taken.questionId },
    ]
}
