/// An erased account's sweepstakes entries: removed where no draw has run,
/// kept without the person where one has (a draw's record stays checkable).
///
/// The tallies those entries fed (each sweepstakes' totals, its entries per
/// day, the person's entrant rows) move here, grouped by sweepstakes and day,
/// while `sweepstakes_tallies_paused` turns the entries' delete and update
/// triggers off for this transaction only (migration 021): row by row they
/// ran eight statements an entry under the write lock.
enum ErasedEntries {
    /// The person's entries in sweepstakes that have never been drawn.
    private static let removable = "user_id = ? AND sweepstakes_id NOT IN (SELECT sweepstakes_id FROM sweepstakes_draws)"

    /// The removed entries' quantities, off their sweepstakes' totals. On
    /// PostgreSQL the totals are sixteen rows a sweepstakes (migration 025):
    /// the person's shard takes the change.
    private static let totalsTakenOff = EngineSQL { engine in
        switch engine {
        case .sqlite: """
            UPDATE sweepstakes_totals SET
                valid_entries = sweepstakes_totals.valid_entries - removed.valid,
                voided_entries = sweepstakes_totals.voided_entries - removed.voided
            FROM (SELECT sweepstakes_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM sweepstakes_entries WHERE \(removable) GROUP BY sweepstakes_id) AS removed
            WHERE sweepstakes_totals.sweepstakes_id = removed.sweepstakes_id
            """
        case .postgres: """
            UPDATE sweepstakes_total_shards SET
                valid_entries = sweepstakes_total_shards.valid_entries - removed.valid,
                voided_entries = sweepstakes_total_shards.voided_entries - removed.voided
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM sweepstakes_entries WHERE \(removable) GROUP BY 1, 2) AS removed
            WHERE sweepstakes_total_shards.sweepstakes_id = removed.sweepstakes_id AND sweepstakes_total_shards.shard = removed.shard
            """
        }
    }

    /// The removed valid entries, off their days. A PostgreSQL shard of a day
    /// may not exist yet for the person (their entries were counted before
    /// 025, in shard 0): it is made, negative, and the day's sum is right.
    private static let daysTakenOff = EngineSQL { engine in
        switch engine {
        case .sqlite: """
            UPDATE sweepstakes_daily_entries SET valid_entries = sweepstakes_daily_entries.valid_entries - removed.valid
            FROM (SELECT sweepstakes_id, substr(created_at, 1, 10) AS day, SUM(quantity) AS valid
                  FROM sweepstakes_entries WHERE voided = 0 AND \(removable)
                  GROUP BY sweepstakes_id, substr(created_at, 1, 10)) AS removed
            WHERE sweepstakes_daily_entries.sweepstakes_id = removed.sweepstakes_id AND sweepstakes_daily_entries.day = removed.day
            """
        case .postgres: """
            INSERT INTO sweepstakes_daily_entry_shards (sweepstakes_id, day, shard, valid_entries)
            SELECT sweepstakes_id, substr(created_at, 1, 10), tally_shard(user_id), -SUM(quantity)
            FROM sweepstakes_entries WHERE voided = 0 AND \(removable) GROUP BY 1, 2, 3
            ON CONFLICT (sweepstakes_id, day, shard) DO UPDATE SET
                valid_entries = sweepstakes_daily_entry_shards.valid_entries + EXCLUDED.valid_entries
            """
        }
    }

    static func settle(_ db: StoreDatabase, userId: Int64) throws {
        try db.execute(sql: "INSERT INTO sweepstakes_tallies_paused (paused) VALUES (1)")
        try db.execute(sql: totalsTakenOff[db.engine], arguments: [userId])
        try db.execute(sql: daysTakenOff[db.engine], arguments: [userId])
        try db.execute(sql: "DELETE FROM sweepstakes_entries WHERE \(removable)", arguments: [userId])
        // Kept entries still count in their sweepstakes' totals and days; they
        // no longer belong to an entrant.
        try db.execute(sql: "UPDATE sweepstakes_entries SET user_id = NULL WHERE user_id = ?", arguments: [userId])
        // None of the person's entries is left, so none of their entrant rows
        // is either; these rows' own triggers move the entrant counts and
        // the draws' input counters.
        try db.execute(sql: "DELETE FROM sweepstakes_entrants WHERE user_id = ?", arguments: [userId])
        try db.execute(sql: "DELETE FROM sweepstakes_tallies_paused")
    }
}
