import StandCore

/// `suggestions/index`: what app users suggested. Their text is app-user input, shown escaped.
struct SuggestionsPage: PageModel {
    static let template = "suggestions/index"

    struct Row: MustacheFields {
        let id: Int64
        let text: String
        let received: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "id": { $0.id }, "text": { $0.text }, "received": { $0.received },
        ]
    }

    let rows: [Row]

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rows": { $0.rows }, "isEmpty": { $0.rows.isEmpty },
    ]

    static var fixtures: [Self] {
        [Self(rows: [Row(id: 1, text: Fixture.hostile, received: "2026-11-23 10:00 UTC")]), Self(rows: [])]
    }
}

extension SuggestionsPage {
    init(_ suggestions: [Suggestion]) {
        rows = suggestions.map { Row(id: $0.id, text: $0.text, received: UTCDate.minute($0.createdAt)) }
    }
}
