import GRDB

/// 016: a deletion reaches every copy.
///
/// - `erasure_deliveries`: the outbox. The deletion's transaction writes one
///   row per downstream system (Firebase, AWS…) in delivery order
///   (`position`); the console sends each in the background, retries on the
///   schedule in docs/erasure.md, and records every attempt here, so a
///   restart resumes where it stopped. `lease_until` marks a delivery a
///   console is sending right now (two consoles never send it at once).
///   Partial indexes on the pending ones, by when they are due; on the
///   failed ones; and on those not done, by deletion time, for the list of
///   deletions not complete everywhere (the dashboard counts it per view).
/// - `console_exports`: every file of personal data the console handed out
///   (entrants CSV, audit CSV, a person's data export): what, when, by whom.
///   No personal data: a sweepstakes id, a person's UUID, an audit filter.
///   Rows for exports made before 016 come from their audit events (an audit
///   export's filter was not kept then: `filter` NULL).
/// - `deleted_account_copies`: the exports that held a person, found in the
///   deletion's transaction while their entries still exist, for the tombstone.
/// - What a deletion keeps, for the person's receipt: `deleted_accounts`
///   gains the counts of answers, kept entries and suggestions it detached
///   (NULL for deletions before 016), and `deleted_account_draws` the draws
///   of sweepstakes the person had entered whose snapshot is kept: the
///   receipt reads their line (UUID and weight) from it when asked, so a
///   deletion never scans a million-line snapshot inside its transaction.
enum Migration016 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE erasure_deliveries (
                id INTEGER PRIMARY KEY,
                delivery_id TEXT NOT NULL UNIQUE,
                account_uuid TEXT NOT NULL REFERENCES deleted_accounts(uuid),
                system TEXT NOT NULL,
                position INTEGER NOT NULL CHECK (position >= 1),
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                last_status INTEGER,
                last_error TEXT,
                last_attempt_at TEXT,
                next_attempt_at TEXT NOT NULL,
                give_up_at TEXT NOT NULL,
                done_at TEXT,
                failed_at TEXT,
                lease_until TEXT,
                created_at TEXT NOT NULL,
                UNIQUE (account_uuid, system),
                UNIQUE (account_uuid, position)
            );
            CREATE INDEX erasure_deliveries_due ON erasure_deliveries(next_attempt_at) WHERE state = 'pending';
            CREATE INDEX erasure_deliveries_failed ON erasure_deliveries(failed_at) WHERE state = 'failed';
            CREATE INDEX erasure_deliveries_open ON erasure_deliveries(created_at, account_uuid) WHERE state <> 'done';

            CREATE TABLE console_exports (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL CHECK (kind IN ('entrants', 'audit', 'data')),
                made_at TEXT NOT NULL,
                staff_id INTEGER REFERENCES staff(id),
                sweepstakes_id INTEGER REFERENCES sweepstakes(id),
                subject_uuid TEXT,
                filter TEXT,
                CHECK ((kind = 'entrants') = (sweepstakes_id IS NOT NULL)),
                CHECK ((kind = 'data') = (subject_uuid IS NOT NULL))
            );
            CREATE INDEX console_exports_by_kind ON console_exports(kind, made_at);
            CREATE INDEX console_exports_by_subject ON console_exports(subject_uuid) WHERE subject_uuid IS NOT NULL;
            INSERT INTO console_exports (kind, made_at, staff_id, sweepstakes_id, subject_uuid, filter)
                SELECT CASE action WHEN 'sweepstakes.entrants_exported' THEN 'entrants'
                                   WHEN 'audit.exported' THEN 'audit' ELSE 'data' END,
                       occurred_at, CASE WHEN staff_id IN (SELECT id FROM staff) THEN staff_id END,
                       CASE action WHEN 'sweepstakes.entrants_exported' THEN CAST(target_id AS INTEGER) END,
                       CASE action WHEN 'user.data_exported' THEN target_id END,
                       NULL
                FROM audit_events
                WHERE action IN ('sweepstakes.entrants_exported', 'audit.exported', 'user.data_exported')
                  AND (action <> 'sweepstakes.entrants_exported' OR CAST(target_id AS INTEGER) IN (SELECT id FROM sweepstakes))
                  AND (action <> 'user.data_exported' OR target_id IS NOT NULL)
                ORDER BY id;

            ALTER TABLE deleted_accounts ADD COLUMN answers_detached INTEGER;
            ALTER TABLE deleted_accounts ADD COLUMN entries_kept INTEGER;
            ALTER TABLE deleted_accounts ADD COLUMN suggestions_detached INTEGER;
            CREATE TABLE deleted_account_draws (
                uuid TEXT NOT NULL REFERENCES deleted_accounts(uuid),
                draw_id INTEGER NOT NULL REFERENCES sweepstakes_draws(id),
                PRIMARY KEY (uuid, draw_id)
            ) WITHOUT ROWID;
            CREATE TABLE deleted_account_copies (
                uuid TEXT NOT NULL REFERENCES deleted_accounts(uuid),
                export_id INTEGER NOT NULL REFERENCES console_exports(id),
                PRIMARY KEY (uuid, export_id)
            ) WITHOUT ROWID;
            """)
    }
}
