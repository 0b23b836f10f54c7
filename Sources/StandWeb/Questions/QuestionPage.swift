import Foundation
import StandCore

/// `questions/show`: one question. From its day on: how it was answered, per
/// choice and per hour. Before: its text and choices, and for editors the
/// edit and unschedule actions.
struct QuestionPage: PageModel {
    static let template = "questions/show"
    var title: String { "Question for \(runsOn)" }

    let question: QuestionView
    let runsOn: String
    /// "live", "past" or "upcoming".
    let state: String
    let hasStarted: Bool
    let canChange: Bool
    let suggestionId: Int64?
    let hourlyChartHTML: String
    let hourlyRowsHTML: String

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "question": { $0.question }, "runsOn": { $0.runsOn }, "state": { $0.state }, "isLive": { $0.state == "live" },
        "hasStarted": { $0.hasStarted }, "canChange": { $0.canChange }, "suggestionId": { $0.suggestionId }, "suggestionsHref": { _ in Site.suggestions.href() },
        "hourlyChartHTML": { $0.hourlyChartHTML }, "hourlyRowsHTML": { $0.hourlyRowsHTML },
        "editHref": { Site.questionEdit.href($0.question.id) },
        "unscheduleHref": { Site.questionUnschedule.href($0.question.id) },
        "calendarHref": { Site.questions.href(["month": String($0.runsOn.prefix(7))]) },
    ]

    static var fixtures: [Self] {
        let started = QuestionView.fixture(text: Fixture.hostile)
        let hourly = (0..<24).map { $0 * 3 }
        return [
            Self(question: started, runsOn: "2026-11-23", state: "live", hasStarted: true, canChange: false, suggestionId: 4,
                 hourlyChartHTML: hourlyChart(hourly, day: "2026-11-23"), hourlyRowsHTML: hourlyRows(hourly)),
            Self(question: .fixture(text: Fixture.hostile, counts: [0, 0]), runsOn: "2026-11-22", state: "past", hasStarted: true,
                 canChange: false, suggestionId: nil, hourlyChartHTML: hourlyChart([], day: "2026-11-22"), hourlyRowsHTML: ""),
            Self(question: .fixture(text: Fixture.hostile, counts: [0, 0]), runsOn: "2026-12-01", state: "upcoming", hasStarted: false,
                 canChange: true, suggestionId: nil, hourlyChartHTML: "", hourlyRowsHTML: ""),
        ]
    }
}

extension QuestionPage {
    init(_ results: QuestionResults, canSchedule: Bool, now: Date = Date()) {
        let today = UTCDate.day(now)
        let runsOn = results.question.runsOn
        let started = results.hasStarted(now: now)
        self.init(
            question: QuestionView(results), runsOn: runsOn,
            state: runsOn == today ? "live" : (runsOn < today ? "past" : "upcoming"),
            hasStarted: started, canChange: canSchedule && !started, suggestionId: results.question.suggestionId,
            hourlyChartHTML: started ? Self.hourlyChart(results.hourly, day: runsOn) : "",
            hourlyRowsHTML: started ? Self.hourlyRows(results.hourly) : "")
    }

    static func hourLabel(_ hour: Int) -> String {
        (hour < 10 ? "0" : "") + String(hour) + ":00"
    }

    static func hourlyChart(_ counts: [Int], day: String) -> String {
        let busiest = counts.indices.max { counts[$0] < counts[$1] }
        let summary = "Answers per hour on \(day), UTC" + (busiest.map { counts[$0] > 0 ? "; busiest \(hourLabel($0)) with \(counts[$0].grouped)" : "; none yet" } ?? "")
        let labels = Dictionary(uniqueKeysWithValues: stride(from: 0, to: 24, by: 3).map { ($0, hourLabel($0)) })
        return SVGChart.columns(counts.isEmpty ? Array(repeating: 0, count: 24) : counts, labels: labels, summary: summary)
    }

    /// The same figures as a table, for screen readers and for reading exact counts.
    static func hourlyRows(_ counts: [Int]) -> String {
        var rows = TableRowsHTML(columns: ["Hour (UTC)", "Answers"], reservingCapacity: counts.count * 90)
        for (hour, count) in counts.enumerated() {
            rows.row { cells in
                cells.cell(hourLabel(hour))
                cells.numberCell(count.grouped)
            }
        }
        return rows.html
    }
}
