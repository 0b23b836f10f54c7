import Foundation
import StandCore

/// A question with its results as bars (the dashboard and the question page).
struct QuestionView: MustacheFields {
    struct Choice: MustacheFields {
        let text: String
        let count: String
        /// Nil until someone answers: no percentages of nothing. Text, so that
        /// 0 still opens its Mustache section.
        let percent: String?
        let barHTML: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "text": { $0.text }, "count": { $0.count }, "percent": { $0.percent }, "barHTML": { $0.barHTML },
        ]
    }

    let id: Int64
    let text: String
    let runsOn: String
    let total: String
    let hasAnswers: Bool
    let choices: [Choice]

    init(_ results: QuestionResults) {
        id = results.question.id ?? 0
        text = results.question.text
        runsOn = results.question.runsOn
        total = results.totalAnswers.grouped
        let percentages = results.percentages
        hasAnswers = percentages != nil
        choices = results.choices.enumerated().map { index, choice in
            let percent = percentages?[index]
            return Choice(text: choice.text, count: choice.answerCount.grouped, percent: percent.map(String.init),
                          barHTML: percent.map(SVGChart.shareBar) ?? "")
        }
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "text": { $0.text }, "runsOn": { $0.runsOn }, "total": { $0.total }, "hasAnswers": { $0.hasAnswers },
        "choices": { $0.choices }, "href": { Site.question.href($0.id) },
    ]

    static func fixture(text: String, counts: [Int] = [3, 1]) -> QuestionView {
        let question = DailyQuestion(id: 1, text: text, runsOn: "2026-11-23", scheduledBy: nil, suggestionId: nil, createdAt: .now, updatedAt: .now, version: 1)
        let choices = counts.enumerated().map { QuestionChoice(questionId: 1, position: $0, text: $0 == 0 ? text : "Choice \($0 + 1)", answerCount: $1) }
        return QuestionView(QuestionResults(question: question, choices: choices))
    }
}
