import GRDB

/// 008: draws that can be redrawn and re-checked.
///
/// - `sweepstakes_draws` loses `UNIQUE (sweepstakes_id)`: a redraw adds a draw
///   and keeps the first on record (the newest is the one in force). It gains
///   `drawn_on` (the UTC day ages are counted on), `eligible_users`,
///   `winner_count` and `replaces` (the draw a redraw replaced). `entry_count`
///   is the total weight drawn from: the valid entries of eligible users.
/// - `draw_winners` gains `user_uuid` and `weight`: a draw picks users, each
///   in proportion to their valid entries; `entry_id` names the winner's first
///   valid entry, as the original schema asks for an entry.
/// The table is rebuilt (SQLite cannot drop a UNIQUE constraint); rows keep their ids.
enum Migration008 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sweepstakes_draws_new (
                id INTEGER PRIMARY KEY,
                sweepstakes_id INTEGER NOT NULL REFERENCES sweepstakes(id),
                drawn_by INTEGER NOT NULL REFERENCES staff(id),
                drawn_at TEXT NOT NULL,
                drawn_on TEXT NOT NULL DEFAULT '',
                seed TEXT NOT NULL,
                snapshot_hash TEXT NOT NULL,
                entry_count INTEGER NOT NULL,
                eligible_users INTEGER NOT NULL DEFAULT 0,
                winner_count INTEGER NOT NULL DEFAULT 0,
                reason TEXT NOT NULL,
                replaces INTEGER REFERENCES sweepstakes_draws_new(id)
            );
            INSERT INTO sweepstakes_draws_new (id, sweepstakes_id, drawn_by, drawn_at, drawn_on, seed, snapshot_hash, entry_count, reason)
                SELECT id, sweepstakes_id, drawn_by, drawn_at, substr(drawn_at, 1, 10), seed, snapshot_hash, entry_count, reason FROM sweepstakes_draws;
            DROP TABLE sweepstakes_draws;
            ALTER TABLE sweepstakes_draws_new RENAME TO sweepstakes_draws;
            CREATE INDEX sweepstakes_draws_by_sweepstakes ON sweepstakes_draws(sweepstakes_id, id);
            ALTER TABLE draw_winners ADD COLUMN user_uuid TEXT;
            ALTER TABLE draw_winners ADD COLUMN weight INTEGER;
            """)
    }
}
