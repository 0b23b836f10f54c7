import GRDB

/// 013: draws numbered within their sweepstakes, with alternates, winners'
/// claims and a public record.
///
/// - `sweepstakes_draws.number`: 1, 2, … within each sweepstakes (the id
///   counts every sweepstakes' draws, so a first draw could read "#3").
/// - `alternate_count`: how many picks after the winners are alternates.
///   `draw_winners` holds every pick in draw order: ranks 1…`winner_count`
///   are the winners, the next `alternate_count` the alternates in order.
/// - Per pick: notified (when, how), claimed, or forfeited (why). An
///   alternate whose `promoted_for` is set took the place of that rank.
/// - `public_token`: set while the draw's public record is published (an
///   unguessable link that needs no sign-in); cleared when withdrawn.
enum Migration013 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sweepstakes_draws ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
            UPDATE sweepstakes_draws SET number = (SELECT COUNT(*) FROM sweepstakes_draws earlier
                WHERE earlier.sweepstakes_id = sweepstakes_draws.sweepstakes_id AND earlier.id <= sweepstakes_draws.id);
            CREATE UNIQUE INDEX sweepstakes_draws_number ON sweepstakes_draws(sweepstakes_id, number);
            ALTER TABLE sweepstakes_draws ADD COLUMN alternate_count INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE sweepstakes_draws ADD COLUMN public_token TEXT;
            ALTER TABLE sweepstakes_draws ADD COLUMN published_at TEXT;
            ALTER TABLE sweepstakes_draws ADD COLUMN published_by INTEGER REFERENCES staff(id);
            CREATE UNIQUE INDEX sweepstakes_draws_public_token ON sweepstakes_draws(public_token) WHERE public_token IS NOT NULL;

            ALTER TABLE draw_winners ADD COLUMN promoted_for INTEGER;
            ALTER TABLE draw_winners ADD COLUMN notified_at TEXT;
            ALTER TABLE draw_winners ADD COLUMN notified_how TEXT;
            ALTER TABLE draw_winners ADD COLUMN notified_by INTEGER REFERENCES staff(id);
            ALTER TABLE draw_winners ADD COLUMN claimed_at TEXT;
            ALTER TABLE draw_winners ADD COLUMN claimed_by INTEGER REFERENCES staff(id);
            ALTER TABLE draw_winners ADD COLUMN forfeited_at TEXT;
            ALTER TABLE draw_winners ADD COLUMN forfeited_by INTEGER REFERENCES staff(id);
            ALTER TABLE draw_winners ADD COLUMN forfeit_reason TEXT;
            """)
    }
}
