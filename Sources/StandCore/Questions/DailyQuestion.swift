import Foundation

/// The one question of a UTC day.
public struct DailyQuestion: Codable, Sendable, Identifiable, StoreRecord {
    public var id: Int64?
    public var text: String
    /// `YYYY-MM-DD`, UTC.
    public var runsOn: String
    public var scheduledBy: Int64?
    public var suggestionId: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var version: Int

    enum CodingKeys: String, CodingKey {
        case id, text, version
        case runsOn = "runs_on"
        case scheduledBy = "scheduled_by"
        case suggestionId = "suggestion_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(id: Int64?, text: String, runsOn: String, scheduledBy: Int64?, suggestionId: Int64?, createdAt: Date, updatedAt: Date, version: Int) {
        self.id = id
        self.text = text
        self.runsOn = runsOn
        self.scheduledBy = scheduledBy
        self.suggestionId = suggestionId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    public init(row: StoreRow) throws {
        id = row["id"]
        text = row["text"]
        runsOn = row["runs_on"]
        scheduledBy = row["scheduled_by"]
        suggestionId = row["suggestion_id"]
        createdAt = row.timestamp("created_at") ?? .distantPast
        updatedAt = row.timestamp("updated_at") ?? .distantPast
        version = row["version"]
    }

    /// Insert the row and take the id the store gave it.
    mutating func insert(_ db: StoreDatabase) throws {
        id = try Int64.fetchOne(db.cachedStatement(sql: """
            INSERT INTO daily_questions (text, runs_on, scheduled_by, suggestion_id, created_at, updated_at, version)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
            """), arguments: [text, runsOn, scheduledBy, suggestionId, createdAt, updatedAt, version])
    }
}

/// One answer choice; `answerCount` is kept by triggers on `answers`.
public struct QuestionChoice: Codable, Sendable, StoreRecord {
    public var questionId: Int64
    public var position: Int
    public var text: String
    public var answerCount: Int

    enum CodingKeys: String, CodingKey {
        case position, text
        case questionId = "question_id"
        case answerCount = "answer_count"
    }

    public init(row: StoreRow) throws {
        questionId = row["question_id"]
        position = row["position"]
        text = row["text"]
        answerCount = row["answer_count"]
    }

    public init(questionId: Int64, position: Int, text: String, answerCount: Int) {
        self.questionId = questionId
        self.position = position
        self.text = text
        self.answerCount = answerCount
    }
}
