/// Pieces of SQL written the same way for both engines.
public enum StoreSQL {
    /// ` LIMIT n`, the number written into the statement rather than bound.
    ///
    /// PostgreSQL keeps one plan for a prepared read (its generic plan) only when
    /// that plan costs about what a plan for the values at hand would. A bound
    /// limit is costed as a tenth of the rows, so every list page's read was
    /// planned again at each view: 0.2–0.4 ms of its 0.4–0.6 ms in the store on
    /// 10,000,000 accounts. Page sizes are the console's constants, so each list
    /// still has one statement, on either engine.
    public static func limit(_ rows: Int) -> String { " LIMIT \(rows)" }
}
