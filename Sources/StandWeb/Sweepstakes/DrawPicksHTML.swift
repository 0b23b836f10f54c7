import Foundation
import StandCore

/// A draw's picks as HTML list items, written in Swift like table rows: each
/// prize's chain (the winner, then each alternate who took the place of the
/// one before), and the alternates still waiting. Staff see emails, how a
/// winner was told and why a prize was forfeited; the public sees UUIDs and
/// where each prize stands, nothing else.
enum DrawPicksHTML {
    enum Audience {
        case staff(canManage: Bool)
        case `public`

        var isStaff: Bool {
            if case .staff = self { return true }
            return false
        }
    }

    static func chains(_ draw: SweepstakesDraws.Draw, audience: Audience) -> String {
        var html = ""
        for (index, chain) in draw.chains.enumerated() {
            html += "<li class=\"prize\"><span class=\"prize-label\">Prize \(index + 1)</span><ol class=\"chain\">"
            for (step, pick) in chain.enumerated() {
                html += "<li>"
                if step > 0 { html += "<span class=\"muted\">then</span> " }
                html += item(pick, in: draw, audience: audience)
                html += "</li>"
            }
            if chain.last?.forfeited != nil, draw.nextAlternate == nil {
                html += "<li class=\"muted\">No alternate is left for this prize: a redraw (which leaves out everyone who forfeited) can fill it.</li>"
            }
            html += "</ol></li>"
        }
        return html
    }

    static func waiting(_ draw: SweepstakesDraws.Draw, audience: Audience) -> String {
        var html = ""
        for pick in draw.alternates where pick.promotedFor == nil {
            html += "<li>" + item(pick, in: draw, audience: audience) + "</li>"
        }
        return html
    }

    static func item(_ pick: SweepstakesDraws.Pick, in draw: SweepstakesDraws.Draw, audience: Audience) -> String {
        let standing = pick.standing(winnerCount: draw.winnerCount)
        let forStaff = audience.isStaff
        var html = "<span class=\"pick-label\">" + SweepstakesDraws.label(pick, in: draw) + "</span> "
        if forStaff {
            html += "<a href=\"" + FastHTMLEscaping.escape(Site.user.href(pick.uuid)) + "\">"
            html += FastHTMLEscaping.escape(pick.email ?? "Deleted account") + "</a> "
        }
        html += "<code class=\"uuid\">" + FastHTMLEscaping.escape(pick.uuid) + "</code> "
        html += "<span class=\"muted\">" + pick.weight.counted("entry", plural: "entries") + "</span> "
        html += "<span class=\"badge standing-\(standing.rawValue)\">" + title(standing) + "</span>"
        var facts: [String] = []
        if let promoted = pick.promotedFor {
            facts.append("took the place of " + (draw.picks.first { $0.rank == promoted }.map { SweepstakesDraws.label($0, in: draw) } ?? "rank \(promoted)"))
        }
        if let notified = pick.notified {
            var fact = "notified " + UTCDate.minute(notified.at)
            if forStaff { fact += (pick.notifiedHow.map { " (\($0))" } ?? "") + (notified.by.map { " by \($0)" } ?? "") }
            facts.append(fact)
        }
        if let claimed = pick.claimed {
            facts.append("claimed " + UTCDate.minute(claimed.at) + (forStaff ? claimed.by.map { " by \($0)" } ?? "" : ""))
        }
        if let forfeited = pick.forfeited {
            var fact = "forfeited " + UTCDate.minute(forfeited.at)
            if forStaff { fact += (forfeited.by.map { " by \($0)" } ?? "") + (pick.forfeitReason.map { ": \($0)" } ?? "") }
            facts.append(fact)
        }
        if !facts.isEmpty { html += " <span class=\"muted\">" + FastHTMLEscaping.escape(facts.joined(separator: "; ")) + "</span>" }
        if case .staff(canManage: true) = audience, standing == .toNotify || standing == .notified {
            html += " <a href=\"" + FastHTMLEscaping.escape(Site.sweepstakesPrize.href(draw.sweepstakesId, ["draw": String(draw.id), "rank": String(pick.rank)]))
            html += "\">Record…</a>"
        }
        return html
    }

    static func title(_ standing: SweepstakesDraws.Pick.Standing) -> String {
        switch standing {
        case .waiting: "Waiting"
        case .toNotify: "To notify"
        case .notified: "Notified"
        case .claimed: "Claimed"
        case .forfeited: "Forfeited"
        }
    }
}
