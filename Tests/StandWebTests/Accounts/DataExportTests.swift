import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
import ZIPFoundation
@testable import StandWeb

/// Issue 22: a person's data as one ZIP (GDPR articles 15 and 20): one JSON
/// file per kind and a README, parsed back here and compared with the store;
/// no password hash anywhere; recorded, and shown on the account's page.
@Suite struct DataExportTests {
    @Test func theExportHoldsEveryKindAsTheStoreHasItAndNoPasswordHash() async throws {
        let scene = try await TimelineTests.scene()
        let console = scene.console
        let support = try await console.createStaff("support@example.com", role: .support)
        _ = try await console.createStaff("editor@example.com", role: .editor)
        let uuid = scene.user.uuid
        let folder = try TemporaryFolder("export")
        try await console.run { browser in
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/users/\(uuid)/export.zip").status == .forbidden)
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            let download = try await browser.get("/users/\(uuid)/export.zip")
            #expect(download.status == .ok && download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition]?.contains("stand-data-\(uuid)-") == true)
            let zip = folder.url.appendingPathComponent("export.zip")
            try Data(download.bytes).write(to: zip)
            let archive = try Archive(url: zip, accessMode: .read)
            var files: [String: Data] = [:]
            for entry in archive {
                var data = Data()
                _ = try archive.extract(entry) { data.append($0) }
                files[entry.path] = data
            }
            #expect(Set(files.keys) == ["profile.json", "answers.json", "entries.json", "suggestions.json", "deletion_requests.json",
                                        "suspensions.json", "notes.json", "prizes.json", "disqualifications.json", "staff_actions.json", "README.txt"])
            // No password hash, and no other account, anywhere in the archive.
            for (name, data) in files {
                let text = String(decoding: data, as: UTF8.self)
                #expect(!text.contains("$2b$") && !text.contains("password_hash"), "\(name)")
                #expect(!text.contains("bo@example.com"), "\(name)")
            }
            func json(_ name: String) throws -> Any {
                let data = try #require(files[name], "\(name)")
                return try JSONSerialization.jsonObject(with: data)
            }
            func array(_ name: String) throws -> [[String: Any]] {
                let parsed = try json(name)
                return try #require(parsed as? [[String: Any]], "\(name)")
            }
            let parsedProfile = try json("profile.json")
            let profile = try #require(parsedProfile as? [String: Any])
            #expect(profile["email"] as? String == "ana@example.com" && profile["uuid"] as? String == uuid && profile["points"] as? Int == 170)
            // Answers: every one, oldest first, with the question's text and the chosen answer, as the store holds them.
            let answers = try array("answers.json")
            let stored = try await console.store.read { db in
                try StoreRow.fetchAll(db, sql: """
                    SELECT q.text, a.answered_at FROM answers a JOIN daily_questions q ON q.id = a.question_id WHERE a.user_id = ? ORDER BY a.answered_at
                    """, arguments: [scene.user.id]).map { ($0[0] as String, $0[1] as String) }
            }
            #expect(answers.count == 120 && answers.count == stored.count)
            #expect(answers.map { $0["question"] as? String ?? "" } == stored.map(\.0))
            #expect(answers.map { $0["answered_at"] as? String ?? "" } == stored.map(\.1))
            #expect(answers.allSatisfy { ($0["answer"] as? String)?.isEmpty == false })
            #expect(try array("entries.json").count == 3)
            #expect(try array("suggestions.json").first?["text"] as? String == "Cats or dogs, again?")
            #expect(try array("deletion_requests.json").first?["source"] as? String == "app")
            #expect(try array("suspensions.json").first?["reason"] as? String == "Review")
            #expect(try array("notes.json").map { $0["body"] as? String } == ["Called about the review", "Second call"])
            let actions = try array("staff_actions.json")
            #expect(actions.contains { $0["action"] as? String == "user.points_corrected" })
            #expect(!actions.contains { $0["action"] as? String == "user.viewed" })
            let readme = String(decoding: try #require(files["README.txt"]), as: UTF8.self)
            #expect(readme.contains("answers.json (120 items)") && readme.contains("never stored as text and is not included"))

            // Recorded, and shown on the account's page; nothing left on disk.
            let page = try await browser.get("/users/\(uuid)")
            #expect(page.body.contains("Data exported</dt><dd><span class=\"export\">") && page.body.contains(" by support@example.com</span>"))
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: console.store.path + "-exports")) ?? []
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
        let detail = try await console.store.read { db in
            try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.data_exported' AND staff_id = ?", arguments: [support.id])
        }
        #expect(detail == "answers: 120, entries: 3, suggestions: 1, deletion_requests: 1, suspensions: 1, notes: 2, prizes: 0, disqualifications: 0, staff_actions: 4")
    }

    @Test func aDeletedAccountHasNothingToExport() async throws {
        let console = try await TestConsole()
        _ = try await console.createStaff("support@example.com", role: .support)
        let user = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15550001000")
        try await console.store.write { db in try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [user.id]) }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/users/\(user.uuid)/export.zip").status == .notFound)
        }
        await #expect(try console.auditCount(.dataExported) == 0)
    }
}
