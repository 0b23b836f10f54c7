import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// Issue 19, finding 3: an audit export kept the email or phone typed into its
/// filter, in an append-only row, so "Erased at" was not true. Audit details
/// hold ids, field names, counts and our own words only.
@Suite struct AuditPersonalDataTests {
    // Failed before the fix: the export's detail was `/audit.csv?target=jane%40example.com`.
    @Test func anExportFilteredByEmailOrPhoneThenADeletionLeavesNoByteOfEither() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.runWithServices { browser, services in
            try await browser.signIn("owner@example.com")
            for target in ["jane@example.com", "(555) 223-4567", "JANE@example.com"] {
                let csv = try await browser.get("/audit.csv?target=\(URLEncoding.component(target))&from=2026-01-01")
                #expect(csv.status == .ok)
            }
            let details = try await console.store.read { db in
                try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'audit.exported' ORDER BY id")
            }
            #expect(details == Array(repeating: "about user \(jane.uuid), from 2026-01-01", count: 3))
            let log = try await browser.get("/audit")
            #expect(log.body.contains("Exported the audit log as CSV, about user \(jane.uuid)"))

            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)/delete")
            // The tombstone's reason outlives the account: it may not hold the phone it is erasing.
            let named = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.uuid, "reason": "Asked by phone from \(jane.phone)"])
            #expect(named.status == .unprocessableContent)
            #expect(named.body.contains("Leave out the phone number here"))
            let done = try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.uuid, "reason": "Asked in the app"])
            #expect(done.status == .seeOther)
            await services.flushBufferedWrites()
            let erased = try await poll(seconds: 10) { () -> Bool? in
                if case .erased = await services.erasures.attempt() { return true }
                return try await console.store.read { db in try Tombstone.find(db, uuid: jane.uuid) }?.erasedAt != nil ? true : nil
            }
            #expect(erased == true)
        }
        try await AccountDeletionTests.expectNoPersonalDataLeft(console.store, jane)
    }

    /// Rows written before the fix are rewritten by migration 009, which is itself recorded.
    @Test(.sqliteOnly) func migration009RewritesExportFiltersWrittenBeforeIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stand-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("stand.sqlite").path
        let ana = UUID().uuidString.lowercased()
        do {
            let old = try DatabaseQueue(path: path)
            try StandMigrations.migrator.migrate(old, upTo: "008_redrawable_draws")
            try await old.write { db in
                try db.execute(sql: """
                    INSERT INTO users (uuid, email, phone, password_hash, birthdate, reminder_time, created_at, updated_at)
                    VALUES (?, 'ana@example.com', '+15552230001', 'x', '1990-01-01', '08:00', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """, arguments: [ana])
                for detail in ["/audit.csv?staff=2&target=ana%40example.com&views=1", "/audit.csv?target=%2B15559990000&from=2026-02-01",
                               "/audit.csv", "/audit.csv?action=user.updated&through=2026-03-01"] {
                    try db.execute(sql: "INSERT INTO audit_events (occurred_at, staff_id, action, detail) VALUES ('2026-05-01 00:00:00.000', 2, 'audit.exported', ?)",
                                   arguments: [detail])
                }
            }
        }
        let store = try StandStore(path: path)
        try await store.read { db in
            let details = try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'audit.exported' ORDER BY id")
            #expect(details == [
                "by staff #2, about user \(ana), with page views",
                "from 2026-02-01, about an account no longer found (what was typed is removed)",
                "everything",
                "action user.updated, through 2026-03-01",
            ])
            #expect(try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'audit.redacted'")
                    == "migration 009: 4 export filters rewritten to ids")
        }
        // Append-only again once the migration is done.
        await #expect(throws: DatabaseError.self) {
            try await store.write { db in try db.execute(sql: "UPDATE audit_events SET detail = 'x'") }
        }
        for suffix in ["", "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: path + suffix) else { continue }
            for needle in ["ana%40example.com", "%2B15559990000"] {
                #expect(bytes.range(of: Data(needle.utf8)) == nil, "\(needle) bytes left in stand.sqlite\(suffix)")
            }
        }
    }

    /// The everyday flows that name an account (edits, views, searches, exports,
    /// deletion requests, deletion), then every text column of the audit log is
    /// scanned for every email and phone any account ever had.
    @Test func noAuditEventHoldsAnyAccountsEmailOrPhoneAfterTheEverydayFlows() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane@example.com", phone: "+15552234567")
        let omar = try await data.user(email: "omar@example.com", phone: "+15552239999")
        try await data.deletionRequest(omar)
        let emailsAndPhones = [jane.email, jane.phone, omar.email, omar.phone, "jane.new@example.com", "+15552230042"]
        let everEmailsAndPhones = emailsAndPhones + emailsAndPhones.filter { $0.hasPrefix("+1") }.map { String($0.dropFirst(2)) }
        try await console.runWithServices { browser, services in
            try await browser.signIn("support@example.com")
            for query in [jane.email, "(555) 223-4567", omar.uuid] { try await browser.get("/users?q=\(URLEncoding.component(query))") }
            try await browser.get("/users/\(jane.uuid)")
            try await browser.get("/users/\(jane.uuid)/edit")
            let edited = try await browser.post("/users/\(jane.uuid)/edit", [
                "email": "jane.new@example.com", "phone": "(555) 223-0042", "birthdate": "1990-05-17", "reminderTime": "08:30",
                "originalEmail": jane.email, "originalPhone": jane.phone, "originalBirthdate": "1990-05-17", "originalReminderTime": "08:30",
            ])
            #expect(edited.status == .seeOther)
            try await browser.get("/users/\(jane.uuid)")
            try await browser.post("/users/\(jane.uuid)/deletion-requests", [:])
            try await browser.get("/users/\(omar.uuid)/delete")
            try await browser.post("/users/\(omar.uuid)/delete", ["confirmation": omar.email, "reason": "Asked in the app"])
            browser.forgetCookies()
            try await browser.signIn("owner@example.com")
            for target in [jane.email, "jane.new@example.com", "555-223-0042", omar.email] {
                try await browser.get("/audit?target=\(URLEncoding.component(target))")
                try await browser.get("/audit.csv?target=\(URLEncoding.component(target))")
            }
            // A sign-in attempt with an account's email is no staff member's: nothing of it is kept.
            browser.forgetCookies()
            try await browser.signIn(jane.email, password: "wrong-password-1")
            await services.flushBufferedWrites()
        }
        try await console.store.read { db in
            let actions = Set(try String.fetchAll(db, sql: "SELECT DISTINCT action FROM audit_events"))
            #expect(actions.isSuperset(of: ["user.viewed", "user.updated", "deletion_request.opened", "user.deleted", "audit.exported"]), "\(actions)")
            let instr = db.engine == .sqlite ? "instr" : "strpos"
            for column in try db.columnNames(in: "audit_events") {
                for needle in everEmailsAndPhones {
                    let hits = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE \(instr)(lower(CAST(\(column) AS TEXT)), lower(?)) > 0",
                                                arguments: [needle]) ?? 0
                    #expect(hits == 0, "\(needle) in audit_events.\(column)")
                }
            }
        }
    }
}
