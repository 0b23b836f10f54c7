import Foundation
import Logging
import StandTestSupport
import Testing
@testable import StandCore

/// A deletion in steps (migration 026): begun, the answers detached a batch at
/// a time, then the rest at once; one left underway is finished by the
/// background loop.
@Suite struct DeletionStepsTests {
    static let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"

    /// `count` questions, each answered by the account.
    static func answers(_ count: Int, in store: StandStore) async throws -> Int64 {
        try await store.write { db in
            let userId: Int64 = try StoreRow.fetchOne(db, sql: "SELECT id FROM users WHERE uuid = ?", arguments: [uuid])!["id"]
            let days = ISO8601DateFormatter()
            days.formatOptions = [.withFullDate]
            for day in 0..<count {
                let runsOn = days.string(from: Date(timeIntervalSince1970: 1_600_000_000 + Double(day) * 86_400))
                let question = try db.insertReturningId(sql: """
                    INSERT INTO daily_questions (text, runs_on, created_at, updated_at) VALUES ('Cats or dogs?', ?, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000')
                    """, arguments: [runsOn])
                try db.execute(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, 0, 'Cats'), (?, 1, 'Dogs')", arguments: [question, question])
                try db.execute(sql: "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, ?, ?, '2026-11-20 09:00:00.000')",
                               arguments: [question, userId, day % 2])
            }
            return userId
        }
    }

    static func count(_ store: StandStore, _ sql: String, _ arguments: StoreArguments = []) async throws -> Int {
        try await store.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? -1 }
    }

    @Test func theAnswersAreDetachedInStepsAndEachIsCountedOnce() async throws {
        let (store, actor) = try await AccountDeletionCoreTests.store(withUser: Self.uuid)
        let userId = try await Self.answers(600, in: store)
        let deletion = AccountDeletion(store: store, erasures: PendingErasures(store: store))
        // Begun by a console that then stopped after one step.
        let (detached, anyLeft) = try await store.write { db in
            try DeletionsUnderway.begin(db, userId: userId, staffId: actor.staffId!, reason: "Asked first", now: Date())
            return try DeletionsUnderway.detachAnswers(db, userId: userId)
        }
        #expect(detached == DeletionsUnderway.answersPerStep)
        #expect(anyLeft)
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM answers WHERE user_id = ?", [userId]) == 600 - detached)
        // The confirmation page still counts every answer the deletion detaches.
        #expect(try await deletion.preview(uuid: Self.uuid)?.answers == 600)
        // What the app asks before it signs the account in or takes its answer (docs/store.md).
        #expect(try await Self.count(store, "SELECT CASE WHEN EXISTS (SELECT 1 FROM deletions_underway WHERE user_id = ?) THEN 1 ELSE 0 END", [userId]) == 1)

        let outcome = try await deletion.delete(uuid: Self.uuid, confirmation: Self.uuid, reason: "Asked again", by: actor)
        guard case .deleted(let tombstone, let preview) = outcome else { Issue.record("\(outcome)"); return }
        #expect(preview.answers == 600)
        #expect(tombstone.reason == "Asked first")
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM answers WHERE user_id IS NULL") == 600)
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM deletions_underway") == 0)
        #expect(try await Self.count(store, "SELECT answers_detached FROM deleted_accounts WHERE uuid = ?", [Self.uuid]) == 600)
        let detail = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT detail FROM audit_events WHERE action = 'user.deleted' AND target_id = ?", arguments: [Self.uuid])
        }
        #expect(detail?.hasPrefix("answers detached: 600,") == true)
        // Every question's results are as they were: detaching moves no count.
        #expect(try await Self.count(store, "SELECT SUM(answer_count) FROM question_choices") == 600)
    }

    /// A step says whether answers are left: an account with two steps' worth
    /// takes two steps, not a third that detaches nothing.
    @Test func theStepThatDetachesTheLastAnswersSaysNoneIsLeft() async throws {
        let (store, _) = try await AccountDeletionCoreTests.store(withUser: Self.uuid)
        let userId = try await Self.answers(2 * DeletionsUnderway.answersPerStep, in: store)
        let first = try await store.write { db in try DeletionsUnderway.detachAnswers(db, userId: userId) }
        let second = try await store.write { db in try DeletionsUnderway.detachAnswers(db, userId: userId) }
        #expect(first.detached == DeletionsUnderway.answersPerStep && first.anyLeft)
        #expect(second.detached == DeletionsUnderway.answersPerStep && !second.anyLeft)
    }

    /// The last transaction fails (another program's constraint): the deletion
    /// is underway, not half done; once it can, the background finishes it.
    @Test func aLastStepThatFailsLeavesTheDeletionUnderwayUntilTheBackgroundFinishesIt() async throws {
        let (store, actor) = try await AccountDeletionCoreTests.store(withUser: Self.uuid)
        let userId = try await Self.answers(300, in: store)
        try await store.write { db in
            try db.execute(sql: TestSQL.refuseInserts(into: "deleted_accounts", name: "refuse_tombstones", message: "refused"))
        }
        let deletion = AccountDeletion(store: store, erasures: PendingErasures(store: store), underwayCheck: .seconds(3600))
        let outcome = try await deletion.delete(uuid: Self.uuid, confirmation: Self.uuid, reason: "Asked", by: actor)
        #expect(outcome == .underway)
        // The steps before the last are done; the last changed nothing.
        #expect(try await Self.count(store, "SELECT answers_detached FROM deletions_underway WHERE user_id = ?", [userId]) == 300)
        try await store.read { db throws in
            #expect(try UserAccount.find(db, uuid: Self.uuid) != nil)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sweepstakes_entries") == 1)
            #expect(try String.fetchOne(db, sql: "SELECT status FROM deletion_requests") == "pending")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT value FROM counters WHERE name = 'users'") == 1)
        }

        try await store.write { db in try db.execute(sql: TestSQL.dropRefusal(on: "deleted_accounts", name: "refuse_tombstones")) }
        // What the background loop runs (woken by the request that could not finish).
        #expect(try await deletion.finishUnderway() == 1)
        let tombstone = try #require(try await deletion.tombstone(uuid: Self.uuid))
        #expect(tombstone.reason == "Asked")
        #expect(tombstone.deletedBy == actor.staffId)
        let event = try await store.read { db in
            try StoreRow.fetchOne(db, sql: "SELECT staff_email, detail FROM audit_events WHERE action = 'user.deleted'")
                .map { (by: $0["staff_email"] as String?, detail: $0["detail"] as String?) }
        }
        #expect(event?.by == "stand-admin")
        #expect(event?.detail?.hasPrefix("answers detached: 300,") == true)
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM deletions_underway") == 0)
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM audit_events WHERE action = 'user.deleted'") == 1)
    }

    /// A console stopped after the first step: the next one's loop finishes it at start-up.
    @Test func aDeletionLeftUnderwayIsFinishedWhenAConsoleStarts() async throws {
        let (store, actor) = try await AccountDeletionCoreTests.store(withUser: Self.uuid)
        let userId = try await Self.answers(40, in: store)
        try await store.write { db in
            try DeletionsUnderway.begin(db, userId: userId, staffId: actor.staffId!, reason: "Asked", now: Date())
        }
        let deletion = AccountDeletion(store: store, erasures: PendingErasures(store: store), underwayCheck: .seconds(3600))
        let loop = Task { await deletion.finishUnderwayUntilCancelled(logger: Logger(label: "test")) }
        defer { loop.cancel() }
        try await pollUntil(timeout: .seconds(120)) { try await deletion.tombstone(uuid: Self.uuid) != nil }
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM answers WHERE user_id IS NULL") == 40)
        #expect(try await Self.count(store, "SELECT COUNT(*) FROM users WHERE uuid = ?", [Self.uuid]) == 0)
    }
}
