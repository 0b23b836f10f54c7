import GRDB

/// The store's schema, one numbered migration at a time. A migration that has
/// shipped is never edited: a change is a new migration (docs/store.md).
public enum StandMigrations {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("001_initial_schema", migrate: Migration001.apply)
        migrator.registerMigration("002_deletion_requests_by_uuid", migrate: Migration002.apply)
        migrator.registerMigration("003_erasure_and_sign_in_throttle", migrate: Migration003.apply)
        migrator.registerMigration("004_audit_indexes", migrate: Migration004.apply)
        migrator.registerMigration("005_question_hourly_answers", migrate: Migration005.apply)
        migrator.registerMigration("006_suggestion_review_notes", migrate: Migration006.apply)
        migrator.registerMigration("007_sweepstakes_totals", migrate: Migration007.apply)
        migrator.registerMigration("008_redrawable_draws", migrate: Migration008.apply)
        migrator.registerMigration("009_audit_without_personal_data", migrate: Migration009.apply)
        migrator.registerMigration("010_form_submissions", migrate: Migration010.apply)
        migrator.registerMigration("011_cancelled_sweepstakes", migrate: Migration011.apply)
        migrator.registerMigration("012_kept_draw_snapshots", migrate: Migration012.apply)
        migrator.registerMigration("013_draw_alternates_claims_public", migrate: Migration013.apply)
        migrator.registerMigration("014_suspensions_and_sign_out_everywhere", migrate: Migration014.apply)
        migrator.registerMigration("015_account_notes", migrate: Migration015.apply)
        migrator.registerMigration("016_erasure_outbox_and_exports", migrate: Migration016.apply)
        migrator.registerMigration("017_staff_second_factor", migrate: Migration017.apply)
        migrator.registerMigration("018_sessions_in_view_and_sign_in_codes", migrate: Migration018.apply)
        migrator.registerMigration("019_tallies_per_statement", migrate: Migration019.apply)
        migrator.registerMigration("020_draw_inputs_counter", migrate: Migration020.apply)
        migrator.registerMigration("021_erased_entries_tallied_per_statement", migrate: Migration021.apply)
        migrator.registerMigration("022_draw_snapshots_in_parts", migrate: Migration022.apply)
        migrator.registerMigration("023_status_counters", migrate: Migration023.apply)
        migrator.registerMigration("024_deletion_requests_by_created", migrate: Migration024.apply)
        migrator.registerMigration("025_tally_shards", migrate: Migration025.apply)
        migrator.registerMigration("026_deletions_underway", migrate: Migration026.apply)
        migrator.registerMigration("027_foreign_key_indexes", migrate: Migration027.apply)
        migrator.registerMigration("028_entry_inserts_without_empty_entrant_check", migrate: Migration028.apply)
        return migrator
    }
}
