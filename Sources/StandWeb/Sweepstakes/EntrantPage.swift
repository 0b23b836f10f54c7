import Foundation
import StandCore

/// `sweepstakes/entrant`: one account's entries in one sweepstakes, with the
/// corrections staff can make: grant, void one or all, disqualify or lift.
struct EntrantPage: PageModel {
    static let template = "sweepstakes/entrant"
    var title: String { "\(email) in \(sweepstakesName)" }

    let sweepstakesId: Int64
    let sweepstakesName: String
    let phase: String
    let isDrawn: Bool
    let email: String
    let uuid: String
    let validEntries: String
    let voidedEntries: String
    let disqualification: String?
    let entriesHTML: String
    let hasEntries: Bool
    let hasMore: Bool
    /// Why the last correction was refused (drawn, deleted, already voided…).
    var refused: String?
    var grantQuantity = ""
    var grantReason = ""
    var voidAllReason = ""
    var disqualifyReason = ""
    var grantErrors = FieldErrors()
    var voidAllErrors = FieldErrors()
    var disqualifyErrors = FieldErrors()

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "sweepstakesId": { $0.sweepstakesId }, "sweepstakesName": { $0.sweepstakesName }, "phase": { $0.phase }, "isDrawn": { $0.isDrawn },
        "email": { $0.email }, "uuid": { $0.uuid }, "validEntries": { $0.validEntries }, "voidedEntries": { $0.voidedEntries },
        "disqualification": { $0.disqualification }, "isDisqualified": { $0.disqualification != nil },
        "entriesHTML": { $0.entriesHTML }, "hasEntries": { $0.hasEntries }, "hasMore": { $0.hasMore }, "refused": { $0.refused },
        "grantQuantity": { $0.grantQuantity }, "grantReason": { $0.grantReason }, "voidAllReason": { $0.voidAllReason },
        "disqualifyReason": { $0.disqualifyReason }, "grantErrors": { $0.grantErrors.leading("No entries were granted:") }, "voidAllErrors": { $0.voidAllErrors.leading("Nothing was voided:") },
        "disqualifyErrors": { $0.disqualifyErrors.leading("Nothing was changed:") },
        "sweepstakesHref": { Site.sweepstake.href($0.sweepstakesId) }, "userHref": { Site.user.href($0.uuid) },
        "grantAction": { Site.sweepstakesGrant.href($0.sweepstakesId) }, "voidAllAction": { Site.sweepstakesVoidAll.href($0.sweepstakesId) },
        "disqualifyAction": { Site.sweepstakesDisqualify.href($0.sweepstakesId) }, "liftAction": { Site.sweepstakesLift.href($0.sweepstakesId) },
    ]

    static let sources = ["daily_stand": "Daily stand", "streak_bonus": "Streak bonus", "manual_grant": "Manual grant"]

    /// The rows; each valid one carries its own small "void" form while corrections are allowed.
    static func entriesHTML(_ entries: [SweepstakesEntrants.Entry], sweepstakesId: Int64, uuid: String, csrf: String, submission: String, canCorrect: Bool) -> String {
        var html = TableRowsHTML(columns: ["Entry", "When (UTC)", "Source", "Entries", "Status", "Void"], reservingCapacity: entries.count * 700)
        let form = TableRowsHTML.inlineFormOpening(action: Site.sweepstakesVoid.href(sweepstakesId), csrf: csrf, submission: submission)
        for entry in entries {
            html.row { cells in
                cells.numberCell("#\(entry.id)")
                cells.cell(UTCDate.minute(entry.createdAt))
                cells.cell(sources[entry.reason] ?? entry.reason, note: entry.grantedBy.map { "by \($0)" + (entry.note.map { ": \($0)" } ?? "") })
                cells.numberCell(entry.quantity.grouped)
                cells.cell(entry.voided ? "Voided" : "Valid", note: entry.voided ? [entry.voidedBy.map { "by \($0)" }, entry.voidReason].compactMap { $0 }.joined(separator: ": ") : nil)
                if canCorrect && !entry.voided {
                    cells.markupCell(form + "<input type=\"hidden\" name=\"user\" value=\"" + FastHTMLEscaping.escape(uuid)
                        + "\" /><input type=\"hidden\" name=\"entry\" value=\"\(entry.id)\" /><input name=\"reason\" type=\"text\" maxlength=\"500\" required=\"required\""
                        + " placeholder=\"Reason\" aria-label=\"Why void entry #\(entry.id)\" /><button type=\"submit\" class=\"danger\">Void…</button></form>")
                } else {
                    cells.cell("")
                }
            }
        }
        return html.html
    }

    static var fixtures: [Self] {
        let hostile = Fixture.hostile
        let entry = SweepstakesEntrants.Entry(id: 3, quantity: 2, reason: "manual_grant", note: hostile, grantedBy: hostile, voided: false,
                                              voidedBy: nil, voidReason: nil, createdAt: .now)
        let voided = SweepstakesEntrants.Entry(id: 4, quantity: 1, reason: "daily_stand", note: nil, grantedBy: nil, voided: true,
                                               voidedBy: hostile, voidReason: hostile, createdAt: .now)
        var failed = Self(sweepstakesId: 1, sweepstakesName: hostile, phase: "Open", isDrawn: false, email: hostile, uuid: Fixture.uuid,
                          validEntries: "2", voidedEntries: "1", disqualification: hostile,
                          entriesHTML: entriesHTML([entry, voided], sweepstakesId: 1, uuid: Fixture.uuid, csrf: "abc", submission: "def", canCorrect: true),
                          hasEntries: true, hasMore: true)
        failed.refused = hostile
        failed.grantQuantity = hostile
        failed.grantReason = hostile
        failed.voidAllReason = hostile
        failed.disqualifyReason = hostile
        var errors = ValidationErrors()
        errors.add("quantity", hostile)
        errors.add("reason", hostile)
        failed.grantErrors = FieldErrors(errors)
        failed.voidAllErrors = FieldErrors(errors)
        failed.disqualifyErrors = FieldErrors(errors)
        let drawn = Self(sweepstakesId: 1, sweepstakesName: hostile, phase: "Drawn", isDrawn: true, email: hostile, uuid: Fixture.uuid,
                         validEntries: "0", voidedEntries: "0", disqualification: nil, entriesHTML: "", hasEntries: false, hasMore: false)
        let eligible = Self(sweepstakesId: 1, sweepstakesName: hostile, phase: "Closed", isDrawn: false, email: hostile, uuid: Fixture.uuid,
                            validEntries: "0", voidedEntries: "0", disqualification: nil, entriesHTML: "", hasEntries: false, hasMore: false)
        return [failed, drawn, eligible]
    }
}
