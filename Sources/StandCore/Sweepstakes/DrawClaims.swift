import Foundation

/// What staff record about a prize after a draw: the winner was notified
/// (when, how), claimed it, or forfeited it (why). A forfeit hands the prize
/// to the next alternate, in the order they were drawn.
extension SweepstakesDraws {
    public enum Claim: Sendable, Equatable {
        case notified(how: String)
        case claimed
        case forfeited(reason: String)
    }

    /// How long the "how" of a notification may be ("email to the address on file").
    public static let notificationLength = 200

    /// Record `claim` for the pick ranked `rank` of the draw in force. Returns
    /// the alternate a forfeit promoted, if one was left.
    @discardableResult
    public func record(_ claim: Claim, drawId: Int64, rank: Int, by actor: AuditActor, now: Date = Date()) async throws -> Pick? {
        let claim = try Self.checked(claim)
        return try await store.write { db in
            guard let draw = try Self.find(db, id: drawId) else { throw Conflict(message: "There is no such draw; nothing was recorded.") }
            guard try Self.latest(db, sweepstakesId: draw.sweepstakesId)?.id == draw.id else {
                throw Conflict(message: "Draw \(draw.number) was replaced by a redraw; record prizes on the draw in force. Nothing was recorded.")
            }
            guard let pick = draw.picks.first(where: { $0.rank == rank }) else {
                throw Conflict(message: "Draw \(draw.number) has no pick ranked \(rank); nothing was recorded.")
            }
            let name = Self.label(pick, in: draw)
            switch pick.standing(winnerCount: draw.winnerCount) {
            case .waiting: throw Conflict(message: "\(name) has not taken anyone's place; nothing was recorded.")
            case .forfeited: throw Conflict(message: "\(name) already forfeited the prize; nothing was recorded.")
            case .claimed: throw Conflict(message: "\(name) already claimed the prize; nothing was recorded.")
            case .toNotify, .notified: break
            }
            let target = (AuditTarget.user, pick.uuid)
            switch claim {
            case .notified(let how):
                try db.execute(sql: "UPDATE draw_winners SET notified_at = ?, notified_how = ?, notified_by = ? WHERE draw_id = ? AND rank = ?",
                               arguments: [now, how, actor.staffId, drawId, rank])
                try AuditLog.record(db, .winnerNotified, by: actor, target: target, detail: "\(name) of \(Self.label(draw)): \(how)", at: now)
                return nil
            case .claimed:
                try db.execute(sql: "UPDATE draw_winners SET claimed_at = ?, claimed_by = ? WHERE draw_id = ? AND rank = ?",
                               arguments: [now, actor.staffId, drawId, rank])
                try AuditLog.record(db, .prizeClaimed, by: actor, target: target, detail: "\(name) of \(Self.label(draw))", at: now)
                return nil
            case .forfeited(let reason):
                try db.execute(sql: "UPDATE draw_winners SET forfeited_at = ?, forfeited_by = ?, forfeit_reason = ? WHERE draw_id = ? AND rank = ?",
                               arguments: [now, actor.staffId, reason, drawId, rank])
                let next = draw.nextAlternate
                if let next {
                    try db.execute(sql: "UPDATE draw_winners SET promoted_for = ? WHERE draw_id = ? AND rank = ?", arguments: [rank, drawId, next.rank])
                }
                let promotion = next.map { "; \(Self.label($0, in: draw)) (\($0.uuid)) takes their place" } ?? "; no alternate is left"
                try AuditLog.record(db, .prizeForfeited, by: actor, target: target,
                                    detail: "\(name) of \(Self.label(draw)): \(reason)\(promotion)", at: now)
                return next
            }
        }
    }

    static func checked(_ claim: Claim) throws -> Claim {
        switch claim {
        case .claimed: return .claimed
        case .forfeited(let reason): return .forfeited(reason: try SweepstakesAdmin.checkedReason(reason))
        case .notified(let how):
            let how = how.trimmingCharacters(in: .whitespacesAndNewlines)
            var errors = ValidationErrors()
            TextInput.check(how, field: "how", into: &errors)
            KeptText.check(how, field: "how", into: &errors)
            if how.isEmpty { errors.add("how", "Say how they were told (for example “email to the address on file”).") }
            if how.unicodeScalars.count > notificationLength { errors.add("how", "Keep it under \(notificationLength) characters.") }
            try errors.throwIfAny()
            return .notified(how: how)
        }
    }

    /// "Winner 2", "Alternate 1": a pick by its place in the draw.
    public static func label(_ pick: Pick, in draw: Draw) -> String {
        pick.rank <= draw.winnerCount ? "Winner \(pick.rank)" : "Alternate \(pick.rank - draw.winnerCount)"
    }

    static func label(_ draw: Draw) -> String {
        "draw \(draw.number) of sweepstakes #\(draw.sweepstakesId)"
    }
}
