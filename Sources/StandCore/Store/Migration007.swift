import GRDB

/// 007: sweepstakes that can be run from the console, with totals kept by triggers.
///
/// - `sweepstakes`: how many winners, the earning rules shown to app users,
///   and an early close (who, when, why). `status` stays `open` until closed
///   early or drawn; "upcoming" and "ended" follow from the UTC dates.
/// - `sweepstakes_entrants`: per sweepstakes and user, valid and voided entry
///   quantities. Ranking a million entrants is then a walk of an index, not a
///   sort per request, and every writer of entries keeps it right.
/// - `sweepstakes_totals`: per sweepstakes, entrants (users with a valid
///   entry), valid and voided quantities, disqualified users.
/// - `sweepstakes_daily_entries`: valid quantities per day of `created_at`, for
///   the entries-per-day chart.
/// - `sweepstakes_disqualifications`: a user barred from one sweepstakes (and
///   when it was lifted); the draw skips them while it is in force.
/// Entries of deleted accounts (`user_id` NULL) count in the sweepstakes'
/// valid and voided quantities but belong to no entrant.
enum Migration007 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sweepstakes ADD COLUMN winner_count INTEGER NOT NULL DEFAULT 1 CHECK (winner_count BETWEEN 1 AND 100);
            ALTER TABLE sweepstakes ADD COLUMN entries_per_stand INTEGER NOT NULL DEFAULT 1 CHECK (entries_per_stand BETWEEN 0 AND 100);
            ALTER TABLE sweepstakes ADD COLUMN streak_bonus_entries INTEGER NOT NULL DEFAULT 0 CHECK (streak_bonus_entries BETWEEN 0 AND 100);
            ALTER TABLE sweepstakes ADD COLUMN closed_at TEXT;
            ALTER TABLE sweepstakes ADD COLUMN closed_by INTEGER REFERENCES staff(id);
            ALTER TABLE sweepstakes ADD COLUMN close_reason TEXT;

            CREATE TABLE sweepstakes_entrants (
                sweepstakes_id INTEGER NOT NULL REFERENCES sweepstakes(id),
                -- No foreign key: a deleted account's entries detach (user_id becomes
                -- NULL) and the triggers take their quantities off this row, which
                -- then goes; a cascade here would race that update.
                user_id INTEGER NOT NULL,
                valid_entries INTEGER NOT NULL DEFAULT 0,
                voided_entries INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (sweepstakes_id, user_id)
            ) WITHOUT ROWID;
            CREATE INDEX sweepstakes_entrants_ranked ON sweepstakes_entrants(sweepstakes_id, valid_entries, user_id);
            CREATE INDEX sweepstakes_entrants_by_user ON sweepstakes_entrants(user_id);

            CREATE TABLE sweepstakes_totals (
                sweepstakes_id INTEGER PRIMARY KEY REFERENCES sweepstakes(id),
                entrants INTEGER NOT NULL DEFAULT 0,
                valid_entries INTEGER NOT NULL DEFAULT 0,
                voided_entries INTEGER NOT NULL DEFAULT 0,
                disqualified INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE sweepstakes_daily_entries (
                sweepstakes_id INTEGER NOT NULL REFERENCES sweepstakes(id),
                day TEXT NOT NULL,
                valid_entries INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (sweepstakes_id, day)
            ) WITHOUT ROWID;
            CREATE TABLE sweepstakes_disqualifications (
                id INTEGER PRIMARY KEY,
                sweepstakes_id INTEGER NOT NULL REFERENCES sweepstakes(id),
                user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                reason TEXT NOT NULL,
                disqualified_by INTEGER REFERENCES staff(id),
                disqualified_at TEXT NOT NULL,
                lifted_at TEXT,
                lifted_by INTEGER REFERENCES staff(id),
                lift_reason TEXT
            );
            CREATE UNIQUE INDEX sweepstakes_disqualified_now ON sweepstakes_disqualifications(sweepstakes_id, user_id) WHERE lifted_at IS NULL;

            INSERT INTO sweepstakes_totals (sweepstakes_id) SELECT id FROM sweepstakes;
            CREATE TRIGGER sweepstakes_totals_row AFTER INSERT ON sweepstakes BEGIN
                INSERT OR IGNORE INTO sweepstakes_totals (sweepstakes_id) VALUES (NEW.id);
            END;
            """)
        try createEntryTriggers(db)
        try createEntrantTriggers(db)
        try backfill(db)
    }

    /// What one entry (`NEW` or `OLD`) moves into entrant rows, totals and
    /// days, with `sign` + or -. An entry is "valid" while `voided = 0`.
    /// Migration 021 recreates two of the triggers with the same statements.
    static func entryTallies(_ entry: String, sign: String) -> String {
            """
            UPDATE sweepstakes_totals SET
                valid_entries = valid_entries + \(sign)(CASE WHEN \(entry).voided = 0 THEN \(entry).quantity ELSE 0 END),
                voided_entries = voided_entries + \(sign)(CASE WHEN \(entry).voided = 1 THEN \(entry).quantity ELSE 0 END)
            WHERE sweepstakes_id = \(entry).sweepstakes_id;
            INSERT INTO sweepstakes_daily_entries (sweepstakes_id, day, valid_entries)
                SELECT \(entry).sweepstakes_id, substr(\(entry).created_at, 1, 10), \(sign)\(entry).quantity WHERE \(entry).voided = 0
                ON CONFLICT (sweepstakes_id, day) DO UPDATE SET valid_entries = valid_entries + excluded.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT \(entry).sweepstakes_id, \(entry).user_id,
                       \(sign)(CASE WHEN \(entry).voided = 0 THEN \(entry).quantity ELSE 0 END),
                       \(sign)(CASE WHEN \(entry).voided = 1 THEN \(entry).quantity ELSE 0 END)
                WHERE \(entry).user_id IS NOT NULL
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = valid_entries + excluded.valid_entries,
                    voided_entries = voided_entries + excluded.voided_entries;
            DELETE FROM sweepstakes_entrants
                WHERE sweepstakes_id = \(entry).sweepstakes_id AND user_id = \(entry).user_id AND valid_entries = 0 AND voided_entries = 0;
            """
    }

    private static func createEntryTriggers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER sweepstakes_entries_insert AFTER INSERT ON sweepstakes_entries BEGIN
            \(entryTallies("NEW", sign: "+"))
            END;
            CREATE TRIGGER sweepstakes_entries_delete AFTER DELETE ON sweepstakes_entries BEGIN
            \(entryTallies("OLD", sign: "-"))
            END;
            CREATE TRIGGER sweepstakes_entries_update AFTER UPDATE OF sweepstakes_id, user_id, quantity, voided, created_at ON sweepstakes_entries BEGIN
            \(entryTallies("OLD", sign: "-"))
            \(entryTallies("NEW", sign: "+"))
            END;
            """)
    }

    /// An entrant counts while they hold a valid entry; the totals follow.
    private static func createEntrantTriggers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TRIGGER sweepstakes_entrants_insert AFTER INSERT ON sweepstakes_entrants WHEN NEW.valid_entries > 0 BEGIN
                UPDATE sweepstakes_totals SET entrants = entrants + 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            CREATE TRIGGER sweepstakes_entrants_update AFTER UPDATE OF valid_entries ON sweepstakes_entrants
            WHEN (OLD.valid_entries > 0) <> (NEW.valid_entries > 0) BEGIN
                UPDATE sweepstakes_totals SET entrants = entrants + (CASE WHEN NEW.valid_entries > 0 THEN 1 ELSE -1 END)
                WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            CREATE TRIGGER sweepstakes_entrants_delete AFTER DELETE ON sweepstakes_entrants WHEN OLD.valid_entries > 0 BEGIN
                UPDATE sweepstakes_totals SET entrants = entrants - 1 WHERE sweepstakes_id = OLD.sweepstakes_id;
            END;
            CREATE TRIGGER sweepstakes_disqualified_insert AFTER INSERT ON sweepstakes_disqualifications WHEN NEW.lifted_at IS NULL BEGIN
                UPDATE sweepstakes_totals SET disqualified = disqualified + 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            CREATE TRIGGER sweepstakes_disqualified_lifted AFTER UPDATE OF lifted_at ON sweepstakes_disqualifications
            WHEN OLD.lifted_at IS NULL AND NEW.lifted_at IS NOT NULL BEGIN
                UPDATE sweepstakes_totals SET disqualified = disqualified - 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            -- A deleted account is no longer a disqualified user.
            CREATE TRIGGER sweepstakes_disqualified_detached AFTER UPDATE OF user_id ON sweepstakes_disqualifications
            WHEN NEW.user_id IS NULL AND OLD.user_id IS NOT NULL AND NEW.lifted_at IS NULL BEGIN
                UPDATE sweepstakes_totals SET disqualified = disqualified - 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            """)
    }

    /// Entries written before this migration, counted once.
    private static func backfill(_ db: Database) throws {
        try db.execute(sql: """
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT sweepstakes_id, user_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END), SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
                FROM sweepstakes_entries WHERE user_id IS NOT NULL GROUP BY sweepstakes_id, user_id;
            UPDATE sweepstakes_totals SET
                valid_entries = (SELECT IFNULL(SUM(quantity), 0) FROM sweepstakes_entries e WHERE e.sweepstakes_id = sweepstakes_totals.sweepstakes_id AND voided = 0),
                voided_entries = (SELECT IFNULL(SUM(quantity), 0) FROM sweepstakes_entries e WHERE e.sweepstakes_id = sweepstakes_totals.sweepstakes_id AND voided = 1),
                entrants = (SELECT COUNT(*) FROM sweepstakes_entrants n WHERE n.sweepstakes_id = sweepstakes_totals.sweepstakes_id AND valid_entries > 0);
            INSERT INTO sweepstakes_daily_entries (sweepstakes_id, day, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), SUM(quantity) FROM sweepstakes_entries WHERE voided = 0
                GROUP BY sweepstakes_id, substr(created_at, 1, 10);
            """)
    }
}
