extension PostgresMigrations {
    /// 021: an erased account's entries leave the tallies in a few statements (Migration021.swift).
    ///
    /// PostgreSQL's delete trigger on entries is already per statement (019),
    /// but the detaching of an account's kept entries ran the row trigger per
    /// entry, and the console's deletion moves the tallies itself while
    /// `sweepstakes_tallies_paused` holds its row, on both engines. The two
    /// functions are 019's and 007's with the pause checked first.
    static let migration021 = """
        -- 021: an erased account's entries leave the tallies in a few statements (Migration021.swift).
        CREATE TABLE sweepstakes_tallies_paused (paused INTEGER NOT NULL PRIMARY KEY CHECK (paused = 1));

        CREATE OR REPLACE FUNCTION sweepstakes_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM sweepstakes_tallies_paused) THEN RETURN NULL; END IF;
            UPDATE sweepstakes_totals t SET valid_entries = t.valid_entries - rows.valid, voided_entries = t.voided_entries - rows.voided
            FROM (SELECT sweepstakes_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM old_rows GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            INSERT INTO sweepstakes_daily_entries (sweepstakes_id, day, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), -SUM(quantity) FROM old_rows WHERE voided = 0
                GROUP BY sweepstakes_id, substr(created_at, 1, 10)
                ON CONFLICT (sweepstakes_id, day) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entries.valid_entries + EXCLUDED.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT sweepstakes_id, user_id, -SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END),
                       -SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
                FROM old_rows WHERE user_id IS NOT NULL GROUP BY sweepstakes_id, user_id
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = sweepstakes_entrants.valid_entries + EXCLUDED.valid_entries,
                    voided_entries = sweepstakes_entrants.voided_entries + EXCLUDED.voided_entries;
            DELETE FROM sweepstakes_entrants e USING (SELECT DISTINCT sweepstakes_id, user_id FROM old_rows) rows
                WHERE e.sweepstakes_id = rows.sweepstakes_id AND e.user_id = rows.user_id
                  AND e.valid_entries = 0 AND e.voided_entries = 0;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_entries_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM sweepstakes_tallies_paused) THEN RETURN NULL; END IF;
            PERFORM sweepstakes_entries_tally(OLD.sweepstakes_id, OLD.user_id, OLD.quantity, OLD.voided, OLD.created_at, -1);
            PERFORM sweepstakes_entries_tally(NEW.sweepstakes_id, NEW.user_id, NEW.quantity, NEW.voided, NEW.created_at, 1);
            RETURN NULL;
        END;
        $$;
        """
}
