import CSV
import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

@Suite struct AuditLogPageTests {
    /// An owner, a support member who edited and viewed one account, and that account.
    static func scene() async throws -> (TestConsole, AppData.User, StaffMember) {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let support = try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15552234567")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)/edit")
            try await browser.post("/users/\(jane.uuid)/edit", [
                "email": "jane.doe@example.com", "phone": "+15552234567", "birthdate": "1990-05-17", "reminderTime": "08:30",
                "originalEmail": "jane@example.com", "originalPhone": "+15552234567", "originalBirthdate": "1990-05-17", "originalReminderTime": "08:30",
            ])
            try await browser.get("/users/\(jane.uuid)")
        }
        return (console, jane, support)
    }

    @Test func eventsSayWhatHappenedAndLinkToWhatTheyAreAbout() async throws {
        let (console, jane, support) = try await Self.scene()
        try await console.runWithServices { browser, services in
            await services.flushBufferedWrites()
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/audit")
            #expect(page.body.contains("Changed email"))
            // The account by its email today, linked to its page.
            #expect(page.body.contains(#"<a href="/users/\#(jane.uuid)">jane.doe@example.com</a>"#))
            // A staff member's sign-in links to them on the staff page.
            #expect(page.body.contains(#"<a href="/staff#staff-\#(support.id!)">support@example.com</a>"#))
            // Page views are left out unless asked for.
            #expect(!page.body.contains(#"data-label="What happened">Opened the account"#))
            let withViews = try await browser.get("/audit?views=1")
            #expect(withViews.body.contains(#"data-label="What happened">Opened the account"#))
            #expect(withViews.body.contains(#"id="filter-views" name="views" type="checkbox" value="1" checked"#))
        }
    }

    @Test func filtersByAccountTypedAnyWayByStaffAndByDates() async throws {
        let (console, jane, support) = try await Self.scene()
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            for typed in ["JANE.DOE@example.com", "(555) 223-4567", jane.uuid.replacingOccurrences(of: "-", with: "").uppercased()] {
                let page = try await browser.get(Site.audit.href(["target": typed]))
                #expect(page.status == .ok, "\(typed)")
                #expect(page.body.contains("Changed email"), "\(typed)")
                #expect(!page.body.contains(#"data-label="What happened">Signed in"#), "\(typed): only events about the account")
            }
            let bySupport = try await browser.get("/audit?staff=\(support.id!)&action=staff.sign_in")
            #expect(bySupport.body.contains(#"data-label="What happened">Signed in"#))
            #expect(!bySupport.body.contains("owner@example.com</td>"))
            let today = UTCDate.day(Date())
            #expect(try await browser.get("/audit?from=\(today)&through=\(today)").body.contains("Changed email"))
            #expect(try await browser.get("/audit?through=2000-01-01").body.contains("No events match."))
            let unknown = try await browser.get(Site.audit.href(["target": "nobody@example.com", "from": "2026-13-45"]))
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.body.contains("No account has exactly that email"))
            #expect(unknown.body.contains("Enter a date as YYYY-MM-DD."))
            #expect(unknown.body.contains(#"value="nobody@example.com""#))
            #expect(unknown.body.contains(#"value="2026-13-45""#))
        }
    }

    /// Quoting by CSV.swift, formulas disarmed, every filtered event, and the export itself audited.
    @Test func theCSVExportIsTheFilteredLogQuotedAndFormulaSafe() async throws {
        let (console, jane, _) = try await Self.scene()
        // Another program wrote an event with a hostile detail and staff email.
        try await console.store.write { db in
            try db.execute(sql: """
                INSERT INTO audit_events (occurred_at, staff_email, action, target_type, target_id, detail)
                VALUES ('2026-11-23 10:00:00.000', '=cmd|calc', 'user.updated', 'user', ?, ?)
                """, arguments: [jane.uuid, "changed email, \"phone\"\nand =HYPERLINK(\"x\")"])
        }
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            let page = try await browser.get("/audit?target=\(jane.uuid)")
            let href = try #require(page.body.firstMatch(of: /href="(\/audit\.csv[^"]*)"/)?.1)
            let csv = try await browser.get(String(href).replacingOccurrences(of: "&amp;", with: "&"))
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"stand-audit-") == true)
            let reader = try CSVReader(string: csv.body, hasHeaderRow: true)
            #expect(reader.headerRow == AuditCSV.header)
            var rows: [[String]] = []
            while let row = reader.next() { rows.append(row) }
            #expect(rows.count == 2, "the edit and the other program's event, nothing else: \(rows)")
            let hostile = try #require(rows.first { $0[2].contains("cmd") })
            #expect(hostile[2] == "'=cmd|calc")
            #expect(hostile[8] == "changed email, \"phone\"\nand =HYPERLINK(\"x\")")
            #expect(rows.allSatisfy { $0[6] == jane.uuid })
        }
        await #expect(try console.auditCount(.auditExported) == 1)
    }

    @Test func everyActionHasWords() {
        let titled = Set(AuditWording.actionTitles.map(\.action))
        #expect(titled == Set(AuditAction.allCases))
        #expect(CSVRows.formulaSafe("+1 555") == "'+1 555")
        #expect(CSVRows.formulaSafe("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVRows.formulaSafe("-1") == "'-1")
        #expect(CSVRows.formulaSafe("plain") == "plain")
    }
}
