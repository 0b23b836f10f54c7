import Foundation
import StandCore

/// `deletion/receipt`: what the person asked for is done, in plain words,
/// on a page of its own that prints cleanly: what went when, which systems
/// confirmed, and what is kept and why.
struct DeletionReceiptPage: PageModel {
    static let template = "deletion/receipt"
    let title = "Account deletion receipt"

    let uuid: String
    let deletedAt: String
    let request: String?
    let storeErasure: String
    let systems: [System]
    let noneConfigured: Bool
    let completion: String
    let isComplete: Bool
    let kept: [Kept]
    let printedAt: String
    let tombstoneHref: String

    struct System: MustacheFields {
        let name: String
        let confirmation: String
        static let fields: [String: @Sendable (Self) -> Any?] = ["name": { $0.name }, "confirmation": { $0.confirmation }]
    }

    struct Kept: MustacheFields {
        let what: String
        let why: String
        static let fields: [String: @Sendable (Self) -> Any?] = ["what": { $0.what }, "why": { $0.why }]
    }

    init(_ receipt: DeletionReceipt, now: Date = Date()) {
        let tombstone = receipt.tombstone
        uuid = tombstone.uuid
        deletedAt = UTCDate.minute(tombstone.deletedAt)
        request = receipt.requestReceivedAt.map { at in
            "Your request of \(UTCDate.minute(at))" + (receipt.requestSource.map { " (made \(Self.source($0)))" } ?? "")
        }
        storeErasure = tombstone.erasedAt.map { "Erased from Stand's database at \(UTCDate.minute($0))" }
            ?? "Being erased from Stand's database (a copy still being read by another program keeps it a little longer)"
        systems = tombstone.erasure.deliveries.map { delivery in
            System(name: Self.systemName(delivery.system), confirmation: delivery.doneAt.map { "Confirmed deleted at \(UTCDate.minute($0))" }
                   ?? (delivery.state == .failed ? "Not confirmed yet: Stand's staff are following it up" : "Not confirmed yet"))
        }
        noneConfigured = tombstone.erasure.noneConfigured
        isComplete = tombstone.isComplete
        completion = isComplete
            ? "Your account is deleted everywhere Stand keeps it."
            : "Your account is deleted; the steps marked “not confirmed yet” are still being completed."
        kept = Self.kept(receipt)
        printedAt = UTCDate.minute(now)
        tombstoneHref = Site.user.href(tombstone.uuid)
    }

    static func systemName(_ system: String) -> String {
        switch system {
        case "firebase": "Firebase (sign-in)"
        case "aws": "Amazon Web Services (app data)"
        default: system
        }
    }

    static func source(_ source: String) -> String {
        switch source {
        case "app": "in the app"
        default: "through Stand's support"
        }
    }

    static func kept(_ receipt: DeletionReceipt) -> [Kept] {
        var kept = [Kept(what: "This record of the deletion: your account's ID (\(receipt.tombstone.uuid)), when it was deleted, and why.",
                         why: "To show that your request was carried out. It holds no email address, phone number or birthdate.")]
        if let answers = receipt.answersDetached, answers > 0 {
            kept.append(Kept(what: "\(answers.counted("answer")) to daily questions, with nothing linking them to you.",
                             why: "They are counted in each question's results. Nothing in them identifies you."))
        }
        if let suggestions = receipt.suggestionsDetached, suggestions > 0 {
            kept.append(Kept(what: "\(suggestions.counted("question")) you suggested, with nothing linking them to you.",
                             why: "They may have been used as daily questions. Nothing in them identifies you."))
        }
        for line in receipt.drawLines {
            kept.append(Kept(what: "Your line in the " + (line.isPublished ? "published " : "") + "entrant list of “\(line.sweepstakesName)”, "
                                + "draw \(line.drawNumber) of \(UTCDate.day(line.drawnAt)): your account's ID and your \(line.weight.counted("entry", plural: "entries")).",
                             why: (line.isPublished ? "Anyone" : "An auditor") + " can re-check that draw from this list; without your line nobody could. "
                                + "It holds nothing else about you."))
        }
        if receipt.drawLines.isEmpty, let entries = receipt.entriesKept, entries > 0 {
            kept.append(Kept(what: "\(entries.counted("sweepstakes entry", plural: "sweepstakes entries")) in sweepstakes already drawn, with nothing linking them to you.",
                             why: "So that past draws can still be checked."))
        }
        for prize in receipt.prizes {
            let outcome = prize.claimedAt.map { ", claimed \(UTCDate.day($0))" } ?? prize.forfeitedAt.map { ", forfeited \(UTCDate.day($0))" } ?? ""
            kept.append(Kept(what: "The record that draw \(prize.drawNumber) of “\(prize.sweepstakesName)” picked your account's ID "
                                + (prize.isWinner ? "as a winner" : "as an alternate") + " for \(prize.prize)\(outcome).",
                             why: "Prize records are kept under a legal hold for tax and sweepstakes rules; they name your account's ID only."))
        }
        kept.append(Kept(what: "Backups of Stand's database made before the deletion.",
                         why: "They are kept for a limited time for disaster recovery, then expire; they are never used to bring an account back."))
        return kept
    }

    static let fields: [String: @Sendable (Self) -> Any?] = [
        "uuid": { $0.uuid }, "deletedAt": { $0.deletedAt }, "request": { $0.request }, "storeErasure": { $0.storeErasure },
        "systems": { $0.systems.isEmpty ? nil : $0.systems }, "noneConfigured": { $0.noneConfigured },
        "completion": { $0.completion }, "isComplete": { $0.isComplete }, "kept": { $0.kept },
        "printedAt": { $0.printedAt }, "tombstoneHref": { $0.tombstoneHref },
    ]

    static var fixtures: [Self] {
        let tombstone = Tombstone(row: ["uuid": Fixture.uuid, "deleted_at": "2026-11-23 10:00:00.000", "deleted_by": 1,
                                        "staff_email": Fixture.hostile, "reason": Fixture.hostile, "erased_at": "2026-11-23 10:00:01.000"])
        var withSystems = tombstone
        withSystems.erasure = ErasureProgress(deliveries: [ErasureDelivery(row: [
            "id": 1, "delivery_id": Fixture.uuid, "account_uuid": Fixture.uuid, "system": Fixture.hostile, "position": 1, "state": "done",
            "attempts": 1, "next_attempt_at": "2026-11-23 10:00:00.000", "give_up_at": "2026-11-30 10:00:00.000",
            "last_status": 200, "last_error": nil, "last_attempt_at": "2026-11-23 10:00:02.000", "failed_at": nil,
            "done_at": "2026-11-23 10:00:02.000", "created_at": "2026-11-23 10:00:00.000", "deleted_at": "2026-11-23 10:00:00.000"])])
        let full = DeletionReceipt(tombstone: withSystems, requestReceivedAt: Date(timeIntervalSince1970: 1_795_000_000), requestSource: Fixture.hostile,
                                   answersDetached: 12, entriesKept: 3, suggestionsDetached: 1,
                                   drawLines: [.init(sweepstakesName: Fixture.hostile, drawNumber: 1, drawnAt: Date(timeIntervalSince1970: 1_795_000_000), weight: 4, isPublished: true)],
                                   prizes: [.init(sweepstakesName: Fixture.hostile, prize: Fixture.hostile, drawNumber: 1, isWinner: true,
                                                  claimedAt: Date(timeIntervalSince1970: 1_795_100_000), forfeitedAt: nil)])
        let bare = DeletionReceipt(tombstone: tombstone, requestReceivedAt: nil, requestSource: nil, answersDetached: nil, entriesKept: nil,
                                   suggestionsDetached: nil, drawLines: [], prizes: [])
        return [DeletionReceiptPage(full), DeletionReceiptPage(bare)]
    }
}
