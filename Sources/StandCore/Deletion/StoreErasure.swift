import Foundation

/// What removing a deleted account's rows does to their bytes, on each engine
/// (docs/store.md, "Account deletion and erasure"): said the same way on
/// every page, and never "erased" where bytes remain.
public enum StoreErasure {
    /// The tombstone's state once the store's part is done.
    public static func done(on engine: StoreEngine, at moment: Date) -> String {
        switch engine {
        case .sqlite: "Erased at \(UTCDate.minute(moment))"
        case .postgres: "Removed from the tables at \(UTCDate.minute(moment)) (VACUUM)"
        }
    }

    /// What that guarantees, after `done`.
    public static func guarantee(on engine: StoreEngine) -> String {
        switch engine {
        case .sqlite:
            "the email, phone and birthdate are gone from the store's file and its WAL"
        case .postgres:
            "no query can read the email, phone or birthdate any more; their bytes may stay in the database's files until new rows overwrite them, and in its WAL, replicas and backups until those recycle"
        }
    }

    /// While the store's part waits for an older reader.
    public static func pending(on engine: StoreEngine, since deletedAt: Date) -> String {
        switch engine {
        case .sqlite:
            "Erasure pending since \(UTCDate.minute(deletedAt)): another program still reads an older snapshot of the store"
        case .postgres:
            "Removal pending since \(UTCDate.minute(deletedAt)): a transaction older than the deletion is still open"
        }
    }

    /// The store's part, as one item of "waiting for …".
    public static func waitingFor(on engine: StoreEngine) -> String {
        switch engine {
        case .sqlite: "the store's bytes"
        case .postgres: "the store's VACUUM"
        }
    }

    /// "Erased from this store" or its PostgreSQL counterpart, for a complete deletion.
    public static func doneHere(on engine: StoreEngine) -> String {
        switch engine {
        case .sqlite: "Erased from this store"
        case .postgres: "Removed from this store's tables"
        }
    }
}
