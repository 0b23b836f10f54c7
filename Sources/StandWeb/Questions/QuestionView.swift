import Foundation
import StandCore

/// A question with its results as bars (the dashboard and the questions page).
struct QuestionView: MustacheFields {
    struct Choice: MustacheFields {
        let text: String
        let count: String
        let percent: Int

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "text": { $0.text }, "count": { $0.count }, "percent": { $0.percent },
        ]
    }

    let id: Int64
    let text: String
    let runsOn: String
    let total: String
    let choices: [Choice]

    init(_ results: QuestionResults) {
        id = results.question.id ?? 0
        text = results.question.text
        runsOn = results.question.runsOn
        total = results.totalAnswers.grouped
        choices = results.choices.map { Choice(text: $0.text, count: $0.answerCount.grouped, percent: results.percentage(of: $0)) }
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "text": { $0.text }, "runsOn": { $0.runsOn }, "total": { $0.total }, "choices": { $0.choices },
    ]

    static func fixture(text: String) -> QuestionView {
        let question = DailyQuestion(id: 1, text: text, runsOn: "2026-11-23", scheduledBy: nil, suggestionId: nil, createdAt: .now, updatedAt: .now, version: 1)
        let choices = [QuestionChoice(questionId: 1, position: 0, text: text, answerCount: 3), QuestionChoice(questionId: 1, position: 1, text: "No", answerCount: 1)]
        return QuestionView(QuestionResults(question: question, choices: choices))
    }
}
