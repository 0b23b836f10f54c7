import Foundation
import StandCore

/// `questions/index`: a month of UTC days, Monday first, each with its question
/// or an empty-day marker, and the gaps of the next 14 and 60 days.
struct QuestionCalendarPage: PageModel {
    static let template = "questions/index"
    var title: String { "Questions · \(monthTitle)" }

    let monthTitle: String
    let gridHTML: String
    let previousHref: String?
    let nextHref: String?
    /// Shown unless the month shown is the current one.
    let currentMonthHref: String?
    let emptyInNext14: Int
    let emptyInNext60: Int
    let firstEmptyDay: String?
    let canSchedule: Bool
    /// The `month` asked for could not be read; the current month is shown.
    var monthProblem: String?

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "monthTitle": { $0.monthTitle }, "gridHTML": { $0.gridHTML }, "previousHref": { $0.previousHref }, "nextHref": { $0.nextHref },
        "currentMonthHref": { $0.currentMonthHref },
        "emptyInNext14": { $0.emptyInNext14.counted("empty day") }, "emptyInNext60": { $0.emptyInNext60.grouped },
        "noGaps": { $0.emptyInNext60 == 0 },
        "firstEmptyDay": { $0.firstEmptyDay }, "canSchedule": { $0.canSchedule },
        "firstEmptyHref": { $0.firstEmptyDay.map { Site.questionNew.href(["date": $0]) } },
        "monthProblem": { $0.monthProblem },
        "newHref": { _ in Site.questionNew.href() },
        "uploadHref": { _ in Site.questionsUpload.href() },
    ]

    static var fixtures: [Self] {
        let month = CalendarMonth(year: 2026, month: 11)!
        let entry = QuestionCalendar.Entry(id: 1, runsOn: "2026-11-23", text: Fixture.hostile)
        let calendar = QuestionCalendar(month: month, today: "2026-11-23", questions: ["2026-11-23": entry],
                                        emptyInNext14: 3, emptyInNext60: 40, firstEmptyDay: "2026-11-24")
        var invalid = Self(calendar, canSchedule: true, currentMonth: CalendarMonth(year: 2026, month: 10)!)
        invalid.monthProblem = Fixture.hostile
        let full = QuestionCalendar(month: month, today: "2026-11-23", questions: [:], emptyInNext14: 0, emptyInNext60: 0, firstEmptyDay: nil)
        return [invalid, Self(full, canSchedule: false, currentMonth: month)]
    }
}

extension QuestionCalendarPage {
    init(_ calendar: QuestionCalendar, canSchedule: Bool, currentMonth: CalendarMonth) {
        let month = calendar.month
        self.init(
            monthTitle: month.title, gridHTML: Self.gridHTML(calendar, canSchedule: canSchedule),
            previousHref: month.previous.map { Site.questions.href(["month": $0.description]) },
            nextHref: month.next.map { Site.questions.href(["month": $0.description]) },
            currentMonthHref: month == currentMonth ? nil : Site.questions.href(),
            emptyInNext14: calendar.emptyInNext14, emptyInNext60: calendar.emptyInNext60,
            firstEmptyDay: calendar.firstEmptyDay, canSchedule: canSchedule)
    }

    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// Enough of a question to recognise it in a day's cell; the whole text is its title.
    static let shownCharacters = 70

    /// The weeks as `<tr>` rows, written in Swift like `TableRowsHTML`: every
    /// text escaped, no per-cell template lookups.
    static func gridHTML(_ calendar: QuestionCalendar, canSchedule: Bool) -> String {
        let days = calendar.month.days
        var cells: [String?] = Array(repeating: nil, count: calendar.month.leadingBlankDays) + days
        while cells.count % 7 != 0 { cells.append(nil) }
        var html = ""
        html.reserveCapacity(cells.count * 220)
        for weekStart in stride(from: 0, to: cells.count, by: 7) {
            html += "<tr>"
            for (column, day) in cells[weekStart..<weekStart + 7].enumerated() {
                guard let day else {
                    html += "<td class=\"blank\"></td>"
                    continue
                }
                html += dayCell(day, weekday: weekdays[column], calendar: calendar, canSchedule: canSchedule)
            }
            html += "</tr>"
        }
        return html
    }

    private static func dayCell(_ day: String, weekday: String, calendar: QuestionCalendar, canSchedule: Bool) -> String {
        let isToday = day == calendar.today
        let isPast = day < calendar.today
        let question = calendar.questions[day]
        var classes = "day"
        if isToday { classes += " today" }
        if isPast { classes += " past" }
        if question == nil { classes += " empty" }
        var html = "<td class=\"" + classes + "\"><p class=\"date\"><span class=\"weekday\">" + weekday + "</span> <time datetime=\"" + day + "\">"
        html += String(Int(day.suffix(2)) ?? 0) + "</time>"
        if isToday { html += " <span class=\"badge live\">live</span>" }
        html += "</p>"
        if let question {
            html += "<a class=\"question-link\" href=\"" + Site.question.href(question.id) + "\" title=\"" + FastHTMLEscaping.escape(question.text) + "\">"
            html += FastHTMLEscaping.escape(shortened(question.text)) + "</a>"
        } else if isPast {
            html += "<span class=\"muted\">No question ran</span>"
        } else {
            html += "<span class=\"status warn\">No question</span>"
            if canSchedule {
                html += " <a class=\"schedule-link\" href=\"" + Site.questionNew.href(["date": day])
                html += "\" aria-label=\"Schedule a question for " + day + "\">Schedule a question for this day</a>"
            }
        }
        return html + "</td>"
    }

    static func shortened(_ text: String) -> String {
        text.count <= shownCharacters ? text : String(text.prefix(shownCharacters - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }
}
