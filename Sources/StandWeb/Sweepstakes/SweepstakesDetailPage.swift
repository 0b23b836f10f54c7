import Foundation
import StandCore

/// `sweepstakes/show`: one sweepstakes: its rules and totals, entries per day,
/// and its entrants by valid entries (or those a search names).
struct SweepstakesDetailPage: PageModel {
    static let template = "sweepstakes/show"
    var title: String { name }

    let id: Int64
    let name: String
    let prize: String
    let dates: String
    let phase: String
    let winners: String
    let rules: String
    let closed: String?
    let entrants: String
    let validEntries: String
    let voidedEntries: String
    let disqualified: String
    let chartHTML: String
    let rowsHTML: String
    let hasRows: Bool
    var query = ""
    /// What a search found when it is not a list of entrants.
    var searchMessage: String?
    var nextHref: String?
    var isFirstPage = true
    let canClose: Bool
    /// The draw in force, and the ones it replaced as table rows.
    var draw: DrawView?
    var earlierDrawsHTML = ""
    /// The same page with every earlier draw, when only the latest are listed.
    var allEarlierDrawsHref: String?
    /// Owners, once it is closed (and not yet drawn) or to redraw.
    var canDraw = false
    var canExport = false
    /// Editors and owners, until it opens.
    var canEdit = false
    /// Owners, until it is drawn.
    var canCancel = false

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "id": { $0.id }, "name": { $0.name }, "prize": { $0.prize }, "dates": { $0.dates }, "phase": { $0.phase },
        "winners": { $0.winners }, "rules": { $0.rules }, "closed": { $0.closed },
        "entrants": { $0.entrants }, "validEntries": { $0.validEntries }, "voidedEntries": { $0.voidedEntries }, "disqualified": { $0.disqualified },
        "chartHTML": { $0.chartHTML }, "rowsHTML": { $0.rowsHTML }, "hasRows": { $0.hasRows }, "query": { $0.query },
        "searchMessage": { $0.searchMessage }, "nextHref": { $0.nextHref }, "isFirstPage": { $0.isFirstPage },
        "canClose": { $0.canClose }, "closeHref": { Site.sweepstakesClose.href($0.id) }, "searchAction": { Site.sweepstake.href($0.id) },
        "listHref": { _ in Site.sweepstakes.href() },
        "currentDraw": { $0.draw }, "earlierDrawsHTML": { $0.earlierDrawsHTML }, "hasEarlierDraws": { !$0.earlierDrawsHTML.isEmpty },
        "allEarlierDrawsHref": { $0.allEarlierDrawsHref }, "earlierShown": { _ in SweepstakesDraws.earlierShown },
        "canDraw": { $0.canDraw }, "isDrawn": { $0.draw != nil }, "drawHref": { Site.sweepstakesDraw.href($0.id) },
        "canExport": { $0.canExport }, "exportHref": { Site.sweepstakesEntrantsCSV.href($0.id) },
        "canEdit": { $0.canEdit }, "editHref": { Site.sweepstakesEdit.href($0.id) },
        "canCancel": { $0.canCancel }, "cancelHref": { Site.sweepstakesCancel.href($0.id) },
    ]

    static func rowsHTML(_ entrants: [SweepstakesEntrants.Entrant], sweepstakesId: Int64) -> String {
        var html = TableRowsHTML(columns: ["Entrant", "Valid entries", "Voided", "Status", "Entries"], reservingCapacity: entrants.count * 420)
        for entrant in entrants {
            html.row { cells in
                cells.linkCell(entrant.email, href: Site.user.href(entrant.uuid))
                cells.numberCell(entrant.validEntries.grouped)
                cells.numberCell(entrant.voidedEntries.grouped)
                cells.cell(entrant.disqualified ? "Disqualified" : entrant.suspension ?? "Eligible")
                cells.linkCell("Entries and corrections", href: Site.sweepstakesEntrant.href(sweepstakesId, ["user": entrant.uuid]))
            }
        }
        return html.html
    }

    static func chart(_ days: [(day: String, entries: Int)]) -> String {
        guard !days.isEmpty else { return "" }
        let step = max(1, days.count / 5)
        var labels: [Int: String] = [:]
        for index in stride(from: 0, to: days.count, by: step) { labels[index] = String(days[index].day.dropFirst(5)) }
        let total = days.reduce(0) { $0 + $1.entries }
        return SVGChart.columns(days.map(\.entries), labels: labels,
                                summary: "Valid entries per day, \(days.first!.day) to \(days.last!.day): \(total.grouped) in all")
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let entrant = SweepstakesEntrants.Entrant(userId: 1, uuid: Fixture.uuid, email: hostile, validEntries: 5, voidedEntries: 1, disqualificationReason: hostile)
        var searched = Self(id: 1, name: hostile, prize: hostile, dates: "2026-11-01 – 2026-11-30", phase: "Open", winners: "3", rules: hostile,
                            closed: hostile, entrants: "1", validEntries: "5", voidedEntries: "1", disqualified: "0",
                            chartHTML: chart([("2026-11-01", 3), ("2026-11-02", 2)]), rowsHTML: rowsHTML([entrant], sweepstakesId: 1), hasRows: true,
                            canClose: true)
        searched.query = hostile
        searched.nextHref = Site.sweepstake.href(1, ["after": "5~1"])
        searched.isFirstPage = false
        searched.canDraw = true
        searched.canExport = true
        searched.canEdit = true
        searched.canCancel = true
        var missing = Self(id: 1, name: hostile, prize: hostile, dates: "2026-11-01 – 2026-11-30", phase: "Drawn", winners: "1", rules: hostile,
                           closed: nil, entrants: "0", validEntries: "0", voidedEntries: "0", disqualified: "0", chartHTML: "", rowsHTML: "",
                           hasRows: false, canClose: false)
        missing.searchMessage = hostile
        missing.draw = .fixture(replaces: 1)
        searched.draw = .fixture(replaces: nil, published: false)
        missing.earlierDrawsHTML = EarlierDrawsHTML.fixture(canManage: true)
        missing.allEarlierDrawsHref = Site.sweepstake.href(1, ["draws": "all"]) + "#earlier-draws"
        searched.earlierDrawsHTML = EarlierDrawsHTML.fixture(canManage: false)
        missing.canDraw = true
        return [searched, missing]
    }
}

extension SweepstakesDetailPage {
    /// "1 entry per daily stand; 5 entries more for each 7-day streak".
    static func earningRules(_ sweepstakes: Sweepstakes) -> String {
        var rules = "\(EntryCorrections.entries(sweepstakes.entriesPerStand)) per daily stand"
        if sweepstakes.streakBonusEntries > 0 { rules += "; \(EntryCorrections.entries(sweepstakes.streakBonusEntries)) more for each 7-day streak" }
        return rules
    }

    init(_ sweepstakes: Sweepstakes, days: [(day: String, entries: Int)], entrants: [SweepstakesEntrants.Entrant], canClose: Bool, now: Date = Date()) {
        let phase = sweepstakes.phase(now: now)
        let rules = Self.earningRules(sweepstakes)
        self.init(
            id: sweepstakes.id, name: sweepstakes.name, prize: sweepstakes.prize, dates: "\(sweepstakes.startsOn) – \(sweepstakes.endsOn)",
            phase: phase.title, winners: String(sweepstakes.winnerCount), rules: rules,
            closed: sweepstakes.cancelledAt.map { "Cancelled \(UTCDate.minute($0)): \(sweepstakes.cancelReason ?? "")" }
                ?? sweepstakes.closedAt.map { "Closed early \(UTCDate.minute($0)): \(sweepstakes.closeReason ?? "")" },
            entrants: sweepstakes.entrants.grouped, validEntries: sweepstakes.validEntries.grouped,
            voidedEntries: sweepstakes.voidedEntries.grouped, disqualified: sweepstakes.disqualified.grouped,
            chartHTML: Self.chart(days), rowsHTML: Self.rowsHTML(entrants, sweepstakesId: sweepstakes.id), hasRows: !entrants.isEmpty,
            canClose: canClose && (phase == .open || phase == .upcoming))
    }
}
