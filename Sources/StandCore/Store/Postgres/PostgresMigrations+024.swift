extension PostgresMigrations {
    /// 024: deletion requests by `(created_at, id)`, for the list of every status (Migration024.swift).
    static let migration024 = """
        -- 024: deletion requests by (created_at, id), for the list of every status (Migration024.swift).
        CREATE INDEX deletion_requests_by_created ON deletion_requests(created_at, id);
        """
}
