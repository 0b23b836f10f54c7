import Foundation

/// The database's default collation, checked before the console migrates or serves it.
///
/// The email prefix search bounds its index range with the prefix's code point
/// successor (`UserSearch.successor`), and keyset cursors continue from the last
/// value shown: both assume text sorts by code point, as it does on SQLite
/// (UTF-8's byte order is code point order). Under libc's `en_US.UTF-8`,
/// `a-b` sorts between `ab` and `ac`, so a search for `a-` would miss
/// accounts; under ICU the range would list others. Neither says so, so the
/// console refuses such a database at start-up and says how to make the right one.
enum PostgresCollation {
    /// libc collations that compare by code point (glibc's C.UTF-8 does since 2.35, and Debian's before it).
    static let codePointOrder: Set<String> = ["C", "POSIX", "C.UTF-8", "C.utf8"]

    /// The refusal when the database does not sort by code point; nil when it does.
    /// `provider` is PostgreSQL 15's (c: libc, i: ICU, nil: an older server), `icuLocale` its ICU locale.
    static func problem(collation: String, provider: String?, icuLocale: String? = nil) -> StoreError? {
        // An ICU default never sorts by code point, whatever `datcollate` says.
        if provider == "i" { return .collation("ICU \(icuLocale ?? "?")") }
        return codePointOrder.contains(collation) ? nil : .collation(collation)
    }

    static func check(_ session: PostgresSession) throws {
        // Columns newer than some servers are read through JSON: one missing gives NULL
        // (`datlocprovider` and `daticulocale` are PostgreSQL 15's; 17 renames the latter `datlocale`).
        let rows = try session.rows("""
            SELECT datcollate, to_jsonb(d) ->> 'datlocprovider', COALESCE(to_jsonb(d) ->> 'daticulocale', to_jsonb(d) ->> 'datlocale')
            FROM pg_database d WHERE datname = current_database()
            """, [])
        guard let row = rows.first else { return }
        if let problem = problem(collation: row[0], provider: row[1], icuLocale: row[2]) { throw problem }
    }
}
