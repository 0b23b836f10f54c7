import GRDB

/// 019: tallies kept per statement.
///
/// Nothing changes on SQLite: a row trigger there updates a page already in
/// the cache. On PostgreSQL every row trigger that moved a shared tally
/// (the user count, a choice's answers, an hour's answers, a sweepstakes'
/// totals) wrote a new version of the same row, and a transaction that
/// inserted many rows walked all the versions it had written: 40,000 sign-ups
/// in one transaction took 9.2 s instead of 0.6 s. PostgreSQL's migration 019
/// keeps the same tallies with statement triggers over transition tables
/// (`PostgresMigrations.migration019`).
enum Migration019 {
    static func apply(_ db: Database) throws {}
}
