import GRDB

/// 028: on PostgreSQL, an entry's insert no longer looks for entrants left
/// with no entries (PostgresMigrations+028.swift).
///
/// Entries are inserted with a quantity above zero (a CHECK), so an entrant
/// an insert adds to always holds one: the check could never delete a row.
/// On PostgreSQL it was a statement of its own, and a `DELETE` fires the
/// entrants' two statement triggers even when it deletes nothing. SQLite's
/// row trigger does the same check as one primary-key lookup, too little to
/// measure: left as it is. The number is taken on both engines so that a
/// store's migrations read the same on each.
enum Migration028 {
    static func apply(_ db: Database) throws {}
}
