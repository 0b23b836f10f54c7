extension PostgresMigrations {
    /// 028: the tallies an entry's insert moves, without 025's last statement,
    /// which deleted the entrants the insert left with no entries: there never
    /// are any (entries have a quantity above zero). On the 1,000,000-account
    /// bench store at 500 of the app's writes a second, that `DELETE` and the
    /// two statement triggers it fired for nothing were a fifth to two fifths
    /// of the server's time in triggers (7.0–9.2 s against 5.4–5.7 s per
    /// 10,000 writes, `track_functions`), 0.1–0.3 ms of server time a write.
    static let migration028 = """
        -- 028: an entry's insert moves the tallies without the empty-entrant check (Migration028.swift).
        CREATE OR REPLACE FUNCTION sweepstakes_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET valid_entries = t.valid_entries + rows.valid, voided_entries = t.voided_entries + rows.voided
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM new_rows GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            INSERT INTO sweepstakes_daily_entry_shards (sweepstakes_id, day, shard, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), tally_shard(user_id), SUM(quantity) FROM new_rows WHERE voided = 0
                GROUP BY 1, 2, 3
                ON CONFLICT (sweepstakes_id, day, shard) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entry_shards.valid_entries + EXCLUDED.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT sweepstakes_id, user_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END),
                       SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
                FROM new_rows WHERE user_id IS NOT NULL GROUP BY sweepstakes_id, user_id
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = sweepstakes_entrants.valid_entries + EXCLUDED.valid_entries,
                    voided_entries = sweepstakes_entrants.voided_entries + EXCLUDED.voided_entries;
            RETURN NULL;
        END;
        $$;
        """
}
