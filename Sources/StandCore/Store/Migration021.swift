import GRDB

/// 021: an erased account's entries leave the tallies in a few statements.
///
/// Deleting an account removes its entries in open sweepstakes and detaches
/// the ones in drawn sweepstakes. Per entry, the row triggers of 007 ran
/// eight statements, and each moved the entrant row one step through the
/// ranked index of a sweepstakes with up to a million entrants: an account
/// with 500 entries held the write lock 16 ms on a 1,000,000-user store, and
/// 29–34 ms on a 10,000,000-user one, while the app's writes queued.
///
/// `sweepstakes_tallies_paused` holds a row only inside the console's
/// deletion transaction (inserted and deleted before it commits, so no other
/// connection ever sees one). While it does, the delete and update triggers
/// on entries do nothing and the deletion moves the same tallies itself,
/// grouped by sweepstakes and day (`ErasedEntries`). Other programs change
/// nothing: their writes see an empty table and the triggers as before.
enum Migration021 {
    static func apply(_ db: Database) throws {
        let unlessPaused = "WHEN NOT EXISTS (SELECT 1 FROM sweepstakes_tallies_paused)"
        try db.execute(sql: """
            CREATE TABLE sweepstakes_tallies_paused (paused INTEGER NOT NULL PRIMARY KEY CHECK (paused = 1)) WITHOUT ROWID;

            DROP TRIGGER sweepstakes_entries_delete;
            DROP TRIGGER sweepstakes_entries_update;
            CREATE TRIGGER sweepstakes_entries_delete AFTER DELETE ON sweepstakes_entries
            \(unlessPaused) BEGIN
            \(Migration007.entryTallies("OLD", sign: "-"))
            END;
            CREATE TRIGGER sweepstakes_entries_update AFTER UPDATE OF sweepstakes_id, user_id, quantity, voided, created_at ON sweepstakes_entries
            \(unlessPaused) BEGIN
            \(Migration007.entryTallies("OLD", sign: "-"))
            \(Migration007.entryTallies("NEW", sign: "+"))
            END;
            """)
    }
}
