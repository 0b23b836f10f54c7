extension PostgresMigrations {
    /// 020: the counter of changes to a sweepstakes' eligible list (Migration020.swift).
    ///
    /// Entrant rows move by the thousand in one statement (a deletion's
    /// cascade, an import), so their triggers are statement triggers, as 019's
    /// are, and add the number of rows; the rest change a row at a time. The
    /// counter only has to move when the list may have: the two engines may
    /// count one change differently.
    static let migration020 = """
        -- 020: a counter of every change that can move a sweepstakes' eligible list (Migration020.swift).
        ALTER TABLE sweepstakes_totals ADD COLUMN draw_inputs BIGINT NOT NULL DEFAULT 0;

        CREATE FUNCTION draw_inputs_entrants_new() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, COUNT(*) AS n FROM new_rows GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE FUNCTION draw_inputs_entrants_old() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, COUNT(*) AS n FROM old_rows GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE FUNCTION draw_inputs_entrants_moved() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals t SET draw_inputs = t.draw_inputs + rows.n
            FROM (SELECT sweepstakes_id, COUNT(*) AS n
                  FROM (SELECT sweepstakes_id FROM old_rows UNION ALL SELECT sweepstakes_id FROM new_rows) moved
                  GROUP BY sweepstakes_id) rows
            WHERE t.sweepstakes_id = rows.sweepstakes_id;
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER draw_inputs_entrant_insert AFTER INSERT ON sweepstakes_entrants
            REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_inputs_entrants_new();
        CREATE TRIGGER draw_inputs_entrant_update AFTER UPDATE ON sweepstakes_entrants
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_inputs_entrants_moved();
        CREATE TRIGGER draw_inputs_entrant_delete AFTER DELETE ON sweepstakes_entrants
            REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION draw_inputs_entrants_old();

        CREATE FUNCTION draw_inputs_disqualification() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1
            WHERE sweepstakes_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.sweepstakes_id END,
                                     CASE WHEN TG_OP <> 'DELETE' THEN NEW.sweepstakes_id END);
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER draw_inputs_disqualification_insert AFTER INSERT ON sweepstakes_disqualifications
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_disqualification();
        CREATE TRIGGER draw_inputs_disqualification_update AFTER UPDATE ON sweepstakes_disqualifications
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_disqualification();
        CREATE TRIGGER draw_inputs_disqualification_delete AFTER DELETE ON sweepstakes_disqualifications
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_disqualification();

        CREATE FUNCTION draw_inputs_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1
            WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants
                                     WHERE user_id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.user_id END,
                                                       CASE WHEN TG_OP <> 'DELETE' THEN NEW.user_id END));
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER draw_inputs_suspension_insert AFTER INSERT ON account_suspensions
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_suspension();
        CREATE TRIGGER draw_inputs_suspension_update AFTER UPDATE ON account_suspensions
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_suspension();
        CREATE TRIGGER draw_inputs_suspension_delete AFTER DELETE ON account_suspensions
            FOR EACH ROW EXECUTE FUNCTION draw_inputs_suspension();

        -- The app updates users all day (streaks, points): only these two columns count.
        CREATE FUNCTION draw_inputs_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1
            WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id = NEW.id);
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER draw_inputs_user_update AFTER UPDATE OF birthdate, uuid ON users
            FOR EACH ROW WHEN (OLD.birthdate IS DISTINCT FROM NEW.birthdate OR OLD.uuid IS DISTINCT FROM NEW.uuid)
            EXECUTE FUNCTION draw_inputs_user();

        CREATE FUNCTION draw_inputs_forfeit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1
            WHERE sweepstakes_id = (SELECT sweepstakes_id FROM sweepstakes_draws WHERE id = NEW.draw_id);
            RETURN NULL;
        END;
        $$;
        CREATE TRIGGER draw_inputs_forfeit AFTER UPDATE OF forfeited_at, user_uuid ON draw_winners
            FOR EACH ROW WHEN (OLD.forfeited_at IS DISTINCT FROM NEW.forfeited_at OR OLD.user_uuid IS DISTINCT FROM NEW.user_uuid)
            EXECUTE FUNCTION draw_inputs_forfeit();
        """
}
