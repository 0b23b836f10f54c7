import Foundation

/// Support's edit of the four fields a user cannot always fix in the app.
public struct UserEdit: Sendable {
    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    /// The editable fields, as typed or as stored.
    public struct Fields: Sendable, Equatable {
        public var email: String
        public var phone: String
        public var birthdate: String
        public var reminderTime: String

        public init(email: String, phone: String, birthdate: String, reminderTime: String) {
            self.email = email
            self.phone = phone
            self.birthdate = birthdate
            self.reminderTime = reminderTime
        }

        /// Names of the fields that differ, in form order, as the audit trail records them.
        public func changedFields(from other: Fields) -> [String] {
            var names: [String] = []
            if email != other.email { names.append("email") }
            if phone != other.phone { names.append("phone") }
            if birthdate != other.birthdate { names.append("birthdate") }
            if reminderTime != other.reminderTime { names.append("reminder_time") }
            return names
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// Saved; the names of the fields that changed (empty when nothing did).
        case saved(changed: [String])
        /// Someone else changed the account since the form was opened: nothing was written.
        /// `current` is what the account holds now; `changed` names the fields they changed.
        case conflict(current: UserAccount, changed: [String])
        case notFound
    }

    /// The app's rules, applied to what was typed: the stored form of each field, or every problem at once.
    public static func validate(_ typed: Fields, today: Date = Date()) throws -> Fields {
        var errors = ValidationErrors()
        let email = EmailAddress.normalised(typed.email)
        if email == nil {
            errors.add("email", EmailAddress.problem(typed.email) ?? "Enter a valid email address, like name@example.com.")
        }
        var phone: String?
        switch PhoneNumber.e164(from: typed.phone) {
        case .success(let e164): phone = e164
        case .failure(let problem): errors.add("phone", PhoneNumber.message(for: problem))
        }
        let birthdate = typed.birthdate.trimmingCharacters(in: .whitespaces)
        if let problem = BirthdateRule.problem(birthdate, today: today) { errors.add("birthdate", problem) }
        let reminder = typed.reminderTime.trimmingCharacters(in: .whitespaces)
        if !ReminderTime.isValid(reminder) { errors.add("reminderTime", "Enter a time as HH:MM in UTC, from 00:00 to 23:59.") }
        try errors.throwIfAny()
        return Fields(email: email!, phone: phone!, birthdate: birthdate, reminderTime: reminder)
    }

    /// Save `typed` over the account if the account still holds `original`
    /// (what the form showed); otherwise write nothing and report a conflict.
    /// Other fields (points, streaks) may change under the form: the app writes
    /// them all day and they are not on it.
    public func save(
        uuid: String, original: Fields, typed: Fields, by actor: AuditActor, now: Date = Date()
    ) async throws -> Outcome {
        let wanted = try Self.validate(typed, today: now)
        return try await store.write { db in
            guard let current = try UserAccount.find(db, uuid: uuid) else { return .notFound }
            let theirs = current.editableFields.changedFields(from: original)
            if !theirs.isEmpty { return .conflict(current: current, changed: theirs) }
            let changed = wanted.changedFields(from: current.editableFields)
            guard !changed.isEmpty else { return .saved(changed: []) }
            try Self.checkUnique(db, wanted, userId: current.id)
            try db.execute(sql: """
                UPDATE users SET email = ?, phone = ?, birthdate = ?, reminder_time = ?, updated_at = ?, version = version + 1
                WHERE id = ?
                """, arguments: [wanted.email, wanted.phone, wanted.birthdate, wanted.reminderTime, now, current.id])
            // Field names only: the values are personal data and the trail outlives the account.
            try AuditLog.record(db, .userUpdated, by: actor, target: (AuditTarget.user, uuid),
                                detail: "changed " + changed.joined(separator: ", "), at: now)
            return .saved(changed: changed)
        }
    }

    /// The email or phone typed belongs to another account: which one, so
    /// support can open it (the same person twice is a common case).
    public struct Taken: Refusal {
        public let errors: ValidationErrors
        /// Field → the UUID of the account that holds that value.
        public let owners: [String: String]
    }

    private static func checkUnique(_ db: StoreDatabase, _ wanted: Fields, userId: Int64) throws {
        var errors = ValidationErrors(), owners: [String: String] = [:]
        if let other = try String.fetchOne(db, sql: "SELECT uuid FROM users WHERE email = ? AND id != ?", arguments: [wanted.email, userId]) {
            errors.add("email", "Another account already uses this email address.")
            owners["email"] = other
        }
        if let other = try String.fetchOne(db, sql: "SELECT uuid FROM users WHERE phone = ? AND id != ?", arguments: [wanted.phone, userId]) {
            errors.add("phone", "Another account already uses this phone number.")
            owners["phone"] = other
        }
        if !errors.isEmpty { throw Taken(errors: errors, owners: owners) }
    }
}

/// Birthdates: a real calendar date, not in the future, and 18 or older today (UTC).
public enum BirthdateRule {
    public static func problem(_ text: String, today: Date) -> String? {
        guard let date = UTCDate.parseDay(text) else {
            return "Enter the birthdate as YYYY-MM-DD, a real date."
        }
        if date > today { return "A birthdate cannot be in the future." }
        if text < "1900-01-01" { return "Enter a birthdate after 1900." }
        if !AgeRule.isAdult(birthdate: text, on: today) { return "Stand users must be \(AgeRule.minimumAge) or older; this birthdate makes them younger." }
        return nil
    }
}

/// Reminder times: `HH:MM`, 24-hour, UTC.
public enum ReminderTime {
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return false }
        return hour < 24 && minute < 60
    }
}
