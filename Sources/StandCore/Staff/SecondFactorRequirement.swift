import Foundation

/// Owners may require a second factor of every staff member: one without it
/// is sent to set one up before any other page. Kept in `console_settings`,
/// read with every session (`SessionStore.Active.secondFactorRequired`).
public struct SecondFactorRequirement: Sendable {
    static let settingName = "second_factor_required"

    let store: StandStore

    public init(store: StandStore) {
        self.store = store
    }

    public func isRequired() async throws -> Bool {
        try await store.read { db in try Self.isRequired(db) }
    }

    static func isRequired(_ db: StoreDatabase) throws -> Bool {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM console_settings WHERE name = ?"), arguments: [settingName]) == "on"
    }

    /// Turn the requirement on or off. An owner without a second factor of
    /// their own cannot turn it on: they would be the first one stopped.
    public func set(_ required: Bool, by actor: AuditActor, now: Date = Date()) async throws {
        try await store.write { db in
            guard try Self.isRequired(db) != required else { return }
            if required, let staffId = actor.staffId, try SecondFactors.confirmedFactor(db, staffId: staffId) == nil {
                throw ValidationErrors("required", "Set up your own second factor on “Your account” first; then require it of everyone.")
            }
            try db.execute(sql: """
                INSERT INTO console_settings (name, value, changed_at, changed_by) VALUES (?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at, changed_by = excluded.changed_by
                """, arguments: [Self.settingName, required ? "on" : "off", now, actor.staffId])
            try AuditLog.record(db, required ? .secondFactorRequired : .secondFactorNotRequired, by: actor, target: nil, at: now)
        }
    }
}
