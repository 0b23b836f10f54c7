import GRDB

/// 025: on PostgreSQL, the tallies every answer and entry moves are kept in
/// sixteen rows per key and read through views of their old names
/// (PostgresMigrations+025.swift).
///
/// There a row a transaction updates stays locked until its commit is on
/// disk, so the app's writers queued on a shared tally row one fsync at a
/// time. SQLite lets one writer in at a time whatever rows it touches: a
/// shared row costs nothing more, and its tallies stay one row per key.
/// The number is taken on both engines so that a store's migrations read the
/// same on each.
enum Migration025 {
    static func apply(_ db: Database) throws {}
}
