import Foundation
import StandCore

/// `sweepstakes/index`: every sweepstakes with its dates, where it stands and
/// its totals (from the trigger-kept totals, never a count of entries).
struct SweepstakesPage: PageModel {
    static let template = "sweepstakes/index"
    let title = "Sweepstakes"

    struct Row {
        let id: Int64
        let name: String
        let prize: String
        let dates: String
        let phase: String
        let entrants: String
        let validEntries: String
    }

    let rowsHTML: String
    let isEmpty: Bool
    let canCreate: Bool

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "rowsHTML": { $0.rowsHTML }, "isEmpty": { $0.isEmpty }, "canCreate": { $0.canCreate },
        "newHref": { _ in Site.sweepstakesNew.href() },
    ]

    static func rowsHTML(_ rows: [Row]) -> String {
        var html = TableRowsHTML(columns: ["Name", "Prize", "Runs (UTC)", "Status", "Entrants", "Valid entries"], reservingCapacity: rows.count * 400)
        for row in rows {
            html.row { cells in
                cells.linkCell(row.name, href: Site.sweepstake.href(row.id))
                cells.cell(row.prize)
                cells.cell(row.dates)
                cells.cell(row.phase)
                cells.numberCell(row.entrants)
                cells.numberCell(row.validEntries)
            }
        }
        return html.html
    }

    static var fixtures: [Self] {
        let row = Row(id: 1, name: Fixture.hostile, prize: Fixture.hostile, dates: "2026-11-01 – 2026-11-30", phase: "Open", entrants: "4,000", validEntries: "5,000")
        return [Self(rowsHTML: rowsHTML([row]), isEmpty: false, canCreate: true), Self(rowsHTML: "", isEmpty: true, canCreate: false)]
    }
}

extension SweepstakesPage {
    init(_ all: [Sweepstakes], canCreate: Bool, now: Date = Date()) {
        let today = UTCDate.day(now)
        let rows = all.map {
            Row(id: $0.id, name: $0.name, prize: $0.prize, dates: "\($0.startsOn) – \($0.endsOn)", phase: $0.phase(today: today).title,
                entrants: $0.entrants.grouped, validEntries: $0.validEntries.grouped)
        }
        self.init(rowsHTML: Self.rowsHTML(rows), isEmpty: rows.isEmpty, canCreate: canCreate)
    }
}
