/// The few SQL functions the two engines name or shape differently, in one
/// place: everything else the console sends is written once for both.
extension StoreEngine {
    /// Values of a group joined into one text. SQLite's `group_concat` takes
    /// the rows in the order its subquery gives them (write `orderedBy` there
    /// too); PostgreSQL's `string_agg` is told the order.
    public func joined(_ expression: String, separator: String, orderedBy order: String) -> String {
        switch self {
        case .sqlite: "group_concat(\(expression), '\(separator)')"
        case .postgres: "string_agg(\(expression), '\(separator)' ORDER BY \(order))"
        }
    }

    /// A subquery of the text values of a JSON array (`["a","b"]`): one list
    /// bound as one argument, however long.
    public func jsonArrayValues(_ array: String) -> String {
        switch self {
        case .sqlite: "SELECT value FROM json_each(\(array))"
        case .postgres: "SELECT json_array_elements_text(CAST(\(array) AS json))"
        }
    }

    /// The 1-based position of `needle` in `text`, 0 when absent.
    public func position(of needle: String, in text: String) -> String {
        switch self {
        case .sqlite: "instr(\(text), \(needle))"
        case .postgres: "strpos(\(text), \(needle))"
        }
    }
}

extension StoreEngine {
    /// A bound value (`?`) that PostgreSQL's planner does not see: an initplan,
    /// `(SELECT CAST(? AS type))`, whose value is known only when the statement
    /// runs. SQLite plans a statement once, whatever its values: there it is `?`.
    ///
    /// For a prepared read whose plan is the same for every value (an index
    /// walked under a limit): PostgreSQL plans a prepared statement's first five
    /// runs for their values, then keeps its generic plan only if it costs no
    /// more than those did. Costed with the value's own statistics, the plan for
    /// the value came out cheaper, so the entrants' leaderboard, the email
    /// prefix search and the calendar's days were planned afresh at every view
    /// (the first two: 0.34 and 0.12 ms, to run in 0.15 and 0.03 ms on the
    /// 10,000,000-account store). Unseen, the value costs the same in both
    /// plans and the generic one is kept.
    public func parameterUnseenByPlanner(as type: String) -> String {
        switch self {
        case .sqlite: "?"
        case .postgres: "(SELECT CAST(? AS \(type)))"
        }
    }

    /// Now, as the store writes times (`YYYY-MM-DD HH:MM:SS.SSS`, UTC), by the engine's clock.
    public var now: String {
        switch self {
        case .sqlite: "strftime('%Y-%m-%d %H:%M:%f', 'now')"
        case .postgres: "to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')"
        }
    }

    /// The larger of two values that are never NULL (SQLite's two-argument
    /// `max` gives NULL for a NULL; PostgreSQL's `GREATEST` skips it).
    public func greater(_ a: String, _ b: String) -> String {
        switch self {
        case .sqlite: "max(\(a), \(b))"
        case .postgres: "GREATEST(\(a), \(b))"
        }
    }

    /// Run first in a transaction that joins a sweepstakes' entrants with
    /// `users`: PostgreSQL then hashes a million entrants in memory (71 MB)
    /// rather than in sixteen batches on disk. At the default 4 MB each draw
    /// wrote and read a gigabyte of temporary files, and the app's commits
    /// waited for the disk behind them. SQLite has nothing to set.
    public var roomForEntrantJoins: String? {
        switch self {
        case .sqlite: nil
        case .postgres: "SET LOCAL work_mem = '256MB'"
        }
    }

    /// The smaller of two values that are never NULL (see `greater`).
    public func lesser(_ a: String, _ b: String) -> String {
        switch self {
        case .sqlite: "min(\(a), \(b))"
        case .postgres: "LEAST(\(a), \(b))"
        }
    }
}

/// SQL written once with the few engine-specific pieces (`StoreEngine`'s
/// dialect) filled in for each engine ahead of time: a statement read on
/// every page is not rebuilt per request.
public struct EngineSQL: Sendable {
    private let sqlite: String
    private let postgres: String

    public init(_ make: (StoreEngine) -> String) {
        sqlite = make(.sqlite)
        postgres = make(.postgres)
    }

    public subscript(engine: StoreEngine) -> String {
        switch engine {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
