extension PostgresMigrations {
    /// 026: a deletion in steps (Migration026.swift).
    static let migration026 = """
        -- 026: a deletion in steps (Migration026.swift).
        CREATE TABLE deletions_underway (
            user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            started_at TEXT NOT NULL,
            started_by BIGINT NOT NULL REFERENCES staff(id),
            reason TEXT NOT NULL,
            answers_detached BIGINT NOT NULL DEFAULT 0
        );
        """
}
