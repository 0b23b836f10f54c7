import GRDB

/// 012: a draw's eligible snapshot is kept as it was drawn.
///
/// Rebuilding it from the store later gives another list as soon as an
/// account is deleted or a birthdate corrected, and the published hash can
/// then never be checked again. `draw_snapshots` holds the list the draw was
/// made from, written in the draw's transaction and never changed: `format`
/// 1 is per entrant its UUID's 16 bytes then its weight as an unsigned LEB128
/// number, in snapshot order (about 17 bytes an entrant); `format` 0 is the
/// snapshot's text itself, for a list with a UUID not in canonical form.
/// It holds no personal data: UUIDs and weights.
enum Migration012 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE draw_snapshots (
                draw_id INTEGER PRIMARY KEY REFERENCES sweepstakes_draws(id),
                format INTEGER NOT NULL CHECK (format IN (0, 1)),
                entrants INTEGER NOT NULL,
                bytes BLOB NOT NULL
            );
            """)
    }
}
