import Foundation
import GRDB
import StandTestSupport
import Testing
@testable import StandCore

/// Reviewing suggestions through StandCore: rejection of several at once with
/// a reason kept for good, approval inside the transaction that schedules the
/// question, and a suggestion reviewed meanwhile left as it was.
@Suite struct SuggestionReviewCoreTests {
    typealias Fixture = QuestionsCoreFixture
    static let now = Fixture.now
    static func day(_ offset: Int) -> String { Fixture.day(offset) }

    @Test func rejectingMarksThePendingOnesWithTheReasonAndAuditsEach() async throws {
        let fixture = try await Fixture.make()
        let ids = try await [fixture.suggestion("Suggestion number 0?"), fixture.suggestion("Suggestion number 1?"), fixture.suggestion("Suggestion number 2?")]
        // Ids come in any order and repeated (a double tick): each is rejected once.
        let result = try await SuggestionReview(store: fixture.store).reject(ids: [ids[2], ids[0], ids[2]], reason: "  Duplicate of an old question \n",
                                                       by: fixture.editor, now: Self.now)
        #expect(result == SuggestionReview.Rejected(rejected: [ids[0], ids[2]], alreadyReviewed: []))
        #expect(try await fixture.suggestionStatuses() == ["\(ids[0]) rejected - Duplicate of an old question", "\(ids[1]) pending - -",
                                                           "\(ids[2]) rejected - Duplicate of an old question"])
        let rejected = try #require(try await SuggestionReview(store: fixture.store).find(id: ids[0]))
        #expect(rejected.status == .rejected)
        #expect(rejected.reviewedAt == Self.now)
        #expect(rejected.reviewedByEmail == "editor@example.com")
        #expect(rejected.reviewNote == "Duplicate of an old question")
        #expect(try await fixture.auditTrail() == ["suggestion.rejected suggestion \(ids[0]) Duplicate of an old question",
                                                   "suggestion.rejected suggestion \(ids[2]) Duplicate of an old question"])
    }

    /// The tabs' counts, each status once, on both engines.
    @Test func theQueueCountsEachStatus() async throws {
        let fixture = try await Fixture.make()
        let ids = try await [fixture.suggestion("One?"), fixture.suggestion("Two?"), fixture.suggestion("Three?")]
        let review = SuggestionReview(store: fixture.store)
        #expect(try await review.page(status: .pending, after: nil).counts == [.pending: 3, .approved: 0, .rejected: 0])
        _ = try await review.reject(ids: [ids[0], ids[1]], reason: "", by: fixture.editor, now: Self.now)
        #expect(try await review.page(status: .rejected, after: nil).counts == [.pending: 1, .approved: 0, .rejected: 2])
        _ = try await review.reject(ids: [ids[2]], reason: "", by: fixture.editor, now: Self.now)
        #expect(try await review.page(status: .pending, after: nil).counts == [.pending: 0, .approved: 0, .rejected: 3])
    }

    @Test func aRejectionWithoutAReasonKeepsNoNote() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.suggestion("Is this off topic?")
        let result = try await SuggestionReview(store: fixture.store).reject(ids: [id], reason: "   ", by: fixture.editor, now: Self.now)
        #expect(result.rejected == [id])
        #expect(try await fixture.suggestionStatuses() == ["\(id) rejected - -"])
        #expect(try await fixture.auditTrail() == ["suggestion.rejected suggestion \(id) -"])
    }

    @Test func alreadyReviewedSuggestionsAreReportedAndLeftAsTheyWere() async throws {
        let fixture = try await Fixture.make()
        let earlier = try await fixture.suggestion("Rejected before?")
        let approved = try await fixture.suggestion("Approved before?")
        let pending = try await fixture.suggestion("Still pending?")
        let firstReview = Self.now.addingTimeInterval(-3600)
        _ = try await SuggestionReview(store: fixture.store).reject(ids: [earlier], reason: "Too vague", by: fixture.editor, now: firstReview)
        let question = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(2), text: "Approved before?", choices: ["Yes", "No"]),
                                                             fromSuggestion: approved, by: fixture.editor, now: firstReview)
        let result = try await SuggestionReview(store: fixture.store).reject(ids: [earlier, approved, pending, 999], reason: "Second look",
                                                       by: fixture.editor, now: Self.now)
        #expect(result.rejected == [pending])
        #expect(result.alreadyReviewed == [earlier, approved, 999])
        #expect(try await fixture.suggestionStatuses() == ["\(earlier) rejected - Too vague", "\(approved) approved \(question.id!) -",
                                                           "\(pending) rejected - Second look"])
        #expect(try await SuggestionReview(store: fixture.store).find(id: earlier)?.reviewedAt == firstReview)
        #expect(try await fixture.auditCount(.suggestionRejected) == 2)
        #expect(try await fixture.auditCount(.suggestionApproved) == 1)
    }

    @Test(arguments: [
        ("asked by jane@example.com", "Leave out the email address here: this text is kept for good (the audit log is never changed) and must not hold an email address or phone number. The account is already linked."),
        ("call +1 (555) 123-4567 back", "Leave out the phone number here: this text is kept for good (the audit log is never changed) and must not hold an email address or phone number. The account is already linked."),
        ("Too long " + String(repeating: "x", count: 500), "Keep the reason under 500 characters."),
        ("Pasted\u{0}text", "Remove the invisible control character (U+0000) from this field; it may have come with pasted text."),
    ])
    func aReasonThatCannotBeKeptIsRefusedAndNothingChanges(reason: String, message: String) async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.suggestion("Is this kept pending?")
        let errors = try #require(await #expect(throws: ValidationErrors.self) {
            try await SuggestionReview(store: fixture.store).reject(ids: [id], reason: reason, by: fixture.editor, now: Self.now)
        })
        #expect(errors.fields == ["reason"])
        #expect(errors["reason"] == message)
        #expect(try await fixture.suggestionStatuses() == ["\(id) pending - -"])
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func aRejectionNamesAtLeastOneAndAtMostAPage() async throws {
        let fixture = try await Fixture.make()
        let none = try #require(await #expect(throws: ValidationErrors.self) {
            try await SuggestionReview(store: fixture.store).reject(ids: [], reason: "Off topic", by: fixture.editor, now: Self.now)
        })
        #expect(none["ids"] == "Tick at least one suggestion to reject.")
        let many = try #require(await #expect(throws: ValidationErrors.self) {
            try await SuggestionReview(store: fixture.store).reject(ids: Array(1...101), reason: "Off topic", by: fixture.editor, now: Self.now)
        })
        #expect(many["ids"] == "Reject at most 100 suggestions at once.")
        // A hundred is a page: allowed (none of them exist, so none is rejected).
        let page = try await SuggestionReview(store: fixture.store).reject(ids: Array(1...100), reason: "Off topic", by: fixture.editor, now: Self.now)
        #expect(page.rejected.isEmpty && page.alreadyReviewed.count == 100)
        #expect(try await fixture.count("SELECT COUNT(*) FROM audit_events") == 0)
    }

    @Test func approvingSchedulesTheQuestionAndMarksTheSuggestionInOneTransaction() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.suggestion("<img src=x onerror=alert(1)> Is pineapple on pizza fine?")
        let question = try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(1), text: "Is pineapple on pizza fine?", choices: ["Yes", "No"]),
                                                             fromSuggestion: id, by: fixture.editor, now: Self.now)
        let questionId = try #require(question.id)
        #expect(question.suggestionId == id)
        #expect(try await fixture.suggestionStatuses() == ["\(id) approved \(questionId) -"])
        let suggestion = try #require(try await SuggestionReview(store: fixture.store).find(id: id))
        #expect(suggestion.status == .approved)
        #expect(suggestion.reviewedAt == Self.now && suggestion.reviewedByEmail == "editor@example.com")
        #expect(suggestion.questionRunsOn == Self.day(1))
        #expect(try await fixture.count("SELECT suggestion_id FROM daily_questions WHERE id = ?", [questionId]) == Int(id))
        #expect(try await fixture.auditTrail() == ["question.scheduled question \(questionId) \(Self.day(1))",
                                                   "suggestion.approved suggestion \(id) question #\(questionId) on \(Self.day(1))"])
        // Unscheduling the question keeps the approval; the link goes with the question.
        _ = try await QuestionScheduling(store: fixture.store).unschedule(id: questionId, version: 1, by: fixture.editor, now: Self.now)
        #expect(try await fixture.suggestionStatuses() == ["\(id) approved - -"])
    }

    @Test func anApprovalThatIsRefusedWritesNothing() async throws {
        let fixture = try await Fixture.make()
        let id = try await fixture.suggestion("Is pineapple on pizza fine?")
        // The question's own rules.
        let incomplete = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(1), text: "Is pineapple on pizza fine?", choices: ["Yes"]),
                                                  fromSuggestion: id, by: fixture.editor, now: Self.now)
        })
        #expect(incomplete.errors.fields == ["choices"])
        #expect(try await fixture.suggestionStatuses() == ["\(id) pending - -"])
        // Reviewed by someone else meanwhile: the question inserted before that check is rolled back.
        _ = try await SuggestionReview(store: fixture.store).reject(ids: [id], reason: "Off topic", by: fixture.editor, now: Self.now)
        let reviewed = try #require(await #expect(throws: QuestionScheduling.Rejection.self) {
            try await QuestionScheduling(store: fixture.store).schedule(QuestionDraft(runsOn: Self.day(1), text: "Is pineapple on pizza fine?", choices: ["Yes", "No"]),
                                                  fromSuggestion: id, by: fixture.editor, now: Self.now)
        })
        #expect(reviewed.errors["suggestion"] == "Suggestion #\(id) was reviewed by someone else meanwhile; nothing was scheduled.")
        #expect(reviewed.taken == nil)
        #expect(try await fixture.suggestionStatuses() == ["\(id) rejected - Off topic"])
        #expect(try await fixture.count("SELECT COUNT(*) FROM daily_questions") == 0)
        #expect(try await fixture.count("SELECT COUNT(*) FROM question_choices") == 0)
        #expect(try await fixture.auditCount(.questionScheduled) == 0)
        #expect(try await fixture.auditCount(.suggestionApproved) == 0)
    }
}
