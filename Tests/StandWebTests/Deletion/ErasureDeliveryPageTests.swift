import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// The tombstone, the receipt, the lists and an owner's retry, with the
/// deliveries sent to `scripts/erasure-receiver.py` one round at a time.
@Suite struct ErasureDeliveryPageTests {
    static let script = TestConsole.root.appendingPathComponent("scripts/erasure-receiver.py")

    static func targets(_ receiver: ErasureReceiver, _ systems: [String] = ["firebase", "aws"]) -> ErasureTargets {
        ErasureTargets(targets: systems.map { .init(system: $0, url: URL(string: receiver.url($0))!, secret: ErasureReceiver.secret) })
    }

    struct Scene {
        let console: TestConsole
        let jane: AppData.User
        let other: AppData.User
        let sweepstakes: Int64
        let folder: TemporaryFolder
        let receiver: ErasureReceiver
    }

    /// Jane answered, entered a sweepstakes that was then drawn, asked to be deleted, and was exported three ways.
    static func scene(failFirst: Int = 0, systems: [String] = ["firebase", "aws"]) async throws -> Scene {
        let folder = try TemporaryFolder("erasure-pages")
        let receiver = try await ErasureReceiver.started(script: script, log: folder.file("received.jsonl"), failFirst: failFirst)
        let console = try await TestConsole(erasureTargets: targets(receiver, systems))
        let owner = try await console.createStaff("owner@example.com", role: .owner)
        try await console.createStaff("support@example.com", role: .support)
        try await console.createStaff("editor@example.com", role: .editor)
        let data = AppData(store: console.store)
        let jane = try await data.user(email: "jane.gone@example.com", phone: "+15557654321")
        let other = try await data.user(email: "other@example.com", phone: "+15552234567")
        for day in 1...3 { try await data.answer(jane, question: try data.question(day: "2026-11-0\(day)"), choice: 0) }
        let sweepstakes = try await data.sweepstakes(name: "Autumn", drawn: false)
        // Jane is its only entrant: the draw picks her, whatever its seed.
        try await data.entries(jane, sweepstakes: sweepstakes, count: 4)
        let ownerActor = AuditActor(staffId: owner.id, email: owner.email, ip: nil)
        guard case .drawn = try await SweepstakesDraws(store: console.store).draw(sweepstakesId: sweepstakes, replacing: nil, reason: "", by: ownerActor) else {
            throw ScenarioError.notDrawn
        }
        try await data.deletionRequest(jane)
        return Scene(console: console, jane: jane, other: other, sweepstakes: sweepstakes, folder: folder, receiver: receiver)
    }

    enum ScenarioError: Error { case notDrawn }

    @Test func theTombstoneFollowsEachSystemAndListsTheExportsThatHeldThePerson() async throws {
        let scene = try await Self.scene()
        try await scene.console.runWithServices { browser, services in
            try await browser.signIn("owner@example.com")
            #expect(try await browser.get("/sweepstakes/\(scene.sweepstakes)/entrants.csv").status == .ok)
            try await browser.get("/users/\(scene.jane.uuid)")
            #expect(try await browser.post("/users/\(scene.jane.uuid)/notes", ["body": "Wants a receipt"]).status == .seeOther)
            #expect(try await browser.get("/audit.csv").status == .ok)
            #expect(try await browser.get("/audit.csv?target=\(scene.other.uuid)").status == .ok, "filtered to someone else: never held Jane")
            browser.forgetCookies()
            try await browser.signIn("support@example.com")
            #expect(try await browser.get("/users/\(scene.jane.uuid)/export.zip").status == .ok)
            try await browser.get("/users/\(scene.jane.uuid)/delete")
            let deleted = try await browser.post("/users/\(scene.jane.uuid)/delete", ["confirmation": scene.jane.email, "reason": "Asked in the app"])
            #expect(deleted.status == .seeOther)
            // On PostgreSQL the store's part (VACUUM) is the background loop's: this page is about the other systems.
            #expect(try await tombstoneErased(scene.jane.uuid, in: scene.console.store))

            var tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains("Not complete yet: waiting for firebase and aws"))
            #expect(tombstone.body.contains(#"<tr data-system="firebase"><th scope="row">firebase</th><td data-label="State"><span class="badge pending">Pending</span>"#))
            #expect(tombstone.body.contains(#"<span class="badge waiting">Waiting</span></td><td data-label="Detail">sent once firebase confirms</td>"#))
            #expect(!tombstone.body.contains("Retry now"), "support does not retry")
            let copies = try #require(tombstone.body.range(of: #"<table id="copies">"#).map { String(tombstone.body[$0.lowerBound...]) })
            let rows = copies.components(separatedBy: "</table>")[0].components(separatedBy: "<tr><td data-label=\"Made\">").dropFirst()
            #expect(rows.count == 3, "entrants CSV, the unfiltered audit CSV, the data export; not the audit CSV filtered to someone else")
            #expect(rows.contains { $0.contains("owner@example.com</td><td data-label=\"Export\">Entrants CSV</td><td data-label=\"Which\">Autumn (#\(scene.sweepstakes))") })
            #expect(rows.contains { $0.contains("owner@example.com</td><td data-label=\"Export\">Audit log CSV</td><td data-label=\"Which\">filter: everything") })
            #expect(rows.contains { $0.contains("support@example.com</td><td data-label=\"Export\">Data-access export</td>") })
            #expect(!tombstone.body.contains(scene.jane.email))

            #expect(await services.erasureDeliveries.deliverDue() == 1)
            tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains(#"<span class="badge done">Confirmed</span></td><td data-label="Detail">at "#))
            #expect(tombstone.body.contains(#"<tr data-system="aws"><th scope="row">aws</th><td data-label="State"><span class="badge pending">Pending</span>"#))
            #expect(await services.erasureDeliveries.deliverDue() == 1)
            tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains("<strong>Complete everywhere at "))
            #expect(scene.receiver.accepted().map { $0["system"] } == ["firebase", "aws"])

            let receipt = try await browser.get("/users/\(scene.jane.uuid)/receipt")
            #expect(receipt.status == .ok)
            for text in ["Your Stand account is deleted", "Your account is deleted everywhere Stand keeps it.", "Your request of 2026-11-20 09:00 UTC (made in the app)",
                         "Firebase (sign-in)</dt><dd class=\"confirmation\">Confirmed deleted at ",
                         "Amazon Web Services (app data)</dt><dd class=\"confirmation\">Confirmed deleted at ",
                         "3 answers to daily questions, with nothing linking them to you.",
                         "Your line in the entrant list of “Autumn”, draw 1 of ", "An auditor can re-check that draw from this list", "your account's ID and your 4 entries.", "picked your account's ID as a winner for A bike."] {
                #expect(receipt.body.contains(text), "\(text)")
            }
            #expect(!receipt.body.contains(scene.jane.email) && !receipt.body.contains("support@example.com"), "no email, no staff name")
            browser.forgetCookies()
            try await browser.signIn("editor@example.com")
            #expect(try await browser.get("/users/\(scene.jane.uuid)/receipt").status == .forbidden)
        }
        let css = try String(contentsOf: TestConsole.root.appendingPathComponent("Public/app.css"), encoding: .utf8)
        #expect(css.contains("@media print") && css.contains(".no-print"), "the receipt prints without the console's links")
    }

    @Test func anOwnerRetriesAFailedDeliveryFromTheTombstone() async throws {
        let scene = try await Self.scene(failFirst: 1, systems: ["firebase"])
        try await scene.console.runWithServices { browser, services in
            let support = try #require(try await scene.console.staff.all().first { $0.role == .support })
            let deletedAt = Date()
            _ = try await services.deletion.delete(uuid: scene.jane.uuid, confirmation: scene.jane.uuid, reason: "Asked",
                                                   by: AuditActor(staffId: support.id, email: support.email, ip: nil), now: deletedAt)
            // On PostgreSQL the store's part (VACUUM) is the background loop's: "complete everywhere" below waits on it too.
            #expect(try await tombstoneErased(scene.jane.uuid, in: scene.console.store))
            // Past the 7 days, a 503 is the last answer.
            #expect(await services.erasureDeliveries.deliverDue(now: deletedAt.addingTimeInterval(7 * 86_400 + 1)) == 1)

            try await browser.signIn("support@example.com")
            var tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains(#"<span class="badge failed">Failed</span></td><td data-label="Detail">gave up at "#))
            #expect(tombstone.body.contains("after 1 attempt; last answer HTTP 503 at "))
            #expect(!tombstone.body.contains("Retry now"))
            #expect(try await browser.post("/users/\(scene.jane.uuid)/erasure-retry", ["system": "firebase"]).status == .forbidden)
            browser.forgetCookies()

            try await browser.signIn("owner@example.com")
            let dashboard = try await browser.get("/")
            #expect(dashboard.body.contains(#"<div class="card" id="incomplete-deletions"><p class="card-label">Deletions not complete everywhere</p><p class="card-value">1</p><p class="warning">1 failed delivery: an owner must retry</p>"#))
            let requests = try await browser.get("/deletion-requests")
            #expect(requests.body.contains("1 deletion not complete everywhere"))
            #expect(requests.body.contains(#"<li class="failed"><a href="/users/\#(scene.jane.uuid)">"#))
            tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains(#"<button type="submit" id="retry-firebase">Retry now</button>"#))
            let retried = try await browser.post("/users/\(scene.jane.uuid)/erasure-retry", ["system": "firebase"])
            #expect(retried.status == .seeOther && retried.location == "/users/\(scene.jane.uuid)?done=retried")
            tombstone = try await browser.get(try #require(retried.location))
            #expect(tombstone.body.contains("Retrying now, in the background."))
            #expect(tombstone.body.contains(#"<span class="badge retrying">Retrying</span>"#))

            #expect(await services.erasureDeliveries.deliverDue() == 1)
            tombstone = try await browser.get("/users/\(scene.jane.uuid)")
            #expect(tombstone.body.contains("<strong>Complete everywhere at "))
            #expect(!(try await browser.get("/").body.contains("incomplete-deletions")))
            #expect(try await browser.post("/users/\(scene.jane.uuid)/erasure-retry", ["system": "firebase"]).status == .conflict)
            #expect(try await browser.post("/users/\(scene.jane.uuid)/erasure-retry", ["system": "nope"]).status == .notFound)
        }
        await #expect(try scene.console.auditCount(.erasureFailed) == 1)
        await #expect(try scene.console.auditCount(.erasureRetried) == 1)
        await #expect(try scene.console.auditCount(.erasureConfirmed) == 1)
        #expect(scene.receiver.accepted().count == 1)
    }

    @Test func withNoSystemConfiguredTheTombstoneSaysSo() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: console.store).user(email: "jane@example.com", phone: "+15557654321")
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            try await browser.get("/users/\(jane.uuid)/delete")
            #expect(try await browser.post("/users/\(jane.uuid)/delete", ["confirmation": jane.uuid, "reason": "Asked"]).status == .seeOther)
            let tombstone = try await browser.get("/users/\(jane.uuid)")
            #expect(tombstone.body.contains(#"<p class="warning" id="no-systems">No downstream system was configured"#))
            #expect(!tombstone.body.contains(#"<table id="systems">"#))
            #expect(tombstone.body.contains(#"<p class="empty" id="no-copies">"#))
        }
    }
}
