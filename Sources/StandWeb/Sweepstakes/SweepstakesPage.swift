import StandCore

/// `sweepstakes/index`: every sweepstakes with its dates, status and entry totals.
struct SweepstakesPage: PageModel {
    static let template = "sweepstakes/index"

    struct Row: MustacheFields {
        let name: String
        let prize: String
        let dates: String
        let status: String
        let entries: String
        let entrants: String

        static let fields: [String: @Sendable (Self) -> Any?] = [
            "name": { $0.name }, "prize": { $0.prize }, "dates": { $0.dates }, "status": { $0.status },
            "entries": { $0.entries }, "entrants": { $0.entrants },
        ]
    }

    let rows: [Row]

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rows": { $0.rows }, "isEmpty": { $0.rows.isEmpty },
    ]

    static var fixtures: [Self] {
        [Self(rows: [Row(name: Fixture.hostile, prize: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", status: "Open", entries: "5,000", entrants: "4,000")]),
         Self(rows: [])]
    }
}

extension SweepstakesPage {
    init(_ all: [SweepstakesSummary]) {
        rows = all.map {
            Row(name: $0.name, prize: $0.prize, dates: "\($0.startsOn) – \($0.endsOn)", status: $0.status.capitalized,
                entries: $0.entries.grouped, entrants: $0.entrants.grouped)
        }
    }
}
