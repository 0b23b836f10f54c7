import GRDB

/// 001: the whole data model of DESIGN.md.
///
/// Times are UTC text `YYYY-MM-DD HH:MM:SS.SSS`, calendar dates `YYYY-MM-DD`,
/// reminder times `HH:MM`. Every foreign key to staff is `NO ACTION` (staff are
/// disabled, never deleted) and audit events hold no foreign key at all, so
/// nothing ever cascades into the audit trail.
enum Migration001 {
    static func apply(_ db: Database) throws {
        try createUsers(db)
        try createQuestions(db)
        try createSuggestions(db)
        try createSweepstakes(db)
        try createDeletion(db)
        try createStaff(db)
        try createCounters(db)
    }

    private static func createUsers(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE CHECK (length(uuid) = 36 AND uuid = lower(uuid)),
                email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                phone TEXT NOT NULL UNIQUE CHECK (phone GLOB '+[1-9]*'),
                password_hash TEXT NOT NULL,
                birthdate TEXT NOT NULL,
                reminder_time TEXT NOT NULL CHECK (reminder_time GLOB '[0-2][0-9]:[0-5][0-9]'),
                points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
                current_streak INTEGER NOT NULL DEFAULT 0 CHECK (current_streak >= 0),
                longest_streak INTEGER NOT NULL DEFAULT 0 CHECK (longest_streak >= 0),
                last_stood_on TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 1
            );
            -- email and phone lookups use the UNIQUE indexes; this one serves
            -- the "newest first" listing and keyset pagination.
            CREATE INDEX users_by_created ON users(created_at, id);
            """)
    }

    private static func createQuestions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE daily_questions (
                id INTEGER PRIMARY KEY,
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 280),
                runs_on TEXT NOT NULL UNIQUE,
                scheduled_by INTEGER REFERENCES staff(id),
                suggestion_id INTEGER,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                version INTEGER NOT NULL DEFAULT 1
            );
            CREATE TABLE question_choices (
                question_id INTEGER NOT NULL REFERENCES daily_questions(id) ON DELETE CASCADE,
                position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 3),
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 80),
                answer_count INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (question_id, position)
            ) WITHOUT ROWID;
            CREATE TABLE answers (
                id INTEGER PRIMARY KEY,
                question_id INTEGER NOT NULL REFERENCES daily_questions(id),
                user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                choice_position INTEGER NOT NULL CHECK (choice_position BETWEEN 0 AND 3),
                answered_at TEXT NOT NULL,
                UNIQUE (user_id, question_id),
                FOREIGN KEY (question_id, choice_position) REFERENCES question_choices(question_id, position)
            );
            CREATE INDEX answers_by_question ON answers(question_id);
            CREATE INDEX answers_by_user ON answers(user_id, answered_at);
            -- Results stay a read of at most four rows, whoever writes answers.
            CREATE TRIGGER answers_count_insert AFTER INSERT ON answers BEGIN
                UPDATE question_choices SET answer_count = answer_count + 1
                WHERE question_id = NEW.question_id AND position = NEW.choice_position;
            END;
            CREATE TRIGGER answers_count_delete AFTER DELETE ON answers BEGIN
                UPDATE question_choices SET answer_count = answer_count - 1
                WHERE question_id = OLD.question_id AND position = OLD.choice_position;
            END;
            CREATE TRIGGER answers_count_update AFTER UPDATE OF question_id, choice_position ON answers BEGIN
                UPDATE question_choices SET answer_count = answer_count - 1
                WHERE question_id = OLD.question_id AND position = OLD.choice_position;
                UPDATE question_choices SET answer_count = answer_count + 1
                WHERE question_id = NEW.question_id AND position = NEW.choice_position;
            END;
            """)
    }

    private static func createSuggestions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE suggestions (
                id INTEGER PRIMARY KEY,
                user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                text TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
                reviewed_by INTEGER REFERENCES staff(id),
                reviewed_at TEXT,
                question_id INTEGER REFERENCES daily_questions(id) ON DELETE SET NULL,
                created_at TEXT NOT NULL
            );
            CREATE INDEX suggestions_pending ON suggestions(created_at, id) WHERE status = 'pending';
            CREATE INDEX suggestions_by_user ON suggestions(user_id);
            """)
    }

    private static func createSweepstakes(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sweepstakes (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                prize TEXT NOT NULL,
                starts_on TEXT NOT NULL,
                ends_on TEXT NOT NULL CHECK (ends_on >= starts_on),
                status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'drawn')),
                created_by INTEGER REFERENCES staff(id),
                created_at TEXT NOT NULL
            );
            CREATE TABLE sweepstakes_entries (
                id INTEGER PRIMARY KEY,
                sweepstakes_id INTEGER NOT NULL REFERENCES sweepstakes(id),
                user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                quantity INTEGER NOT NULL CHECK (quantity > 0),
                reason TEXT NOT NULL CHECK (reason IN ('daily_stand', 'streak_bonus', 'manual_grant')),
                granted_by INTEGER REFERENCES staff(id),
                note TEXT,
                voided INTEGER NOT NULL DEFAULT 0 CHECK (voided IN (0, 1)),
                voided_by INTEGER REFERENCES staff(id),
                void_reason TEXT,
                created_at TEXT NOT NULL
            );
            CREATE INDEX entries_by_sweepstakes ON sweepstakes_entries(sweepstakes_id, id);
            CREATE INDEX entries_by_user ON sweepstakes_entries(user_id, sweepstakes_id);
            CREATE TABLE sweepstakes_draws (
                id INTEGER PRIMARY KEY,
                sweepstakes_id INTEGER NOT NULL UNIQUE REFERENCES sweepstakes(id),
                drawn_by INTEGER NOT NULL REFERENCES staff(id),
                drawn_at TEXT NOT NULL,
                seed TEXT NOT NULL,
                snapshot_hash TEXT NOT NULL,
                entry_count INTEGER NOT NULL,
                reason TEXT NOT NULL
            );
            CREATE TABLE draw_winners (
                draw_id INTEGER NOT NULL REFERENCES sweepstakes_draws(id),
                rank INTEGER NOT NULL CHECK (rank >= 1),
                entry_id INTEGER NOT NULL REFERENCES sweepstakes_entries(id),
                PRIMARY KEY (draw_id, rank)
            ) WITHOUT ROWID;
            """)
    }

    private static func createDeletion(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE deletion_requests (
                id INTEGER PRIMARY KEY,
                user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
                user_uuid TEXT NOT NULL,
                source TEXT NOT NULL CHECK (source IN ('app', 'staff')),
                opened_by INTEGER REFERENCES staff(id),
                note TEXT,
                status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'cancelled')),
                created_at TEXT NOT NULL,
                resolved_at TEXT,
                resolved_by INTEGER REFERENCES staff(id)
            );
            CREATE INDEX deletion_requests_by_status ON deletion_requests(status, created_at, id);
            CREATE INDEX deletion_requests_by_user ON deletion_requests(user_id);
            CREATE TABLE deleted_accounts (
                uuid TEXT PRIMARY KEY,
                deleted_at TEXT NOT NULL,
                deleted_by INTEGER NOT NULL REFERENCES staff(id),
                reason TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    private static func createStaff(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE staff (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL UNIQUE COLLATE NOCASE,
                password_hash TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'support')),
                disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
                failed_logins INTEGER NOT NULL DEFAULT 0,
                locked_until TEXT,
                created_at TEXT NOT NULL,
                last_login_at TEXT,
                password_changed_at TEXT NOT NULL
            );
            CREATE TABLE staff_sessions (
                id TEXT PRIMARY KEY,
                staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
                csrf_token TEXT NOT NULL,
                created_at TEXT NOT NULL,
                last_seen_at TEXT NOT NULL,
                expires_at TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX staff_sessions_by_staff ON staff_sessions(staff_id);
            CREATE TABLE audit_events (
                id INTEGER PRIMARY KEY,
                occurred_at TEXT NOT NULL,
                staff_id INTEGER,
                staff_email TEXT,
                action TEXT NOT NULL,
                target_type TEXT,
                target_id TEXT,
                detail TEXT,
                ip TEXT
            );
            CREATE INDEX audit_by_staff ON audit_events(staff_id, id);
            CREATE INDEX audit_by_action ON audit_events(action, id);
            CREATE INDEX audit_by_target ON audit_events(target_type, target_id, id);
            -- Append-only, whoever holds the file.
            CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events BEGIN
                SELECT RAISE(ABORT, 'audit events are append-only');
            END;
            CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events BEGIN
                SELECT RAISE(ABORT, 'audit events are append-only');
            END;
            """)
    }

    /// Counting a million users per dashboard view is a full index scan; these
    /// counters are kept by triggers, so any writer keeps them right.
    private static func createCounters(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE counters (
                name TEXT PRIMARY KEY,
                value INTEGER NOT NULL
            ) WITHOUT ROWID;
            INSERT INTO counters (name, value) VALUES ('users', 0);
            CREATE TRIGGER users_count_insert AFTER INSERT ON users BEGIN
                UPDATE counters SET value = value + 1 WHERE name = 'users';
            END;
            CREATE TRIGGER users_count_delete AFTER DELETE ON users BEGIN
                UPDATE counters SET value = value - 1 WHERE name = 'users';
            END;
            """)
    }
}
