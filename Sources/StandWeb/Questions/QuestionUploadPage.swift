import StandCore

/// `questions/upload`: a CSV of questions, previewed row by row with every
/// problem; applied all at once, only when no row has one.
struct QuestionUploadPage: PageModel {
    static let template = "questions/upload"
    let title = "Upload questions"

    var preview: QuestionImport.Preview?
    /// The token the apply form carries, when the preview can be applied.
    var token: String?
    /// The apply found problems the preview did not have (the store changed meanwhile).
    var changedSincePreview = false
    var errors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "hasPreview": { $0.preview != nil && $0.preview?.fileProblem == nil },
        "fileProblem": { $0.preview?.fileProblem }, "rowsHTML": { $0.preview.map { rowsHTML($0.rows) } },
        "allFine": { $0.preview.map { $0.rows.count == 1 ? "The row can be scheduled." : "All \($0.rows.count.grouped) rows can be scheduled." } },
        "problemSummary": { $0.preview.map(Self.problemSummary) },
        "hasProblems": { ($0.preview?.problemCount ?? 0) > 0 }, "token": { $0.token },
        "applyLabel": { $0.preview.map { "Schedule " + $0.rows.count.counted("question") } },
        "changedSincePreview": { $0.changedSincePreview }, "errors": { $0.errors.leading("Nothing was scheduled:") },
        "formAction": { _ in Site.questionsUpload.href() }, "applyAction": { _ in Site.questionsUploadApply.href() },
        "calendarHref": { _ in Site.questions.href() },
    ]

    /// "1 of 2 rows has a problem", "3 of 5 rows have problems".
    static func problemSummary(_ preview: QuestionImport.Preview) -> String {
        let bad = preview.problemCount, all = preview.rows.count
        return "\(bad) of \(all) row\(all == 1 ? "" : "s") \(bad == 1 ? "has a problem" : "have problems")"
    }

    static func rowsHTML(_ rows: [QuestionImport.Row]) -> String {
        var html = TableRowsHTML(columns: ["Row", "Day", "Question", "Choices", "Problems"], reservingCapacity: rows.count * 400)
        for row in rows {
            html.row { cells in
                cells.numberCell(String(row.number))
                cells.cell(row.draft.runsOn)
                cells.cell(row.draft.text)
                cells.cell(row.draft.choices.filter { !$0.isEmpty }.joined(separator: " · "))
                cells.cell(row.problems.isEmpty ? "OK" : row.problems.joined(separator: " "))
            }
        }
        return html.html
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let draft = QuestionDraft(runsOn: hostile, text: hostile, choices: [hostile, hostile])
        let bad = QuestionImport.Preview(rows: [QuestionImport.Row(number: 2, draft: draft, problems: [hostile])], fileProblem: nil)
        let good = QuestionImport.Preview(rows: [QuestionImport.Row(number: 1, draft: draft, problems: [])], fileProblem: nil)
        var busy = Self(preview: good, token: "abc123")
        busy.errors = .busy
        var changed = Self(preview: bad)
        changed.changedSincePreview = true
        return [Self(), Self(preview: bad), busy, changed,
                Self(preview: QuestionImport.Preview(rows: [], fileProblem: hostile))]
    }
}
