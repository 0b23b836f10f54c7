import Foundation
import GRDB
import StandCore
import StandTestSupport
import Testing
@testable import StandWeb

/// The outbox survives the process: a server killed between two attempts
/// leaves the schedule in the store, and the next one carries on from it.
@Suite struct ErasureRestartTests {
    @Test func aServerKilledBetweenAttemptsResumesTheDeliveries() async throws {
        let folder = try TemporaryFolder("erasure-restart")
        let receiver = try await ErasureReceiver.started(script: ErasureDeliveryPageTests.script, log: folder.file("received.jsonl"), failFirst: 1)
        let prepared = try await TestConsole(erasureTargets: ErasureDeliveryPageTests.targets(receiver))
        let support = try await prepared.createStaff("support@example.com", role: .support)
        let jane = try await AppData(store: prepared.store).user(email: "jane@example.com", phone: "+15557654321")
        let services = try await AppServices(configuration: prepared.configuration, store: prepared.store, logger: .init(label: "test"))
        // Deleted in the test process (its sender never runs): the servers below send.
        _ = try await services.deletion.delete(uuid: jane.uuid, confirmation: jane.uuid, reason: "Asked",
                                               by: AuditActor(staffId: support.id, email: support.email, ip: nil))
        let environment = [
            "STAND_ERASURE_TARGETS": "firebase=\(receiver.url("firebase")),aws=\(receiver.url("aws"))",
            "STAND_ERASURE_SECRET": ErasureReceiver.secret,
            // 6 to 12 s before the retry: the kill lands in between, even on a
            // machine so busy that a 2 s window once passed between two polls.
            "STAND_ERASURE_FIRST_RETRY": "12",
        ]
        let outbox = services.erasureDeliveries.outbox
        func delivery(_ system: String) async throws -> ErasureDelivery? {
            try await outbox.progress(uuid: jane.uuid).deliveries.first { $0.system == system }
        }
        func serve() async throws -> ChildProcess {
            let port = try RawHTTP.freePort()
            let server = try ChildProcess([try KilledServerTests.binary().path, "serve", "--db", prepared.store.path,
                                           "--local-files", prepared.localFilesFolder, "--port", String(port)],
                                          directory: TestConsole.root.path, environment: environment)
            try await RawHTTP.waitUntilAnswering(port: port, path: "/healthz", timeout: 60)
            return server
        }

        let first = try await serve()
        try #require(try await poll(seconds: 180) { try await delivery("firebase").flatMap { $0.attempts == 1 ? $0 : nil } } != nil)
        first.kill(SIGKILL)
        #expect(first.endedBy(SIGKILL))
        let afterKill = try #require(try await delivery("firebase"))
        #expect(afterKill.state == .pending && afterKill.lastStatus == 503)
        #expect(try await delivery("aws")?.attempts == 0)
        #expect(receiver.accepted().isEmpty)

        let second = try await serve()
        defer { second.kill(SIGTERM); second.wait() }
        try #require(try await poll(seconds: 60) { try await delivery("aws").flatMap { $0.state == .done ? $0 : nil } } != nil)
        let firebase = try #require(try await delivery("firebase")), aws = try #require(try await delivery("aws"))
        #expect(firebase.state == .done && firebase.attempts == 2)
        #expect(firebase.doneAt! >= afterKill.nextAttemptAt, "the second server kept the first's schedule")
        #expect(aws.attempts == 1)
        #expect(receiver.accepted().map { $0["delivery_id"] } == [firebase.deliveryId, aws.deliveryId])
        #expect(await receiver.requests(atLeast: 3).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["503 firebase", "200 firebase", "200 aws"])
    }
}
