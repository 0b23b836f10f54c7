import GRDB

/// 022: a draw's kept snapshot is written in parts before the draw.
///
/// In the draw's transaction, a million entrants' 17 MB snapshot held the
/// store's write lock 45–70 ms on SQLite, and every write of the app waited
/// behind it. `draw_snapshot_parts` holds the snapshot in parts of 1 MiB,
/// each written in a transaction of its own just before the draw; the
/// draw's transaction checks they are all there and names them in
/// `draw_snapshots.upload` (its `bytes` then stay empty). The snapshot is
/// the parts' bytes in `part` order (`DrawSnapshotParts`).
enum Migration022 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE draw_snapshot_parts (
                upload TEXT NOT NULL,
                part INTEGER NOT NULL CHECK (part >= 0),
                bytes BLOB NOT NULL,
                written_at TEXT NOT NULL,
                PRIMARY KEY (upload, part)
            );
            ALTER TABLE draw_snapshots ADD COLUMN upload TEXT;
            CREATE UNIQUE INDEX draw_snapshots_by_upload ON draw_snapshots(upload) WHERE upload IS NOT NULL;
            """)
    }
}
