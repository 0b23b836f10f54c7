import GRDB

/// 020: a counter of every change that can move a sweepstakes' eligible list.
///
/// `sweepstakes_totals.draw_inputs` goes up by one (or more) whenever a
/// change could alter who a draw of that sweepstakes may pick or how heavily:
/// an entrant row (entries granted, voided, detached by a deletion), a
/// disqualification, a suspension of one of its entrants, an entrant's
/// birthdate or UUID, a forfeit in one of its draws. Its value means nothing
/// by itself: a draw reads the list and the counter in one read transaction,
/// outside the write lock, and writes only if the counter is unchanged
/// (`SweepstakesDraws.draw`). Programs that write these tables need do
/// nothing: the triggers keep it (docs/store.md).
enum Migration020 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE sweepstakes_totals ADD COLUMN draw_inputs INTEGER NOT NULL DEFAULT 0;

            CREATE TRIGGER draw_inputs_entrant_insert AFTER INSERT ON sweepstakes_entrants BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            CREATE TRIGGER draw_inputs_entrant_update AFTER UPDATE OF sweepstakes_id, user_id, valid_entries ON sweepstakes_entrants BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id IN (OLD.sweepstakes_id, NEW.sweepstakes_id);
            END;
            CREATE TRIGGER draw_inputs_entrant_delete AFTER DELETE ON sweepstakes_entrants BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id = OLD.sweepstakes_id;
            END;

            CREATE TRIGGER draw_inputs_disqualification_insert AFTER INSERT ON sweepstakes_disqualifications BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id = NEW.sweepstakes_id;
            END;
            CREATE TRIGGER draw_inputs_disqualification_update AFTER UPDATE ON sweepstakes_disqualifications BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id IN (OLD.sweepstakes_id, NEW.sweepstakes_id);
            END;
            CREATE TRIGGER draw_inputs_disqualification_delete AFTER DELETE ON sweepstakes_disqualifications BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id = OLD.sweepstakes_id;
            END;

            CREATE TRIGGER draw_inputs_suspension_insert AFTER INSERT ON account_suspensions BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id = NEW.user_id);
            END;
            CREATE TRIGGER draw_inputs_suspension_update AFTER UPDATE ON account_suspensions BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1
                WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id IN (OLD.user_id, NEW.user_id));
            END;
            CREATE TRIGGER draw_inputs_suspension_delete AFTER DELETE ON account_suspensions BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id = OLD.user_id);
            END;

            -- The app updates users all day (streaks, points): only these two columns count.
            CREATE TRIGGER draw_inputs_user_update AFTER UPDATE OF birthdate, uuid ON users
            WHEN OLD.birthdate IS NOT NEW.birthdate OR OLD.uuid IS NOT NEW.uuid BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id IN (SELECT sweepstakes_id FROM sweepstakes_entrants WHERE user_id = NEW.id);
            END;

            CREATE TRIGGER draw_inputs_forfeit AFTER UPDATE OF forfeited_at, user_uuid ON draw_winners
            WHEN OLD.forfeited_at IS NOT NEW.forfeited_at OR OLD.user_uuid IS NOT NEW.user_uuid BEGIN
                UPDATE sweepstakes_totals SET draw_inputs = draw_inputs + 1 WHERE sweepstakes_id = (SELECT sweepstakes_id FROM sweepstakes_draws WHERE id = NEW.draw_id);
            END;
            """)
    }
}
