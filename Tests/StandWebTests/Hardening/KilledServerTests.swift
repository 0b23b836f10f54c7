import Foundation
import StandTestSupport
import StandCore
import Testing
@testable import StandWeb

/// Issue 19, finding 6: after 300 user pages and kill -9, 28 to 71
/// `user.viewed` events were missing (the last half second's, still in
/// memory). Failed before: the views were only in the write-behind buffer.
@Suite struct KilledServerTests {
    /// The `stand-admin` binary `swift build --build-tests` put beside this test bundle.
    static func binary() throws -> URL {
        let besideTests = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("stand-admin")
        let candidates = [besideTests, TestConsole.root.appendingPathComponent(".build/debug/stand-admin")]
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                            "no stand-admin binary beside the tests: run `swift build --build-tests`")
    }

    @Test func noPageViewIsLostWhenTheServerIsKilled() async throws {
        let prepared = try await TestConsole()
        let support = try await prepared.createStaff("support@example.com", role: .support)
        let data = AppData(store: prepared.store)
        var madeUsers: [AppData.User] = []
        for index in 0..<30 { madeUsers.append(try await data.user(email: "person\(index)@example.com", phone: String(format: "+1555220%04d", index))) }
        let users = madeUsers
        let session = try await SessionStore(store: prepared.store).start(staffId: try #require(support.id), replacing: nil)

        let port = try RawHTTP.freePort()
        let server = try ChildProcess([try Self.binary().path, "serve", "--db", prepared.store.path, "--local-files", prepared.localFilesFolder,
                                       "--port", String(port)],
                                      directory: TestConsole.root.path)
        try await RawHTTP.waitUntilAnswering(port: port, path: "/healthz", timeout: 60)

        for index in 0..<300 {
            let page = try await RawHTTP.exchange(port: port, head: """
                GET /users/\(users[index % users.count].uuid) HTTP/1.1\r
                Host: 127.0.0.1\r
                Cookie: \(SessionMiddleware.sessionCookie)=\(session.id)\r
                Connection: close\r
                \r\n
                """)
            try #require(page.status == 200, "view \(index + 1): \(page.text.prefix(200))")
        }
        server.kill(SIGKILL)
        #expect(server.endedBy(SIGKILL))

        // The next start writes what the killed process journaled.
        let restarted = try await TestConsole(databasePath: prepared.store.path, localFiles: prepared.localFilesFolder)
        try await restarted.runWithServices { _, _ in }
        await #expect(try restarted.auditCount(.userViewed) == 300)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: AccountViewRecorder.journalDirectory(restarted.store))) ?? []
        #expect(left.filter { $0.hasSuffix(".jsonl") }.isEmpty, "replayed segments are removed")
    }
}

/// The other side of the journal's promise: a view it cannot take is a page not shown.
@Suite struct UnjournaledViewTests {
    @Test func anAccountIsNotShownWhenItsViewCannotBeJournaled() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let ana = try await AppData(store: console.store).user(email: "ana@example.com", phone: "+15552230001")
        // A file where the journal's folder belongs: every segment fails to open, as on a failed disk.
        let journal = URL(fileURLWithPath: AccountViewRecorder.journalDirectory(console.store))
        try FileManager.default.createDirectory(at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: journal)
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/users/\(ana.uuid)")
            #expect(page.status == .internalServerError)
            #expect(page.body.contains("This account is not shown: opening it must be recorded in the audit log"))
            #expect(!page.body.contains("ana@example.com"))
            #expect(!page.body.contains("+1 555"))
            #expect(try await browser.get("/healthz").status == .ok)
        }
        await #expect(try console.auditCount(.userViewed) == 0)
    }
}
