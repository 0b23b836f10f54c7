extension PostgresMigrations {
    /// 023: suggestions and deletion requests counted by status in `counters` (Migration023.swift).
    ///
    /// Statement triggers over transition tables, as 019's: approving a page
    /// of suggestions moves each counter once. A trigger with transition
    /// tables cannot name columns (`UPDATE OF status`), so the update trigger
    /// runs on every update and moves only the statuses that changed. Unlike
    /// 001–022 this one counts existing rows: a database made at 022 has some.
    static let migration023 = """
        -- 023: suggestions and deletion requests counted by status in counters (Migration023.swift).
        INSERT INTO counters (name, value)
        SELECT 'suggestions.' || status.name, (SELECT COUNT(*) FROM suggestions WHERE suggestions.status = status.name)
        FROM (VALUES ('pending'), ('approved'), ('rejected')) AS status (name);
        INSERT INTO counters (name, value)
        SELECT 'deletion_requests.' || status.name, (SELECT COUNT(*) FROM deletion_requests WHERE deletion_requests.status = status.name)
        FROM (VALUES ('pending'), ('done'), ('cancelled')) AS status (name);

        -- TG_ARGV[0] names the table: one function pair serves both.
        CREATE FUNCTION status_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE counters c SET value = c.value + rows.n
            FROM (SELECT TG_ARGV[0] || '.' || status AS name, COUNT(*) AS n FROM new_rows GROUP BY status) rows
            WHERE c.name = rows.name;
            RETURN NULL;
        END;
        $$;
        CREATE FUNCTION status_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE counters c SET value = c.value - rows.n
            FROM (SELECT TG_ARGV[0] || '.' || status AS name, COUNT(*) AS n FROM old_rows GROUP BY status) rows
            WHERE c.name = rows.name;
            RETURN NULL;
        END;
        $$;
        CREATE FUNCTION status_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE counters c SET value = c.value + rows.n
            FROM (SELECT TG_ARGV[0] || '.' || status AS name, SUM(n) AS n
                  FROM (SELECT status, -1 AS n FROM old_rows UNION ALL SELECT status, 1 FROM new_rows) moved
                  GROUP BY status HAVING SUM(n) <> 0) rows
            WHERE c.name = rows.name;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER suggestions_count_insert AFTER INSERT ON suggestions
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_inserted('suggestions');
        CREATE TRIGGER suggestions_count_update AFTER UPDATE ON suggestions
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_updated('suggestions');
        CREATE TRIGGER suggestions_count_delete AFTER DELETE ON suggestions
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_deleted('suggestions');
        CREATE TRIGGER deletion_requests_count_insert AFTER INSERT ON deletion_requests
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_inserted('deletion_requests');
        CREATE TRIGGER deletion_requests_count_update AFTER UPDATE ON deletion_requests
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_updated('deletion_requests');
        CREATE TRIGGER deletion_requests_count_delete AFTER DELETE ON deletion_requests
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION status_count_deleted('deletion_requests');
        """
}
