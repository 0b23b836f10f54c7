import Foundation

/// Scheduling, editing, moving and unscheduling daily questions. Every change
/// runs in one write transaction with its audit event; every rule that needs
/// the store (a taken day, a question that has started, an edit made
/// meanwhile) is checked inside that transaction.
public struct QuestionScheduling: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// The day asked for already has a question.
    public struct TakenDay: Sendable, Equatable {
        public let day: String
        public let questionId: Int64
        public let questionText: String
        /// The first day from the one asked for (or today) with no question.
        public let nextFreeDay: String

        public init(day: String, questionId: Int64, questionText: String, nextFreeDay: String) {
            self.day = day
            self.questionId = questionId
            self.questionText = questionText
            self.nextFreeDay = nextFreeDay
        }
    }

    /// A form that was not saved: every mistake, and what holds the day when
    /// the day was taken. Nothing was written.
    public struct Rejection: Refusal, Equatable {
        public let errors: ValidationErrors
        public let taken: TakenDay?
    }

    public enum Outcome: Sendable {
        case saved(DailyQuestion, changes: [String])
        /// Someone else saved this question since the form was opened: nothing was written.
        case conflict(current: QuestionResults)
        /// Its day has begun (or answers exist): it can no longer change.
        case started(DailyQuestion)
        case notFound
    }

    /// Schedule a new question. `suggestionId`, when given, names the pending
    /// suggestion it came from; it is marked approved in the same transaction.
    public func schedule(
        _ draft: QuestionDraft, fromSuggestion suggestionId: Int64? = nil, by actor: AuditActor, now: Date = Date()
    ) async throws -> DailyQuestion {
        try await store.write { db in
            let valid = try Self.check(db, draft, excluding: nil, now: now)
            var question = DailyQuestion(id: nil, text: valid.text, runsOn: valid.runsOn, scheduledBy: actor.staffId,
                                         suggestionId: suggestionId, createdAt: now, updatedAt: now, version: 1)
            try question.insert(db)
            try Self.insertChoices(db, valid.choices, questionId: question.id!)
            try AuditLog.record(db, .questionScheduled, by: actor, target: (AuditTarget.question, String(question.id!)),
                                detail: valid.runsOn, at: now)
            if let suggestionId {
                try SuggestionReview.markApproved(db, suggestionId, question: question, by: actor, at: now)
            }
            return question
        }
    }

    /// Save an edit of a future question, made on the form opened at `version`.
    public func update(
        id: Int64, version: Int, _ draft: QuestionDraft, by actor: AuditActor, now: Date = Date()
    ) async throws -> Outcome {
        try await store.write { db in
            guard let current = try QuestionResults.fetch(db, id: id) else { return .notFound }
            if try Self.hasStarted(db, current.question, now: now) { return .started(current.question) }
            if current.question.version != version { return .conflict(current: current) }
            let valid = try Self.check(db, draft, excluding: id, now: now)
            var changes: [String] = []
            if valid.runsOn != current.question.runsOn { changes.append("moved from \(current.question.runsOn)") }
            if valid.text != current.question.text { changes.append("changed text") }
            if valid.choices != current.choices.map(\.text) { changes.append("changed choices") }
            guard !changes.isEmpty else { return .saved(current.question, changes: []) }
            var question = current.question
            question.text = valid.text
            question.runsOn = valid.runsOn
            question.updatedAt = now
            question.version += 1
            try db.execute(sql: "UPDATE daily_questions SET text = ?, runs_on = ?, updated_at = ?, version = ? WHERE id = ?",
                           arguments: [question.text, question.runsOn, now, question.version, id])
            try db.execute(sql: "DELETE FROM question_choices WHERE question_id = ?", arguments: [id])
            try Self.insertChoices(db, valid.choices, questionId: id)
            try AuditLog.record(db, .questionUpdated, by: actor, target: (AuditTarget.question, String(id)),
                                detail: valid.runsOn + ": " + changes.joined(separator: ", "), at: now)
            return .saved(question, changes: changes)
        }
    }

    /// Take a future question off the calendar (its day becomes empty).
    public func unschedule(
        id: Int64, version: Int, by actor: AuditActor, now: Date = Date()
    ) async throws -> Outcome {
        try await store.write { db in
            guard let current = try QuestionResults.fetch(db, id: id) else { return .notFound }
            if try Self.hasStarted(db, current.question, now: now) { return .started(current.question) }
            if current.question.version != version { return .conflict(current: current) }
            // Choices and hourly tallies go with it (ON DELETE CASCADE); a suggestion keeps its approval.
            try db.execute(sql: "DELETE FROM daily_questions WHERE id = ?", arguments: [id])
            try AuditLog.record(db, .questionUnscheduled, by: actor, target: (AuditTarget.question, String(id)),
                                detail: current.question.runsOn + ": " + current.question.text, at: now)
            return .saved(current.question, changes: ["unscheduled"])
        }
    }

    /// A question whose UTC day has begun, or that somehow has answers, is fixed:
    /// changing it would change what people already answered.
    static func hasStarted(_ db: StoreDatabase, _ question: DailyQuestion, now: Date) throws -> Bool {
        if question.runsOn <= UTCDate.day(now) { return true }
        return try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM answers WHERE question_id = ?)"),
                                 arguments: [question.id]) ?? false
    }

    /// The draft's own rules and the store's (the day free, except for the
    /// question being edited), all reported together.
    static func check(_ db: StoreDatabase, _ draft: QuestionDraft, excluding id: Int64?, now: Date) throws -> QuestionDraft.Valid {
        let today = UTCDate.day(now)
        var errors = ValidationErrors()
        var valid: QuestionDraft.Valid?
        do {
            valid = try draft.validated(today: today)
        } catch let problems as ValidationErrors {
            errors = problems
        }
        var taken: TakenDay?
        let day = draft.runsOn.trimmingCharacters(in: .whitespaces)
        if errors["runsOn"] == nil, let holder = try question(db, on: day, excluding: id) {
            taken = TakenDay(day: day, questionId: holder.id!, questionText: holder.text, nextFreeDay: try nextFreeDay(db, from: day, today: today, excluding: id))
            // The day's message goes first, where the form shows the day.
            var ordered = ValidationErrors("runsOn", "\(day) already has question #\(holder.id!): “\(holder.text)”.")
            for field in errors.fields { ordered.add(field, errors[field]!) }
            errors = ordered
        }
        if !errors.isEmpty { throw Rejection(errors: errors, taken: taken) }
        return valid!
    }

    static func question(_ db: StoreDatabase, on day: String, excluding id: Int64?) throws -> DailyQuestion? {
        try DailyQuestion.fetchOne(db.cachedStatement(sql: "SELECT * FROM daily_questions WHERE runs_on = ? AND id IS DISTINCT FROM ?"),
                                   arguments: [day, id])
    }

    /// The first day on or after `day` (and not before today) with no question,
    /// counting the day of the question being edited as free.
    public static func nextFreeDay(_ db: StoreDatabase, from day: String, today: String, excluding id: Int64? = nil) throws -> String {
        var candidate = max(day, today)
        // The taken days ahead a page at a time, up to the first gap: usually
        // within days. A cursor over every question ahead handed PostgreSQL's
        // first batch of 2,000 rows to each view of the form (31 ms at p99
        // with 16,000 questions scheduled ahead in the bench's store).
        let page = try db.cachedStatement(sql: """
            SELECT runs_on FROM daily_questions WHERE runs_on >= ? AND id IS DISTINCT FROM ? ORDER BY runs_on LIMIT \(freeDayPage)
            """)
        while true {
            let taken = try String.fetchAll(page, arguments: [candidate, id])
            for runsOn in taken {
                guard runsOn == candidate else { return candidate }
                candidate = UTCDate.dayAfter(candidate)
            }
            if taken.count < freeDayPage { return candidate }
        }
    }

    /// Taken days read at a time by `nextFreeDay`: a month, more than most runs.
    static let freeDayPage = 32

    public func nextFreeDay(from day: String, now: Date = Date()) async throws -> String {
        try await store.read { db in try Self.nextFreeDay(db, from: day, today: UTCDate.day(now)) }
    }

    static func insertChoices(_ db: StoreDatabase, _ choices: [String], questionId: Int64) throws {
        // Prepared once per connection: a CSV of 1,000 questions inserts 4,000 choices under the write lock.
        let insert = try db.cachedStatement(sql: "INSERT INTO question_choices (question_id, position, text) VALUES (?, ?, ?)")
        for (position, text) in choices.enumerated() {
            try insert.execute(arguments: [questionId, position, text])
        }
    }
}

extension QuestionScheduling {
    public func results(id: Int64) async throws -> QuestionResults? {
        try await store.read { db in try QuestionResults.fetch(db, id: id) }
    }

    public func calendar(month: CalendarMonth, now: Date = Date()) async throws -> QuestionCalendar {
        let today = UTCDate.day(now)
        let window = (0..<QuestionCalendar.farWindow).map { UTCDate.day(UTCDate.adding(days: $0, to: now)) }
        let days = month.days
        return try await store.read { db in
            let questions = try QuestionCalendar.questions(db, from: days.first!, through: days.last!)
            let empty = try QuestionCalendar.emptyDays(db, in: window)
            return QuestionCalendar(
                month: month, today: today, questions: questions,
                emptyInNext14: empty.filter { $0 < window[QuestionCalendar.nearWindow] }.count, emptyInNext60: empty.count,
                firstEmptyDay: empty.first)
        }
    }
}
