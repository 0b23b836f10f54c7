extension PostgresMigrations {
    /// 025: the tallies every answer and entry moves, kept in sixteen rows per
    /// key, and read through views of the old names (Migration025.swift).
    ///
    /// A row a transaction updates stays locked until its commit is on disk.
    /// Every answer to today's question added one to the same choice row and
    /// the same hour, every entry to the same sweepstakes' totals and day,
    /// every sign-up, suggestion and deletion request to its counter: the
    /// app's writers committed one at a time, each waiting out the fsync of
    /// the one before, and whenever the disk slowed (a draw, an erasure's
    /// VACUUM, a checkpoint) they queued behind one another (sampled: 1,597
    /// of 2,908 app backends waiting on `Lock transactionid`, in an INSERT
    /// INTO answers). Now a row's tallies go to shard `tally_shard(user_id)`
    /// (the user's id modulo 16; 0 without one), so sixteen writers at a
    /// time share one fsync. A view of the old name sums the shards, so
    /// whoever reads a tally reads it as before; a shard alone means nothing
    /// and may be negative (an answer counted in one shard may be taken off
    /// in another). The functions keep their names, so their triggers stay.
    ///
    /// `sweepstakes_total_shards` has all sixteen rows of a sweepstakes from
    /// its creation: a draw locks them all (`FOR UPDATE`) to keep its list
    /// unchanged until it commits, which a shard made later would escape.
    static let migration025 = """
        -- 025: shared tallies in sixteen shards per key, read through views (Migration025.swift).
        CREATE FUNCTION tally_shard(user_id BIGINT) RETURNS SMALLINT LANGUAGE sql IMMUTABLE PARALLEL SAFE
            AS 'SELECT abs(COALESCE($1, 0) % 16)::SMALLINT';

        ALTER TABLE question_choices RENAME TO question_choice_texts;
        CREATE TABLE question_choice_answer_shards (
            question_id BIGINT NOT NULL,
            position INTEGER NOT NULL,
            shard SMALLINT NOT NULL CHECK (shard BETWEEN 0 AND 15),
            answer_count BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (question_id, position, shard),
            FOREIGN KEY (question_id, position) REFERENCES question_choice_texts(question_id, position) ON DELETE CASCADE
        );
        INSERT INTO question_choice_answer_shards (question_id, position, shard, answer_count)
            SELECT question_id, position, 0, answer_count FROM question_choice_texts WHERE answer_count <> 0;
        ALTER TABLE question_choice_texts DROP COLUMN answer_count;
        -- Updatable: the console inserts and deletes choices through it; answer_count is not written.
        CREATE VIEW question_choices AS
            SELECT c.question_id, c.position, c.text,
                   COALESCE((SELECT SUM(s.answer_count) FROM question_choice_answer_shards s
                             WHERE s.question_id = c.question_id AND s.position = c.position), 0)::BIGINT AS answer_count
            FROM question_choice_texts c;

        ALTER TABLE question_hourly_answers RENAME TO question_hourly_answer_shards;
        ALTER TABLE question_hourly_answer_shards ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15);
        ALTER TABLE question_hourly_answer_shards DROP CONSTRAINT question_hourly_answers_pkey;
        ALTER TABLE question_hourly_answer_shards ADD PRIMARY KEY (question_id, hour, shard);
        CREATE VIEW question_hourly_answers AS
            SELECT question_id, hour, SUM(answer_count)::BIGINT AS answer_count
            FROM question_hourly_answer_shards GROUP BY question_id, hour;

        ALTER TABLE sweepstakes_totals RENAME TO sweepstakes_total_shards;
        ALTER TABLE sweepstakes_total_shards ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15);
        ALTER TABLE sweepstakes_total_shards DROP CONSTRAINT sweepstakes_totals_pkey;
        ALTER TABLE sweepstakes_total_shards ADD PRIMARY KEY (sweepstakes_id, shard);
        INSERT INTO sweepstakes_total_shards (sweepstakes_id, shard)
            SELECT t.sweepstakes_id, g FROM sweepstakes_total_shards t CROSS JOIN generate_series(1, 15) g;
        CREATE VIEW sweepstakes_totals AS
            SELECT sweepstakes_id, SUM(entrants)::BIGINT AS entrants, SUM(valid_entries)::BIGINT AS valid_entries,
                   SUM(voided_entries)::BIGINT AS voided_entries, SUM(disqualified)::BIGINT AS disqualified,
                   SUM(draw_inputs)::BIGINT AS draw_inputs
            FROM sweepstakes_total_shards GROUP BY sweepstakes_id;

        ALTER TABLE sweepstakes_daily_entries RENAME TO sweepstakes_daily_entry_shards;
        ALTER TABLE sweepstakes_daily_entry_shards ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15);
        ALTER TABLE sweepstakes_daily_entry_shards DROP CONSTRAINT sweepstakes_daily_entries_pkey;
        ALTER TABLE sweepstakes_daily_entry_shards ADD PRIMARY KEY (sweepstakes_id, day, shard);
        CREATE VIEW sweepstakes_daily_entries AS
            SELECT sweepstakes_id, day, SUM(valid_entries)::BIGINT AS valid_entries
            FROM sweepstakes_daily_entry_shards GROUP BY sweepstakes_id, day;

        ALTER TABLE counters RENAME TO counter_shards;
        ALTER TABLE counter_shards ADD COLUMN shard SMALLINT NOT NULL DEFAULT 0 CHECK (shard BETWEEN 0 AND 15);
        ALTER TABLE counter_shards DROP CONSTRAINT counters_pkey;
        ALTER TABLE counter_shards ADD PRIMARY KEY (name, shard);
        CREATE VIEW counters AS SELECT name, SUM(value)::BIGINT AS value FROM counter_shards GROUP BY name;

        -- Answers: choices and hours (001, 005, 019).
        CREATE OR REPLACE FUNCTION answers_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_choice_answer_shards (question_id, position, shard, answer_count)
                SELECT question_id, choice_position, tally_shard(user_id), COUNT(*) FROM new_rows GROUP BY 1, 2, 3
                ON CONFLICT (question_id, position, shard) DO UPDATE SET
                    answer_count = question_choice_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION answers_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_choice_answer_shards (question_id, position, shard, answer_count)
                SELECT question_id, choice_position, tally_shard(user_id), -COUNT(*) FROM old_rows GROUP BY 1, 2, 3
                ON CONFLICT (question_id, position, shard) DO UPDATE SET
                    answer_count = question_choice_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION answers_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_choice_answer_shards (question_id, position, shard, answer_count)
                VALUES (OLD.question_id, OLD.choice_position, tally_shard(OLD.user_id), -1)
                ON CONFLICT (question_id, position, shard) DO UPDATE SET
                    answer_count = question_choice_answer_shards.answer_count + EXCLUDED.answer_count;
            INSERT INTO question_choice_answer_shards (question_id, position, shard, answer_count)
                VALUES (NEW.question_id, NEW.choice_position, tally_shard(NEW.user_id), 1)
                ON CONFLICT (question_id, position, shard) DO UPDATE SET
                    answer_count = question_choice_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION answers_hourly_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_hourly_answer_shards (question_id, hour, shard, answer_count)
                SELECT question_id, substr(answered_at, 1, 13), tally_shard(user_id), COUNT(*) FROM new_rows GROUP BY 1, 2, 3
                ON CONFLICT (question_id, hour, shard) DO UPDATE SET
                    answer_count = question_hourly_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION answers_hourly_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_hourly_answer_shards (question_id, hour, shard, answer_count)
                SELECT question_id, substr(answered_at, 1, 13), tally_shard(user_id), -COUNT(*) FROM old_rows GROUP BY 1, 2, 3
                ON CONFLICT (question_id, hour, shard) DO UPDATE SET
                    answer_count = question_hourly_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION answers_hourly_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO question_hourly_answer_shards (question_id, hour, shard, answer_count)
                VALUES (OLD.question_id, substr(OLD.answered_at, 1, 13), tally_shard(OLD.user_id), -1)
                ON CONFLICT (question_id, hour, shard) DO UPDATE SET
                    answer_count = question_hourly_answer_shards.answer_count + EXCLUDED.answer_count;
            INSERT INTO question_hourly_answer_shards (question_id, hour, shard, answer_count)
                VALUES (NEW.question_id, substr(NEW.answered_at, 1, 13), tally_shard(NEW.user_id), 1)
                ON CONFLICT (question_id, hour, shard) DO UPDATE SET
                    answer_count = question_hourly_answer_shards.answer_count + EXCLUDED.answer_count;
            RETURN NULL;
        END;
        $$;

        -- Counters: accounts (001, 019) by the account's shard, statuses (023) by the row's user's.
        CREATE OR REPLACE FUNCTION users_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO counter_shards (name, shard, value)
                SELECT 'users', tally_shard(id), COUNT(*) FROM new_rows GROUP BY 2
                ON CONFLICT (name, shard) DO UPDATE SET value = counter_shards.value + EXCLUDED.value;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION users_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO counter_shards (name, shard, value)
                SELECT 'users', tally_shard(id), -COUNT(*) FROM old_rows GROUP BY 2
                ON CONFLICT (name, shard) DO UPDATE SET value = counter_shards.value + EXCLUDED.value;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION status_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO counter_shards (name, shard, value)
                SELECT TG_ARGV[0] || '.' || status, tally_shard(user_id), COUNT(*) FROM new_rows GROUP BY 1, 2
                ON CONFLICT (name, shard) DO UPDATE SET value = counter_shards.value + EXCLUDED.value;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION status_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO counter_shards (name, shard, value)
                SELECT TG_ARGV[0] || '.' || status, tally_shard(user_id), -COUNT(*) FROM old_rows GROUP BY 1, 2
                ON CONFLICT (name, shard) DO UPDATE SET value = counter_shards.value + EXCLUDED.value;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION status_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO counter_shards (name, shard, value)
                SELECT TG_ARGV[0] || '.' || status, shard, SUM(n)
                FROM (SELECT status, tally_shard(user_id) AS shard, -1 AS n FROM old_rows
                      UNION ALL SELECT status, tally_shard(user_id), 1 FROM new_rows) moved
                GROUP BY 1, 2 HAVING SUM(n) <> 0
                ON CONFLICT (name, shard) DO UPDATE SET value = counter_shards.value + EXCLUDED.value;
            RETURN NULL;
        END;
        $$;

        -- Sweepstakes: every shard of the totals from the start (007).
        CREATE OR REPLACE FUNCTION sweepstakes_totals_row() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO sweepstakes_total_shards (sweepstakes_id, shard)
                SELECT NEW.id, g FROM generate_series(0, 15) g ON CONFLICT DO NOTHING;
            RETURN NULL;
        END;
        $$;

        -- Entries: totals and days (007, 019, 021), in the entry's user's shard.
        CREATE OR REPLACE FUNCTION sweepstakes_entries_tally(p_sweepstakes_id BIGINT, p_user_id BIGINT, p_quantity BIGINT,
                                                             p_voided INTEGER, p_created_at TEXT, p_sign INTEGER)
        RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET
                valid_entries = valid_entries + p_sign * (CASE WHEN p_voided = 0 THEN p_quantity ELSE 0 END),
                voided_entries = voided_entries + p_sign * (CASE WHEN p_voided = 1 THEN p_quantity ELSE 0 END)
            WHERE sweepstakes_id = p_sweepstakes_id AND shard = tally_shard(p_user_id);
            INSERT INTO sweepstakes_daily_entry_shards (sweepstakes_id, day, shard, valid_entries)
                SELECT p_sweepstakes_id, substr(p_created_at, 1, 10), tally_shard(p_user_id), p_sign * p_quantity WHERE p_voided = 0
                ON CONFLICT (sweepstakes_id, day, shard) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entry_shards.valid_entries + EXCLUDED.valid_entries;
            INSERT INTO sweepstakes_entrants (sweepstakes_id, user_id, valid_entries, voided_entries)
                SELECT p_sweepstakes_id, p_user_id,
                       p_sign * (CASE WHEN p_voided = 0 THEN p_quantity ELSE 0 END),
                       p_sign * (CASE WHEN p_voided = 1 THEN p_quantity ELSE 0 END)
                WHERE p_user_id IS NOT NULL
                ON CONFLICT (sweepstakes_id, user_id) DO UPDATE SET
                    valid_entries = sweepstakes_entrants.valid_entries + EXCLUDED.valid_entries,
                    voided_entries = sweepstakes_entrants.voided_entries + EXCLUDED.voided_entries;
            DELETE FROM sweepstakes_entrants
                WHERE sweepstakes_id = p_sweepstakes_id AND user_id = p_user_id AND valid_entries = 0 AND voided_entries = 0;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET valid_entries = t.valid_entries + rows.valid, voided_entries = t.voided_entries + rows.voided
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM new_rows GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            INSERT INTO sweepstakes_daily_entry_shards (sweepstakes_id, day, shard, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), tally_shard(user_id), SUM(quantity) FROM new_rows WHERE voided = 0
                GROUP BY 1, 2, 3
                ON CONFLICT (sweepstakes_id, day, shard) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entry_shards.valid_entries + EXCLUDED.valid_entries;
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
        CREATE OR REPLACE FUNCTION sweepstakes_entries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM sweepstakes_tallies_paused) THEN RETURN NULL; END IF;
            UPDATE sweepstakes_total_shards t SET valid_entries = t.valid_entries - rows.valid, voided_entries = t.voided_entries - rows.voided
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, SUM(CASE WHEN voided = 0 THEN quantity ELSE 0 END) AS valid,
                         SUM(CASE WHEN voided = 1 THEN quantity ELSE 0 END) AS voided
                  FROM old_rows GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            INSERT INTO sweepstakes_daily_entry_shards (sweepstakes_id, day, shard, valid_entries)
                SELECT sweepstakes_id, substr(created_at, 1, 10), tally_shard(user_id), -SUM(quantity) FROM old_rows WHERE voided = 0
                GROUP BY 1, 2, 3
                ON CONFLICT (sweepstakes_id, day, shard) DO UPDATE SET
                    valid_entries = sweepstakes_daily_entry_shards.valid_entries + EXCLUDED.valid_entries;
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

        -- Entrants: their count and the draw's input counter (019, 020), in the entrant's shard.
        CREATE OR REPLACE FUNCTION sweepstakes_entrants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET entrants = t.entrants + rows.n
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, COUNT(*) AS n FROM new_rows WHERE valid_entries > 0 GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_entrants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET entrants = t.entrants + rows.n
            FROM (SELECT n.sweepstakes_id, tally_shard(n.user_id) AS shard, SUM(CASE WHEN n.valid_entries > 0 THEN 1 ELSE -1 END) AS n
                  FROM old_rows o JOIN new_rows n ON n.sweepstakes_id = o.sweepstakes_id AND n.user_id = o.user_id
                  WHERE (o.valid_entries > 0) <> (n.valid_entries > 0) GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_entrants_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET entrants = t.entrants - rows.n
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, COUNT(*) AS n FROM old_rows WHERE valid_entries > 0 GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_entrants_new() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, COUNT(*) AS n FROM new_rows GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_entrants_old() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, COUNT(*) AS n FROM old_rows GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_entrants_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, tally_shard(user_id) AS shard, COUNT(*) AS n
                  FROM (SELECT sweepstakes_id, user_id FROM old_rows UNION ALL SELECT sweepstakes_id, user_id FROM new_rows) moved
                  GROUP BY 1, 2) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id AND t.shard = rows.shard;
            RETURN NULL;
        END;
        $$;

        -- What staff and deletions change a row at a time goes to shard 0 (007, 020).
        CREATE OR REPLACE FUNCTION sweepstakes_disqualified_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET disqualified = disqualified + 1 WHERE sweepstakes_id = NEW.sweepstakes_id AND shard = 0;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_disqualified_lifted() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET disqualified = disqualified - 1 WHERE sweepstakes_id = NEW.sweepstakes_id AND shard = 0;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION sweepstakes_disqualified_detached() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET disqualified = disqualified - 1 WHERE sweepstakes_id = NEW.sweepstakes_id AND shard = 0;
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_disqualification() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET draw_inputs = draw_inputs + 1
            WHERE shard = 0 AND sweepstakes_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.sweepstakes_id END,
                                                   CASE WHEN TG_OP <> 'DELETE' THEN NEW.sweepstakes_id END);
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET draw_inputs = draw_inputs + 1
            WHERE shard = 0 AND sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants
                                                   WHERE user_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_id END,
                                                                     CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_id END));
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET draw_inputs = draw_inputs + 1
            WHERE shard = 0 AND sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id = NEW.id);
            RETURN NULL;
        END;
        $$;
        CREATE OR REPLACE FUNCTION draw_inputs_forfeit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_total_shards SET draw_inputs = draw_inputs + 1
            WHERE shard = 0 AND sweepstakes_id = (SELECT sweepstakes_id FROM sweepstakes_draws WHERE id = NEW.draw_id);
            RETURN NULL;
        END;
        $$;
        """
}
