import Foundation
import GRDB
import StandTestSupport
import Testing
@testable import StandCore

/// The outbox against a real receiver (`scripts/erasure-receiver.py`, written
/// from docs/erasure.md), one round at a time with a pinned clock.
@Suite struct ErasureDeliveryTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/erasure-receiver.py")
    static let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"

    struct Scene {
        let store: StandStore
        let deliveries: ErasureDeliveries
        let deletedAt: Date
        let folder: TemporaryFolder

        func rows() async throws -> [ErasureDelivery] {
            try await store.read { db in try ErasureOutbox.progress(db, uuid: ErasureDeliveryTests.uuid).deliveries }
        }

        func delivery(_ system: String) async throws -> ErasureDelivery {
            try #require(try await rows().first { $0.system == system })
        }

        /// One round, `seconds` after the deletion.
        @discardableResult
        func round(at seconds: TimeInterval) async -> Int {
            await deliveries.deliverDue(now: deletedAt.addingTimeInterval(seconds))
        }
    }

    /// A deleted account whose deletion wrote deliveries to `urls` (in order).
    static func scene(_ urls: [(String, String)], secret: String = ErasureReceiver.secret, timeout: Duration = .seconds(10)) async throws -> Scene {
        let (store, actor) = try await AccountDeletionCoreTests.store(withUser: uuid)
        let targets = ErasureTargets(targets: urls.map { .init(system: $0.0, url: URL(string: $0.1)!, secret: secret) }, timeout: timeout)
        let deliveries = ErasureDeliveries(outbox: ErasureOutbox(store: store), courier: ErasureCourier(targets: targets))
        let deletedAt = Date()
        let outcome = try await AccountDeletion(store: store, erasures: PendingErasures(store: store), deliveries: deliveries)
            .delete(uuid: uuid, confirmation: uuid, reason: "Asked in the app", by: actor, now: deletedAt)
        guard case .deleted = outcome else { throw TestFailure("not deleted: \(outcome)") }
        return Scene(store: store, deliveries: deliveries, deletedAt: deletedAt, folder: try TemporaryFolder("erasure-receiver"))
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func receiver(_ folder: TemporaryFolder, port: Int = 0, failFirst: Int = 0, delay: Double = 0) async throws -> ErasureReceiver {
        try await ErasureReceiver.started(script: script, log: folder.file("received.jsonl"), port: port, failFirst: failFirst, delay: delay)
    }

    @Test func theDeletionWritesOneDeliveryPerSystemInOrder() async throws {
        let scene = try await Self.scene([("firebase", "http://127.0.0.1:9/a"), ("aws", "http://127.0.0.1:9/b")])
        let rows = try await scene.rows()
        #expect(rows.map(\.system) == ["firebase", "aws"])
        #expect(rows.map(\.position) == [1, 2])
        #expect(rows.allSatisfy { $0.state == .pending && $0.attempts == 0 })
        #expect(Set(rows.map(\.deliveryId)).count == 2)
        #expect(abs(rows[0].giveUpAt.timeIntervalSince(scene.deletedAt) - 7 * 86_400) < 1)
    }

    /// AWS is not called before Firebase answers 2xx; the receiver checks every signature.
    @Test func awsWaitsUntilFirebaseConfirms() async throws {
        let folder = try TemporaryFolder("erasure-receiver")
        let receiver = try await Self.receiver(folder, failFirst: 2)
        let scene = try await Self.scene([("firebase", receiver.url("firebase")), ("aws", receiver.url("aws"))])

        #expect(await scene.round(at: 0) == 1)
        var firebase = try await scene.delivery("firebase"), aws = try await scene.delivery("aws")
        #expect(firebase.attempts == 1 && firebase.lastStatus == 503 && firebase.state == .pending)
        let wait = firebase.nextAttemptAt.timeIntervalSince(try #require(firebase.lastAttemptAt))
        #expect(wait >= 15 && wait <= 30, "the first retry waits 15 to 30 s")
        let waiting = await ErasureProgress(deliveries: try scene.rows()).isWaiting(aws)
        #expect(aws.attempts == 0 && waiting)
        // Not due yet: nothing is sent.
        #expect(await scene.round(at: 10) == 0)
        #expect(await scene.round(at: 3600) == 1)
        await #expect(try scene.delivery("aws").attempts == 0)
        #expect(await scene.round(at: 7200) == 1)
        firebase = try await scene.delivery("firebase"); aws = try await scene.delivery("aws")
        #expect(firebase.state == .done && firebase.attempts == 3 && firebase.lastStatus == 200)
        #expect(aws.attempts == 0, "AWS is due only after Firebase's 2xx was recorded")
        #expect(await scene.round(at: 7200) == 1)
        aws = try await scene.delivery("aws")
        #expect(aws.state == .done && aws.attempts == 1)

        #expect(await receiver.requests(atLeast: 4).map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["503 firebase", "503 firebase", "200 firebase", "200 aws"])
        let accepted = receiver.accepted()
        #expect(accepted.map { $0["system"] } == ["firebase", "aws"])
        #expect(accepted.allSatisfy { $0["account_uuid"] == Self.uuid })
        #expect(accepted.map { $0["delivery_id"] } == [firebase.deliveryId, aws.deliveryId])
        let confirmations = try await scene.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.erasure_confirmed' ORDER BY id")
        }
        #expect(confirmations == ["firebase confirmed (HTTP 200, attempt 3, delivery \(firebase.deliveryId))",
                                  "aws confirmed (HTTP 200, attempt 1, delivery \(aws.deliveryId))"])
        await #expect(ErasureProgress(deliveries: try scene.rows()).allConfirmed)
    }

    @Test func aWrongSecretIsRefusedByTheReceiverAndRetried() async throws {
        let folder = try TemporaryFolder("erasure-receiver")
        let receiver = try await Self.receiver(folder)
        let scene = try await Self.scene([("firebase", receiver.url("firebase"))], secret: "not-the-receivers-secret-at-all")
        #expect(await scene.round(at: 0) == 1)
        let firebase = try await scene.delivery("firebase")
        #expect(firebase.lastStatus == 401 && firebase.state == .pending && firebase.attempts == 1)
        #expect(receiver.accepted().isEmpty)
    }

    /// A refused connection, then a receiver that logs but answers too late:
    /// the repeat carries the same delivery id and the receiver erases once.
    @Test func noAnswerIsRetriedAndARepeatErasesOnce() async throws {
        let folder = try TemporaryFolder("erasure-receiver")
        // A port where nothing listens: a receiver's, stopped.
        let probe = try await Self.receiver(folder)
        let port = probe.port
        probe.stop()
        let url = "http://127.0.0.1:\(port)/erasure/firebase"
        let scene = try await Self.scene([("firebase", url)], timeout: .seconds(1))
        #expect(await scene.round(at: 0) == 1)
        var firebase = try await scene.delivery("firebase")
        #expect(firebase.lastStatus == nil); #expect(firebase.lastError == "connection refused"); #expect(firebase.state == .pending)

        // Now it listens, but answers after 8 s: the console stops waiting at 1 s. (After 3 s
        // was not enough on a machine three times slower: the 1 s timer fired more than 2 s late.)
        let slow = try await Self.receiver(folder, port: port, delay: 8)
        #expect(await scene.round(at: 3600) == 1)
        firebase = try await scene.delivery("firebase")
        #expect(firebase.lastStatus == nil); #expect(firebase.lastError == "no answer within 1 s"); #expect(firebase.attempts == 2)
        #expect(slow.accepted().count == 1, "the receiver erased, but its answer came too late")
        slow.stop()

        let prompt = try await Self.receiver(folder, port: port)
        #expect(await scene.round(at: 7200) == 1)
        firebase = try await scene.delivery("firebase")
        #expect(firebase.state == .done); #expect(firebase.attempts == 3)
        #expect(prompt.requests.first?.hasPrefix("200 firebase \(firebase.deliveryId) 3") == true)
        #expect(prompt.accepted().map { $0["delivery_id"] } == [firebase.deliveryId], "one erasure for one delivery id")
    }

    /// Failing 7 days after the deletion is failing for good; an owner's retry starts it again.
    @Test func failedAfterTheLimitUntilAnOwnerRetries() async throws {
        let folder = try TemporaryFolder("erasure-receiver")
        let receiver = try await Self.receiver(folder, failFirst: 3)
        let scene = try await Self.scene([("firebase", receiver.url("firebase")), ("aws", receiver.url("aws"))])
        let week = 7.0 * 86_400
        #expect(await scene.round(at: 0) == 1)
        #expect(await scene.round(at: week - 61) == 1)
        await #expect(try scene.delivery("firebase").state == .pending, "a failure before the limit is retried")
        #expect(await scene.round(at: week + 1) == 1)
        var firebase = try await scene.delivery("firebase")
        #expect(firebase.state == .failed && firebase.attempts == 3 && firebase.lastStatus == 503)
        #expect(await scene.round(at: week + 86_400) == 0, "nothing is sent: Firebase failed, and AWS waits for it")
        await #expect(try scene.delivery("aws").attempts == 0)
        let failures = try await scene.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.erasure_failed'")
        }
        #expect(failures == ["firebase gave up after 3 attempts (last: HTTP 503, delivery \(firebase.deliveryId))"])

        let owner = try await insertStaff(scene.store, email: "owner@example.com", role: .owner)
        let outbox = scene.deliveries.outbox
        let retriedAt = scene.deletedAt.addingTimeInterval(week + 86_400)
        #expect(try await outbox.retryNow(uuid: Self.uuid, system: "aws", by: owner, now: retriedAt) == .waitingFor("firebase"),
                "AWS cannot go before Firebase")
        #expect(try await outbox.retryNow(uuid: Self.uuid, system: "firebase", by: owner, now: retriedAt) == .retrying)
        firebase = try await scene.delivery("firebase")
        #expect(firebase.state == .pending && firebase.failedAt == nil)
        #expect(abs(firebase.giveUpAt.timeIntervalSince(retriedAt) - week) < 1, "another 7 days from the retry")
        #expect(await scene.round(at: week + 86_400) == 1)
        let aws = try await scene.delivery("aws")
        #expect(abs(aws.giveUpAt.timeIntervalSince(retriedAt) - week) < 1, "AWS's 7 days start when Firebase confirms, not at the deletion")
        #expect(await scene.round(at: week + 86_400) == 1)
        await #expect(try scene.rows().allSatisfy { $0.state == .done })
        #expect(receiver.accepted().map { $0["system"] } == ["firebase", "aws"])
        #expect(try await outbox.retryNow(uuid: Self.uuid, system: "firebase", by: owner) == .alreadyDone(try scene.delivery("firebase").doneAt))
        #expect(try await outbox.retryNow(uuid: Self.uuid, system: "nobody", by: owner) == .notFound)
        #expect(try await scene.store.read { db in
            try String.fetchAll(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.erasure_retried'")
        } == ["firebase retried now (was failed after 3 attempts, delivery \(firebase.deliveryId))"])
    }

    @Test func theRetryWaitDoublesWithJitterUpToAnHour() {
        let schedule = ErasureSchedule()
        #expect(schedule.wait(afterFailedAttempt: 1, jitter: 0) == 15)
        #expect(schedule.wait(afterFailedAttempt: 1, jitter: 0.5) == 30)
        #expect(schedule.wait(afterFailedAttempt: 2, jitter: 0) == 30)
        #expect(schedule.wait(afterFailedAttempt: 4, jitter: 0.25) == 240 * 0.75)
        #expect(schedule.wait(afterFailedAttempt: 8, jitter: 0.5) == 3600)
        #expect(schedule.wait(afterFailedAttempt: 500, jitter: 0) == 1800)
    }

    @Test func theEnvironmentNamesTargetsInOrderWithTheirSecrets() throws {
        let targets = try ErasureTargets.fromEnvironment([
            "STAND_ERASURE_TARGETS": "firebase=https://backend.example/erasure/firebase, aws=http://127.0.0.1:9000/aws",
            "STAND_ERASURE_SECRET": "shared-secret-0123456789",
            "STAND_ERASURE_SECRET_AWS": "aws-own-secret-0123456789",
            "STAND_ERASURE_TIMEOUT": "2.5",
        ])
        #expect(targets.systems == ["firebase", "aws"])
        #expect(targets.target("firebase")?.secret == "shared-secret-0123456789")
        #expect(targets.target("aws")?.secret == "aws-own-secret-0123456789")
        #expect(targets.timeout == .milliseconds(2500))
        #expect(try ErasureTargets.fromEnvironment([:]).isEmpty)
        for (environment, message) in [
            (["STAND_ERASURE_TARGETS": "firebase=https://x.example/f"], "firebase has no secret: set STAND_ERASURE_SECRET (or STAND_ERASURE_SECRET_FIREBASE)."),
            (["STAND_ERASURE_TARGETS": "Firebase=https://x.example/f", "STAND_ERASURE_SECRET": "shared-secret-0123456789"],
             "STAND_ERASURE_TARGETS: “Firebase=https://x.example/f” is not name=URL (names are lowercase letters, digits, - and _)."),
            (["STAND_ERASURE_TARGETS": "aws=ftp://x.example/f", "STAND_ERASURE_SECRET": "shared-secret-0123456789"],
             "STAND_ERASURE_TARGETS: aws's address “ftp://x.example/f” is not an http:// or https:// URL."),
            (["STAND_ERASURE_TARGETS": "aws=http://a.example,aws=http://b.example", "STAND_ERASURE_SECRET": "shared-secret-0123456789"],
             "STAND_ERASURE_TARGETS names aws twice."),
            (["STAND_ERASURE_TARGETS": "aws=http://a.example", "STAND_ERASURE_SECRET": "short"], "aws's secret is shorter than 16 characters."),
            (["STAND_ERASURE_TIMEOUT": "0"], "STAND_ERASURE_TIMEOUT must be a number of seconds from 1.0 to 120.0, not “0”."),
        ] {
            #expect(throws: ErasureTargets.Invalid(description: message)) { try ErasureTargets.fromEnvironment(environment) }
        }
    }

    /// The signature is docs/erasure.md's: HMAC-SHA-256 of "t.body", as hex.
    @Test func theSignatureIsTheDocumentedOne() {
        let body = Array(#"{"a":1}"#.utf8)
        let header = ErasureCourier.signature(body: body, secret: "0123456789abcdef", at: Date(timeIntervalSince1970: 1_795_636_980))
        // python3 -c 'import hmac,hashlib;print(hmac.new(b"0123456789abcdef",b"1795636980.{\"a\":1}",hashlib.sha256).hexdigest())'
        #expect(header == "t=1795636980,v1=" + Self.pythonHMAC)
    }
    static let pythonHMAC = "23876b6acff51408fa811fb118851cda6ed53860d0be03c8fec6794e890d3558"
}
