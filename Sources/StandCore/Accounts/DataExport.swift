import Foundation
import ZIPFoundation

/// A person's data, for their request (GDPR articles 15 and 20; support,
/// owners): a ZIP with one JSON file per kind and a README saying what each
/// holds. Each file is written from a cursor to disk as it is read, and the
/// ZIP is built from those files in pieces, so a person with 100,000 answers
/// never sits in memory. Recorded as an audit event that says what was
/// exported (counts), never the data.
public struct DataExport: Sendable {
    let store: StandStore
    /// Where exports are built; emptied at start-up (a crash mid-export leaves nothing behind for long).
    let folder: URL

    public init(store: StandStore) {
        self.store = store
        folder = URL(fileURLWithPath: store.localFilesPrefix + "-exports")
        try? FileManager.default.removeItem(at: folder)
    }

    public struct Made: Sendable {
        /// The ZIP; the caller deletes it once sent.
        public let file: URL
        public let fileName: String
        public let counts: [String: Int]
    }

    /// The last exports of the account: when and by whom.
    public struct Record: Sendable, Equatable {
        public let at: Date
        public let by: String?
    }

    /// Build the export and record it; nil when no live account has the UUID.
    public func make(uuid: String, by actor: AuditActor, now: Date = Date()) async throws -> Made? {
        // Only this process reads what is written here: the person's data, until it is sent and deleted.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let work = folder.appendingPathComponent(UUID().uuidString.lowercased())
        let zip = folder.appendingPathComponent("stand-data-\(UUID().uuidString.lowercased()).zip")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: work) }
        do {
            guard let counts = try await store.read({ db in try Self.writeFiles(db, uuid: uuid, into: work, now: now) }) else { return nil }
            // Deflating megabytes is CPU work: off Swift's cooperative threads, which serve the requests.
            try await Self.offPool {
                let archive = try Archive(url: zip, accessMode: .create)
                for name in ["profile.json"] + Self.files.map(\.name) + ["README.txt"] {
                    try archive.addEntry(with: name, relativeTo: work, compressionMethod: .deflate)
                }
            }
            let detail = Self.files.map { "\($0.name.dropLast(5)): \(counts[$0.name] ?? 0)" }.joined(separator: ", ")
            try await store.write { db in
                try AuditLog.record(db, .dataExported, by: actor, target: (AuditTarget.user, uuid), detail: detail, at: now)
                try ConsoleExports.record(db, .data, by: actor, subjectUUID: uuid, at: now)
            }
            return Made(file: zip, fileName: "stand-data-\(uuid)-\(UTCDate.day(now)).zip", counts: counts)
        } catch {
            try? FileManager.default.removeItem(at: zip)
            throw error
        }
    }

    private static func offPool(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// The account's last `limit` exports, newest first.
    public func recent(uuid: String, limit: Int = 3) async throws -> [Record] {
        try await store.read { db in try Self.recent(db, uuid: uuid, limit: limit) }
    }

    static func recent(_ db: StoreDatabase, uuid: String, limit: Int) throws -> [Record] {
        try StoreRow.fetchAll(db.cachedStatement(sql: """
            SELECT occurred_at, staff_email FROM audit_events
            WHERE target_type = 'user' AND target_id = ? AND action = 'user.data_exported' AND action <> 'user.viewed'
            ORDER BY id DESC
            """ + StoreSQL.limit(limit)), arguments: [uuid]).map { Record(at: $0.timestamp("occurred_at") ?? .distantPast, by: $0["staff_email"]) }
    }

    /// Each file: its name, what the README says of it, and the rows it holds (`?` is the account).
    static let files: [(name: String, about: String, sql: String)] = [
        ("answers.json", "Every answer you gave to a daily question: the day, the question's text, the answer you chose and when.", """
            SELECT q.runs_on AS day, q.text AS question, c.text AS answer, a.answered_at
            FROM answers a JOIN daily_questions q ON q.id = a.question_id
                 LEFT JOIN question_choices c ON c.question_id = a.question_id AND c.position = a.choice_position
            WHERE a.user_id = ? ORDER BY a.answered_at, a.id
            """),
        ("entries.json", "Your sweepstakes entries: the sweepstakes, how many, why (a daily stand, a streak bonus, or granted by our staff), and whether one was voided and why.", """
            SELECT s.name AS sweepstakes, e.quantity, e.reason, e.note, e.voided, e.void_reason, e.created_at
            FROM sweepstakes_entries e JOIN sweepstakes s ON s.id = e.sweepstakes_id WHERE e.user_id = ? ORDER BY e.created_at, e.id
            """),
        ("suggestions.json", "The questions you suggested, and what became of each.", """
            SELECT text, status, created_at, reviewed_at FROM suggestions WHERE user_id = ? ORDER BY created_at, id
            """),
        ("deletion_requests.json", "Requests to delete your account, from the app or made for you by our staff, and where each stands.", """
            SELECT source, status, note, created_at, resolved_at FROM deletion_requests WHERE user_id = ? ORDER BY created_at, id
            """),
        ("suspensions.json", "Times your account was suspended: from when, until when, why, and when it was lifted and why.", """
            SELECT starts_at, ends_at, reason, lifted_at, lift_reason FROM account_suspensions WHERE user_id = ? ORDER BY starts_at, id
            """),
        ("notes.json", "Notes our support staff wrote about your account, with when they were written.", """
            SELECT body, created_at FROM account_notes WHERE user_id = ? ORDER BY created_at, id
            """),
        ("prizes.json", "Prizes you were drawn for, as a winner or an alternate: the sweepstakes, the draw, your place, and whether you were notified (how), claimed it or forfeited it (why).", """
            SELECT s.name AS sweepstakes, d.number AS draw, w.rank, d.winner_count AS winners_drawn, w.promoted_for,
                   w.notified_at, w.notified_how, w.claimed_at, w.forfeited_at, w.forfeit_reason, d.drawn_at
            FROM draw_winners w JOIN sweepstakes_draws d ON d.id = w.draw_id JOIN sweepstakes s ON s.id = d.sweepstakes_id
            WHERE w.user_uuid = (SELECT uuid FROM users WHERE id = ?) ORDER BY d.drawn_at, w.rank
            """),
        ("disqualifications.json", "Sweepstakes you were disqualified from, why, and when it was lifted and why.", """
            SELECT s.name AS sweepstakes, q.reason, q.disqualified_at, q.lifted_at, q.lift_reason
            FROM sweepstakes_disqualifications q JOIN sweepstakes s ON s.id = q.sweepstakes_id WHERE q.user_id = ? ORDER BY q.disqualified_at
            """),
        ("staff_actions.json", "What our staff did to your account (an edit, a correction, a suspension…), from our audit log: what and when.", """
            SELECT action, detail, occurred_at FROM audit_events
            WHERE target_type = 'user' AND target_id = (SELECT uuid FROM users WHERE id = ?) AND action <> 'user.viewed' ORDER BY id
            """),
    ]

    /// profile.json and every file above, then README.txt; the row counts, or nil with no such account.
    static func writeFiles(_ db: StoreDatabase, uuid: String, into work: URL, now: Date) throws -> [String: Int]? {
        guard let account = try UserAccount.find(db, uuid: uuid) else { return nil }
        var counts: [String: Int] = [:]
        // The password hash is never selected (UserAccount leaves it out).
        let profile: [String: Any] = [
            "uuid": account.uuid, "email": account.email, "phone": account.phone, "birthdate": account.birthdate,
            "reminder_time_utc": account.reminderTime, "points": account.points, "current_streak": account.currentStreak,
            "longest_streak": account.longestStreak, "last_stood_on": account.lastStoodOn ?? NSNull(),
            "created_at": StoreTimestamp.string(account.createdAt), "updated_at": StoreTimestamp.string(account.updatedAt),
        ]
        try JSONSerialization.data(withJSONObject: profile, options: [.prettyPrinted, .sortedKeys])
            .write(to: work.appendingPathComponent("profile.json"))
        for file in files {
            counts[file.name] = try writeArray(db, sql: file.sql, userId: account.id, to: work.appendingPathComponent(file.name))
        }
        try readme(uuid: uuid, now: now, counts: counts).write(to: work.appendingPathComponent("README.txt"), atomically: false, encoding: .utf8)
        return counts
    }

    /// A JSON array of one object per row, written as the cursor goes; returns the row count.
    static func writeArray(_ db: StoreDatabase, sql: String, userId: Int64, to url: URL) throws -> Int {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = Data("[".utf8)
        var count = 0
        let rows = try StoreRow.fetchCursor(db, sql: sql, arguments: [userId])
        while let row = try rows.next() {
            var object: [String: Any] = [:]
            for (index, column) in row.columnNames.enumerated() {
                switch row.scalar(at: index) {
                case .null, .blob: object[column] = NSNull()
                case .integer(let number): object[column] = number
                case .real(let number): object[column] = number
                case .text(let text): object[column] = text
                }
            }
            buffer.append(contentsOf: Array((count == 0 ? "\n  " : ",\n  ").utf8))
            buffer.append(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            count += 1
            if buffer.count > 1 << 16 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: Array((count == 0 ? "]\n" : "\n]\n").utf8))
        try handle.write(contentsOf: buffer)
        return count
    }

    static func readme(uuid: String, now: Date, counts: [String: Int]) -> String {
        var text = """
            Your data in Stand
            ==================

            This archive holds the personal data Stand keeps about the account \(uuid),
            as it was on \(UTCDate.minute(now)). Times are in UTC. Each file is JSON, which
            any text editor can open and any program can read.

            profile.json
              Your account: email, phone number, birthdate, daily reminder time, points,
              streaks, and when the account was made and last changed. Your password is
              never stored as text and is not included.

            """
        for file in files {
            text += "\(file.name) (\(counts[file.name] ?? 0) \(counts[file.name] == 1 ? "item" : "items"))\n  \(file.about)\n\n"
        }
        text += """
            Questions about this data, or a request to correct or delete it, go to Stand's
            support team from the app (Help Center).

            """
        return text
    }
}
