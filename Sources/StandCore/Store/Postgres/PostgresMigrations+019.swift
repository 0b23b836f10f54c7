extension PostgresMigrations {
    /// 019: the tallies that many rows share, kept per statement (Migration019.swift).
    ///
    /// A row trigger that adds one to a shared row writes a new version of it
    /// per row, and within one transaction each update walks the versions
    /// before it: quadratic in the rows a transaction inserts (an import, a
    /// seeded store, a deletion's cascade). Statement triggers read the
    /// statement's rows from a transition table and move each tally once.
    /// Updates of answers and entries stay row triggers (PostgreSQL allows no
    /// transition table on `UPDATE OF columns`; updates come a few at a time).
    static let migration019 = """
        -- 019: tallies kept per statement (Migration019.swift).
        DROP TRIGGER users_count_insert ON users;
        DROP TRIGGER users_count_delete ON users;
        CREATE FUNCTION users_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE counters SET value = value + rows.n FROM (SELECT COUNT(*) AS n FROM new_rows) rows
            WHERE name = 'users' AND rows.n > 0;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER users_count_insert AFTER INSERT ON users
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_inserted();
        CREATE FUNCTION users_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE counters SET value = value - rows.n FROM (SELECT COUNT(*) AS n FROM old_rows) rows
            WHERE name = 'users' AND rows.n > 0;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER users_count_delete AFTER DELETE ON users
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_deleted();

        DROP TRIGGER answers_count_insert ON answers;
        DROP TRIGGER answers_count_delete ON answers;
        CREATE FUNCTION answers_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE question_choices c SET answer_count = c.answer_count + rows.n
            FROM (SELECT question_id, choice_position, COUNT(*) AS n FROM new_rows GROUP BY question_id, choice_position) rows
            WHERE c.question_id = rows.question_id AND c.position = rows.choice_position;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER answers_count_insert AFTER INSERT ON answers
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answers_count_inserted();
        CREATE FUNCTION answers_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE question_choices c SET answer_count = c.answer_count - rows.n
            FROM (SELECT question_id, choice_position, COUNT(*) AS n FROM old_rows GROUP BY question_id, choice_position) rows
            WHERE c.question_id = rows.question_id AND c.position = rows.choice_position;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER answers_count_delete AFTER DELETE ON answers
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION answers_count_deleted();

        DROP TRIGGER answers_hourly_insert ON answers;
        DROP TRIGGER answers_hourly_delete ON answers;
        CREATE FUNCTION answers_hourly_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_hourly_answers (question_id, hour, answer_count)
                SELECT question_id, substr(answered_at, 1, 13), COUNT(*) FROM new_rows GROUP BY question_id, substr(answered_at, 1, 13)
                ON CONFLICT (question_id, hour) DO UPDATE SET answer_count = question_hourly_answers.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER answers_hourly_insert AFTER INSERT ON answers
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION answers_hourly_inserted();
        CREATE FUNCTION answers_hourly_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE question_hourly_answers h SET answer_count = h.answer_count - rows.n
            FROM (SELECT question_id, substr(answered_at, 1, 13) AS hour, COUNT(*) AS n FROM old_rows
                  GROUP BY question_id, substr(answered_at, 1, 13)) rows
            WHERE h.question_id = rows.question_id AND h.hour = rows.hour;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER answers_hourly_delete AFTER DELETE ON answers
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION answers_hourly_deleted();

        -- Entries: what sweepstakes_entries_tally does per row, per statement
        -- (sign + for inserted rows, - for deleted ones), grouped by each tally's key.
        DROP TRIGGER sweepstakes_entries_insert ON sweepstakes_entries;
        DROP TRIGGER sweepstakes_entries_delete ON sweepstakes_entries;
        CREATE FUNCTION sweepstakes_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET valid_entries = t.valid_entries + rows.valid, voided_entries = t.voided_entries + rows.voided
            FROM (SELECT sweepstakes_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM new_rows GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            INSERT INTO sweepstakes_daily_entries (sweepstakes_id, day, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), SUM(quantity) FROM new_rows WHERE voided = 0
                GROUP BY sweepstakes_id, substr(created_at, 1, 10)
                ON CONFLICT (sweepstakes_id, day) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entries.valid_entries + EXCLUDED.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT sweepstakes_id, user_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END),
                       SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
                FROM new_rows WHERE user_id IS NOT NULL GROUP BY sweepstakes_id, user_id
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = sweepstakes_entrants.valid_entries + EXCLUDED.valid_entries,
                    voided_entries = sweepstakes_entrants.voided_entries + EXCLUDED.voided_entries;
            DELETE FROM sweepstakes_entrants e USING (SELECT DISTINCT sweepstakes_id, user_id FROM new_rows) rows
                WHERE e.sweepstakes_id = rows.sweepstakes_id AND e.user_id = rows.user_id
                  AND e.valid_entries = 0 AND e.voided_entries = 0;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER sweepstakes_entries_insert AFTER INSERT ON sweepstakes_entries
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sweepstakes_entries_inserted();
        CREATE FUNCTION sweepstakes_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET valid_entries = t.valid_entries - rows.valid, voided_entries = t.voided_entries - rows.voided
            FROM (SELECT sweepstakes_id, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM old_rows GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            INSERT INTO sweepstakes_daily_entries (sweepstakes_id, day, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), -SUM(quantity) FROM old_rows WHERE voided = 0
                GROUP BY sweepstakes_id, substr(created_at, 1, 10)
                ON CONFLICT (sweepstakes_id, day) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entries.valid_entries + EXCLUDED.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT sweepstakes_id, user_id, -SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END),
                       -SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END)
                FROM old_rows WHERE user_id IS NOT NULL GROUP BY sweepstakes_id, user_id
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = sweepstakes_entrants.valid_entries + EXCLUDED.valid_entries,
                    voided_entries = sweepstakes_entrants.voided_entries + EXCLUDED.voided_entries;
            DELETE FROM sweepstakes_entrants e USING (SELECT DISTINCT sweepstakes_id, user_id FROM old_rows) rows
                WHERE e.sweepstakes_id = rows.sweepstakes_id AND e.user_id = rows.user_id
                  AND e.valid_entries = 0 AND e.voided_entries = 0;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER sweepstakes_entries_delete AFTER DELETE ON sweepstakes_entries
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sweepstakes_entries_deleted();

        -- Entrants: one counts while holding a valid entry. An upsert of many
        -- entrants is one statement; their count moves once.
        DROP TRIGGER sweepstakes_entrants_insert ON sweepstakes_entrants;
        DROP TRIGGER sweepstakes_entrants_update ON sweepstakes_entrants;
        DROP TRIGGER sweepstakes_entrants_delete ON sweepstakes_entrants;
        CREATE FUNCTION sweepstakes_entrants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET entrants = t.entrants + rows.n
            FROM (SELECT sweepstakes_id, COUNT(*) AS n FROM new_rows WHERE valid_entries > 0 GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER sweepstakes_entrants_insert AFTER INSERT ON sweepstakes_entrants
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sweepstakes_entrants_inserted();
        CREATE FUNCTION sweepstakes_entrants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET entrants = t.entrants + rows.n
            FROM (SELECT n.sweepstakes_id, SUM(CASE WHEN n.valid_entries > 0 THEN 1 ELSE -1 END) AS n
                  FROM old_rows o JOIN new_rows n ON n.sweepstakes_id = o.sweepstakes_id AND n.user_id = o.user_id
                  WHERE (o.valid_entries > 0) <> (n.valid_entries > 0) GROUP BY n.sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER sweepstakes_entrants_update AFTER UPDATE ON sweepstakes_entrants
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sweepstakes_entrants_updated();
        CREATE FUNCTION sweepstakes_entrants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET entrants = t.entrants - rows.n
            FROM (SELECT sweepstakes_id, COUNT(*) AS n FROM old_rows WHERE valid_entries > 0 GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER sweepstakes_entrants_delete AFTER DELETE ON sweepstakes_entrants
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sweepstakes_entrants_deleted();
        DROP FUNCTION users_count_insert(), users_count_delete(), answers_count_insert(), answers_count_delete(),
            answers_hourly_insert(), answers_hourly_delete(), sweepstakes_entries_insert(), sweepstakes_entries_delete(),
            sweepstakes_entrants_insert(), sweepstakes_entrants_update(), sweepstakes_entrants_delete();
        """
}
