extension PostgresMigrations {
    /// 022: a draw's kept snapshot is written in parts before the draw (Migration022.swift).
    static let migration022 = """
        -- 022: a draw's kept snapshot is written in parts before the draw (Migration022.swift).
        CREATE TABLE draw_snapshot_parts (
            upload TEXT NOT NULL,
            part INTEGER NOT NULL CHECK (part >= 0),
            bytes BYTEA NOT NULL,
            written_at TEXT NOT NULL,
            PRIMARY KEY (upload, part)
        );
        ALTER TABLE draw_snapshots ADD COLUMN upload TEXT;
        CREATE UNIQUE INDEX draw_snapshots_by_upload ON draw_snapshots(upload) WHERE upload IS NOT NULL;
        """
}
