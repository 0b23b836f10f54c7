extension PostgresMigrations {
    /// 027: an index on every foreign key that points at rows the console
    /// deletes (Migration027.swift): PostgreSQL's checks look the referring
    /// rows up the same way, a whole table read per deleted row without one.
    static let migration027 = "-- 027: indexes on foreign keys (Migration027.swift).\n" + Migration027.sql
}
