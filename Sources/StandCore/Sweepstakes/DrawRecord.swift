import Foundation

/// A draw's public record: an unguessable link anyone can open without
/// signing in (an entrant, a regulator), with everything needed to re-check
/// the draw and nothing personal: UUIDs, weights, the seed and the snapshot.
extension SweepstakesDraws {
    public struct PublicRecord: Sendable {
        public let sweepstakes: Sweepstakes
        /// Its picks carry no email.
        public let draw: Draw
        /// The redraw that replaced it, if any.
        public let replacedBy: Replacement?
    }

    public struct Replacement: Sendable, Equatable {
        public let number: Int
        public let drawnAt: Date
        public let publicToken: String?

        public init(number: Int, drawnAt: Date, publicToken: String?) {
            self.number = number
            self.drawnAt = drawnAt
            self.publicToken = publicToken
        }
    }

    /// Publish the draw's record (an audit event); publishing a published one
    /// changes nothing. Returns the link's token.
    @discardableResult
    public func publish(drawId: Int64, by actor: AuditActor, now: Date = Date()) async throws -> String {
        try await store.write { db in
            guard let draw = try Self.find(db, id: drawId) else { throw Conflict(message: "There is no such draw; nothing was published.") }
            if let token = draw.publicToken { return token }
            let token = Self.newPublicToken()
            try db.execute(sql: "UPDATE sweepstakes_draws SET public_token = ?, published_at = ?, published_by = ? WHERE id = ?",
                           arguments: [token, now, actor.staffId, drawId])
            try AuditLog.record(db, .drawPublished, by: actor, target: (AuditTarget.sweepstakes, String(draw.sweepstakesId)),
                                detail: Self.label(draw), at: now)
            return token
        }
    }

    /// Withdraw the record: its link answers 404 from now on (publishing again
    /// makes a new link). False when it was not published.
    @discardableResult
    public func withdraw(drawId: Int64, by actor: AuditActor, now: Date = Date()) async throws -> Bool {
        try await store.write { db in
            guard let draw = try Self.find(db, id: drawId), draw.publicToken != nil else { return false }
            try db.execute(sql: "UPDATE sweepstakes_draws SET public_token = NULL, published_at = NULL, published_by = NULL WHERE id = ?",
                           arguments: [drawId])
            try AuditLog.record(db, .drawWithdrawn, by: actor, target: (AuditTarget.sweepstakes, String(draw.sweepstakesId)),
                                detail: Self.label(draw), at: now)
            return true
        }
    }

    public func publicRecord(token: String) async throws -> PublicRecord? {
        guard Self.isPublicToken(token) else { return nil }
        return try await store.read { db in
            guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sweepstakes_draws WHERE public_token = ?"), arguments: [token]),
                  let draw = try Self.find(db, id: id), let sweepstakes = try Sweepstakes.find(db, id: draw.sweepstakesId) else { return nil }
            let replacedBy = try StoreRow.fetchOne(db.cachedStatement(sql: """
                SELECT number, drawn_at, public_token FROM sweepstakes_draws WHERE replaces = ?
                """), arguments: [id]).map {
                Replacement(number: $0["number"], drawnAt: $0.timestamp("drawn_at") ?? .distantPast, publicToken: $0["public_token"])
            }
            return PublicRecord(sweepstakes: sweepstakes, draw: draw.forPublic, replacedBy: replacedBy)
        }
    }

    /// The kept snapshot of a published draw, byte for byte.
    public func publicSnapshot(token: String) async throws -> (draw: Draw, snapshot: DrawSnapshot)? {
        guard Self.isPublicToken(token) else { return nil }
        let id = try await store.read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sweepstakes_draws WHERE public_token = ?"), arguments: [token])
        }
        guard let id, let (draw, snapshot) = try await snapshot(drawId: id) else { return nil }
        return (draw.forPublic, snapshot)
    }

    /// 128 random bits as 32 lowercase hex digits.
    static func newPublicToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return DrawAlgorithm.hex((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    public static func isPublicToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}

extension SweepstakesDraws.Pick {
    public var withoutEmail: Self {
        var pick = Self(rank: rank, uuid: uuid, email: nil, weight: weight)
        pick.promotedFor = promotedFor
        pick.notified = notified.map { .init(at: $0.at, by: nil) }
        pick.claimed = claimed.map { .init(at: $0.at, by: nil) }
        pick.forfeited = forfeited.map { .init(at: $0.at, by: nil) }
        return pick
    }
}

extension SweepstakesDraws.Draw {
    /// The draw as the public may see it: no entrant's or staff member's email,
    /// no staff words (a redraw's reason, how a winner was told, why they forfeited).
    public var forPublic: Self {
        .init(id: id, number: number, sweepstakesId: sweepstakesId, drawnBy: nil, drawnAt: drawnAt, drawnOn: drawnOn, seed: seed,
              snapshotHash: snapshotHash, totalWeight: totalWeight, eligibleUsers: eligibleUsers, winnerCount: winnerCount,
              alternateCount: alternateCount, reason: "", replaces: replaces, replacesNumber: replacesNumber, publicToken: publicToken,
              published: published.map { .init(at: $0.at, by: nil) }, picks: picks.map(\.withoutEmail))
    }
}
