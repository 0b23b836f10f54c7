import GRDB

/// 027: an index on every foreign key that points at rows the console deletes.
///
/// Deleting a row makes the store look up the rows that refer to it, once per
/// deleted row and key, under the write lock; without an index each lookup
/// read the whole referring table. On the 10,000,000-account bench store:
/// - a deletion's last transaction removed a 500-entry account's entries in
///   12 ms, reading `draw_winners` once per entry (1 ms with the index); it
///   held the app's writes that long, which was most of what a deletion
///   still added to their p99;
/// - taking a question off the calendar read all 105,000 suggestions to
///   detach the ones that named it (15 ms; 0.06 ms with the index);
/// - deleting an account reads `sweepstakes_disqualifications` the same way.
/// `ForeignKeyIndexTests` keeps the rule for tables added later.
enum Migration027 {
    static let sql = """
        CREATE INDEX draw_winners_by_entry ON draw_winners(entry_id);
        CREATE INDEX suggestions_by_question ON suggestions(question_id);
        CREATE INDEX sweepstakes_disqualifications_by_user ON sweepstakes_disqualifications(user_id);
        """

    static func apply(_ db: Database) throws {
        try db.execute(sql: sql)
    }
}
