import Foundation
import StandTestSupport
import Testing
@testable import StandCore

/// A PostgreSQL database whose default collation does not sort text by code
/// point is refused before the console migrates or serves it: there the email
/// prefix search (a range up to the prefix's code point successor) would miss
/// accounts without an error.
@Suite struct PostgresCollationTests {
    @Test func onlyCollationsThatSortByCodePointAreTaken() {
        for collation in ["C", "POSIX", "C.UTF-8", "C.utf8"] {
            #expect(PostgresCollation.problem(collation: collation, provider: "c") == nil, "\(collation)")
        }
        // An older server names no provider: its collation alone decides.
        #expect(PostgresCollation.problem(collation: "C", provider: nil) == nil)
        #expect("\(PostgresCollation.problem(collation: "en_US.UTF-8", provider: "c")!)".contains("collation en_US.UTF-8"))
        #expect("\(PostgresCollation.problem(collation: "C.UTF-8", provider: "i", icuLocale: "en-US")!)".contains("collation ICU en-US"))
    }

    /// The run's cluster has no libc locale but C and POSIX (Debian's default), so
    /// the language-sorted database is an ICU one, as `CREATE DATABASE` on a cloud server may make.
    @Test(.postgresOnly) func aDatabaseSortedByLanguageIsRefusedAtStartWithHowToMakeOne() async throws {
        let folder = try TemporaryFolder("postgres-collation")
        let url = try await onOwnThread {
            try TestDatabase.emptyPostgresDatabase("LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'")
        }
        let refusal = await #expect(throws: StoreError.self) {
            try await onOwnThread { try StandStore(path: url, localFiles: folder.file("local"), postgres: TestDatabase.postgresOptions) }.close()
        }
        let message = refusal.map { "\($0)" } ?? ""
        #expect(message.contains("collation ICU en-US") && message.contains("LC_COLLATE 'C'"),
                "the refusal names the collation and says how to make the database: \(message)")
        // Refused before any migration ran: nothing was made in it.
        let probe = try await onOwnThread { try StandStore(path: url, migrate: false, localFiles: folder.file("probe"), postgres: TestDatabase.postgresOptions) }
        defer { probe.close() }
        let tables = try await probe.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pg_tables WHERE schemaname = current_schema()")
        }
        #expect(tables == 0)
    }
}
