import CSV
import Foundation

/// Scheduling many questions from a CSV file: `date,text,choice1,choice2,choice3,choice4`,
/// header optional, UTF-8, quoted fields as RFC 4180 has them (read by CSV.swift,
/// not by hand). A preview lists every row with its problems; applying writes
/// every row in one transaction, only when no row has one, checked again inside
/// that transaction.
public struct QuestionImport: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public static let maximumBytes = 1_048_576
    public static let maximumRows = 1_000

    /// One data row of the file, as typed, with what is wrong with it.
    public struct Row: Sendable, Equatable {
        /// The record's number in the file, counting a header (records can span lines).
        public let number: Int
        public let draft: QuestionDraft
        public let problems: [String]

        public init(number: Int, draft: QuestionDraft, problems: [String]) {
            self.number = number
            self.draft = draft
            self.problems = problems
        }
    }

    /// Also the failure of reading a file: then `fileProblem` says why.
    public struct Preview: Error, Sendable, Equatable {
        public let rows: [Row]
        /// Why the file as a whole cannot be read (too large, not UTF-8, no rows).
        public let fileProblem: String?

        public init(rows: [Row], fileProblem: String?) {
            self.rows = rows
            self.fileProblem = fileProblem
        }

        public var problemCount: Int { rows.reduce(0) { $0 + ($1.problems.isEmpty ? 0 : 1) } }
        public var canApply: Bool { fileProblem == nil && !rows.isEmpty && problemCount == 0 }

        static func refused(_ problem: String) -> Preview { Preview(rows: [], fileProblem: problem) }
    }

    public enum Outcome: Sendable {
        case applied([DailyQuestion])
        /// Nothing was written: the file has problems now (perhaps a day was taken since the preview).
        case refused(Preview)
    }

    /// The file's bytes as text: UTF-8 only (a BOM is dropped), within the size limit.
    public static func text(of bytes: [UInt8]) -> Result<String, Preview> {
        if bytes.count > maximumBytes {
            return .failure(.refused("The file is \(megabytes(bytes.count)); the limit is 1 MB. Split it into smaller files."))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(.refused("The file is not UTF-8 text. Save it from your spreadsheet as “CSV UTF-8” and upload it again."))
        }
        return .success(text)
    }

    /// A row as far as it can be checked without the store: everything but
    /// whether its day is taken, which only the store knows.
    struct CheckedRow: Sendable {
        let number: Int
        let draft: QuestionDraft
        /// Trimmed, as the store is asked about it.
        let day: String
        /// The problems found before the store's (its fields, its values).
        let problems: [String]
        /// The earlier row with the same day, if any.
        let repeatsRow: Int?
        /// The question to schedule, when the row has no problem of its own.
        let valid: QuestionDraft.Valid?
    }

    /// Read and check every row without the store: what `apply` does before
    /// it takes the write lock (parsing and checking 1,000 rows took longer
    /// than writing them).
    static func check(_ csv: String, today: String) -> Result<[CheckedRow], Preview> {
        let records: [(number: Int, fields: [String])]
        switch self.records(csv) {
        case .success(let read): records = read
        case .failure(let refused): return .failure(refused)
        }
        var firstRowOfDay: [String: Int] = [:]
        return .success(records.map { record in
            let fields = record.fields
            let draft = QuestionDraft(runsOn: fields.first ?? "", text: fields.count > 1 ? fields[1] : "",
                                      choices: Array(fields.dropFirst(2).prefix(4)))
            var problems: [String] = []
            if fields.count > 6 { problems.append("It has \(fields.count) fields; a row has a date, the question and at most four choices.") }
            var valid: QuestionDraft.Valid?
            do {
                valid = try draft.validated(today: today)
            } catch let errors as ValidationErrors {
                problems += errors.fields.compactMap { errors[$0] }
            } catch {
                problems.append("This row could not be read.")
            }
            let day = fields.first?.trimmingCharacters(in: .whitespaces) ?? ""
            var repeatsRow: Int?
            if UTCDate.parseDay(day) != nil {
                if let first = firstRowOfDay[day] { repeatsRow = first } else { firstRowOfDay[day] = record.number }
            }
            return CheckedRow(number: record.number, draft: draft, day: day, problems: problems, repeatsRow: repeatsRow,
                              valid: problems.isEmpty && repeatsRow == nil ? valid : nil)
        })
    }

    /// Every row with every problem the store and the file show.
    public static func preview(_ db: StoreDatabase, csv: String, today: String) throws -> Preview {
        switch check(csv, today: today) {
        case .success(let rows): try preview(db, checked: rows)
        case .failure(let refused): refused
        }
    }

    /// The checked rows with the store's problem added: a day already taken
    /// (asked with `takenDays` when it was prepared for `askedDays(rows)`).
    static func preview(_ db: StoreDatabase, checked rows: [CheckedRow],
                        takenDays prepared: (statement: StoreStatement, arguments: StoreArguments)? = nil) throws -> Preview {
        let taken = try takenDays(prepared ?? {
            let days = askedDays(rows)
            return (try takenDaysStatement(db, count: days.count), StoreArguments(days))
        }())
        return Preview(rows: rows.map { row in
            var problems = row.problems
            if let holder = taken[row.day] {
                problems.append("\(row.day) already has question #\(holder.id): “\(holder.text)”.")
            }
            if let first = row.repeatsRow {
                problems.append("\(row.day) is also on row \(first); one question per day.")
            }
            return Row(number: row.number, draft: row.draft, problems: problems)
        }, fileProblem: nil)
    }

    public func preview(csv: String, now: Date = Date()) async throws -> Preview {
        try await store.read { db in try Self.preview(db, csv: csv, today: UTCDate.day(now)) }
    }

    /// Schedule every row, or none: the preview is made again inside the write
    /// transaction, so a day taken since the preview refuses the whole file.
    public func apply(csv: String, by actor: AuditActor, now: Date = Date()) async throws -> Outcome {
        // The file is read and checked before the write lock is taken; only the taken days are asked inside.
        let checked: [CheckedRow]
        switch Self.check(csv, today: UTCDate.day(now)) {
        case .success(let rows): checked = rows
        case .failure(let refused): return .refused(refused)
        }
        let questions = checked.compactMap(\.valid)
        // A row with a problem of its own refuses the file below, whatever the store says: nothing to prepare.
        let complete = questions.count == checked.count
        return try await store.write(preparing: { db in
            try complete ? PreparedSchedule(db, questions, days: Self.askedDays(checked), by: actor, now: now) : nil
        }) { db, prepared in
            let preview = try Self.preview(db, checked: checked, takenDays: prepared?.takenDays)
            guard preview.canApply, let prepared else { return .refused(preview) }
            return .applied(try prepared.schedule(db))
        }
    }

    /// The file's statements and values, made before the write lock is taken:
    /// the app's backend waits on that lock. What is left under it is the
    /// taken days' SELECT and three INSERTs (questions, their choices, their
    /// audit events: three statements rather than three per row; 1,000 rows
    /// as 6,000 single inserts took 118 ms in `sqlite3`), with the ids the
    /// questions got set into the other two's values.
    struct PreparedSchedule {
        let questions: [QuestionDraft.Valid]
        let actor: AuditActor
        let now: Date
        let takenDays: (statement: StoreStatement, arguments: StoreArguments)
        let insertQuestions: StoreStatement
        let questionValues: StoreArguments
        let insertChoices: StoreStatement
        /// Every choice's values, with its question's id left null until the questions have ids.
        let choiceValues: StoreArguments
        let events: AuditLog.Batch

        init(_ db: StoreDatabase, _ questions: [QuestionDraft.Valid], days: [String], by actor: AuditActor, now: Date) throws {
            self.questions = questions
            self.actor = actor
            self.now = now
            takenDays = (try QuestionImport.takenDaysStatement(db, count: days.count), StoreArguments(days))
            var questionValues = StoreArguments()
            for valid in questions { questionValues += [valid.text, valid.runsOn, actor.staffId, now, now] }
            self.questionValues = questionValues
            // RETURNING's order is the engine's: each id is matched to its day, which is unique.
            insertQuestions = try db.makeStatement(sql: """
                INSERT INTO daily_questions (text, runs_on, scheduled_by, created_at, updated_at, version)
                VALUES \(StoreArguments.rows(questions.count, "(?, ?, ?, ?, ?, 1)")) RETURNING id, runs_on
                """)
            var choiceValues = StoreArguments()
            for valid in questions {
                for (position, text) in valid.choices.enumerated() { choiceValues += [nil, position, text] }
            }
            self.choiceValues = choiceValues
            insertChoices = try db.makeStatement(sql: """
                INSERT INTO question_choices (question_id, position, text)
                VALUES \(StoreArguments.rows(questions.reduce(0) { $0 + $1.choices.count }, "(?, ?, ?)"))
                """)
            events = try AuditLog.Batch(db, .questionScheduled, by: actor, targetType: AuditTarget.question,
                                        details: questions.map { $0.runsOn + " (CSV upload)" }, at: now)
        }

        /// Inside the write transaction, once the preview found nothing wrong.
        func schedule(_ db: StoreDatabase) throws -> [DailyQuestion] {
            var ids: [String: Int64] = [:]
            for row in try StoreRow.fetchAll(insertQuestions, arguments: questionValues) {
                ids[row[1]] = row[0]
            }
            // Each day is unique, so each row's id is found below.
            guard ids.count == questions.count else { throw StoreDatabaseError.noRowReturned }
            var choiceValues = choiceValues
            var idPosition = 0
            for valid in questions {
                for _ in valid.choices {
                    choiceValues.values[idPosition] = .integer(ids[valid.runsOn]!)
                    idPosition += 3
                }
            }
            try insertChoices.execute(arguments: choiceValues)
            try events.record(targetIds: questions.map { String(ids[$0.runsOn]!) })
            return questions.map { valid in
                DailyQuestion(id: ids[valid.runsOn], text: valid.text, runsOn: valid.runsOn, scheduledBy: actor.staffId,
                              suggestionId: nil, createdAt: now, updatedAt: now, version: 1)
            }
        }
    }

    /// The file's data records, numbered, without a header and blank lines.
    static func records(_ csv: String) -> Result<[(number: Int, fields: [String])], Preview> {
        guard let reader = try? CSVReader(string: csv) else { return .failure(.refused("The file could not be read as CSV.")) }
        var records: [(number: Int, fields: [String])] = []
        var number = 0
        while let fields = reader.next() {
            number += 1
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }) { continue }
            if number == 1, fields.first?.trimmingCharacters(in: .whitespaces).lowercased() == "date" { continue }
            records.append((number, fields))
            if records.count > maximumRows {
                return .failure(.refused("The file has more than 1,000 rows; upload at most 1,000 at a time."))
            }
        }
        if reader.error != nil { return .failure(.refused("The file could not be read as CSV.")) }
        if records.isEmpty { return .failure(.refused("The file has no rows to schedule.")) }
        return .success(records)
    }

    /// The days the store is asked about: each real date in the file, once.
    static func askedDays(_ rows: [CheckedRow]) -> [String] {
        Array(Set(rows.map(\.day).filter { UTCDate.parseDay($0) != nil }))
    }

    static func takenDaysStatement(_ db: StoreDatabase, count: Int) throws -> StoreStatement {
        // `IN (NULL)` for a file without a real date: no day is taken.
        try db.makeStatement(sql: "SELECT runs_on, id, text FROM daily_questions WHERE runs_on IN (\(count == 0 ? "NULL" : StoreArguments.placeholders(count)))")
    }

    private static func takenDays(_ query: (statement: StoreStatement, arguments: StoreArguments)) throws -> [String: (id: Int64, text: String)] {
        var taken: [String: (id: Int64, text: String)] = [:]
        for row in try StoreRow.fetchAll(query.statement, arguments: query.arguments) {
            taken[row[0]] = (row[1], row[2])
        }
        return taken
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}
