import GRDB

/// 005: answers per hour, kept by triggers like `question_choices.answer_count`.
///
/// A question's results page draws its UTC day hour by hour. Grouping a
/// million answers per view is the slow path; this table holds one row per
/// question and hour that had answers, and every writer of `answers` (the app,
/// imports, this console) keeps it right through the triggers. `hour` is the
/// first 13 characters of `answered_at` (`YYYY-MM-DD HH`), so a late answer
/// lands in its own hour rather than being folded into the question's day.
enum Migration005 {
    static func apply(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE question_hourly_answers (
                question_id INTEGER NOT NULL REFERENCES daily_questions(id) ON DELETE CASCADE,
                hour TEXT NOT NULL CHECK (length(hour) = 13),
                answer_count INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (question_id, hour)
            ) WITHOUT ROWID;
            INSERT INTO question_hourly_answers (question_id, hour, answer_count)
                SELECT question_id, substr(answered_at, 1, 13), COUNT(*) FROM answers
                GROUP BY question_id, substr(answered_at, 1, 13);
            CREATE TRIGGER answers_hourly_insert AFTER INSERT ON answers BEGIN
                INSERT INTO question_hourly_answers (question_id, hour, answer_count)
                VALUES (NEW.question_id, substr(NEW.answered_at, 1, 13), 1)
                ON CONFLICT (question_id, hour) DO UPDATE SET answer_count = answer_count + 1;
            END;
            CREATE TRIGGER answers_hourly_delete AFTER DELETE ON answers BEGIN
                UPDATE question_hourly_answers SET answer_count = answer_count - 1
                WHERE question_id = OLD.question_id AND hour = substr(OLD.answered_at, 1, 13);
            END;
            CREATE TRIGGER answers_hourly_update AFTER UPDATE OF question_id, answered_at ON answers BEGIN
                UPDATE question_hourly_answers SET answer_count = answer_count - 1
                WHERE question_id = OLD.question_id AND hour = substr(OLD.answered_at, 1, 13);
                INSERT INTO question_hourly_answers (question_id, hour, answer_count)
                VALUES (NEW.question_id, substr(NEW.answered_at, 1, 13), 1)
                ON CONFLICT (question_id, hour) DO UPDATE SET answer_count = answer_count + 1;
            END;
            """)
    }
}
