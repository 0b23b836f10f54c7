import Foundation
import GRDB
import Synchronization

/// The store could not do what was asked, for a reason that is not the
/// request's: its file is damaged, or its disk is full. Nothing was saved.
/// Each has its own words on the page, in the log and on `/healthz`.
public struct StoreFault: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// `SQLITE_CORRUPT` or `SQLITE_NOTADB`: the file (or its WAL) is damaged.
        case damaged
        /// `SQLITE_FULL`, or an I/O error while the disk has no room left.
        case diskFull
        /// Any other I/O error (`SQLITE_IOERR_*`): the disk or its file system failed.
        case ioError
        /// PostgreSQL: the server could not be reached, or closed the connection.
        case unreachable
    }

    public let kind: Kind
    /// SQLite's extended result code, as its documentation names it (`SQLITE_IOERR_WRITE`).
    public let code: String

    public init(kind: Kind, code: String) {
        self.kind = kind
        self.code = code
    }

    /// What a person reads, on a form or an error page.
    public var message: String {
        switch kind {
        case .damaged:
            "The store's file is damaged (\(code)); nothing was saved. Tell an owner: the store needs restoring from a backup (docs/store.md)."
        case .diskFull:
            "The disk is full; nothing was saved. What you typed is kept below: send it again once an owner has freed space."
        case .ioError:
            "The store's disk failed to read or write (\(code)); nothing was saved. Try again; if it persists, tell an owner."
        case .unreachable:
            "The database server could not be reached (\(code)); nothing was saved. What you typed is kept below: send it again in a moment; if it persists, tell an owner."
        }
    }

    /// What the command line prints (no form to keep anything on).
    public var description: String {
        switch kind {
        case .damaged: "The store is damaged (\(code)): restore it from a backup (docs/store.md)."
        case .diskFull: "The disk is full (\(code)): nothing was written; free some space and try again."
        case .ioError: "The store's disk failed (\(code)): nothing was written; check the disk and try again."
        case .unreachable: "The database server could not be reached (\(code)): nothing was written; check that it runs and try again."
        }
    }

    /// The heading of its error page.
    public var heading: String {
        switch kind {
        case .damaged: "The store is damaged"
        case .diskFull: "The disk is full"
        case .ioError: "The store's disk failed"
        case .unreachable: "The database server cannot be reached"
        }
    }

    /// A store error of this kind, or nil for the others (busy, a constraint, a bug).
    /// An I/O error while the store's disk has no room left is a full disk:
    /// SQLite reports a failed WAL or shared-memory write as `SQLITE_IOERR_*`.
    init?(_ error: DatabaseError, directory: String) {
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: kind = .damaged
        case .SQLITE_FULL: kind = .diskFull
        case .SQLITE_IOERR: kind = Self.freeBytes(directory).map { $0 < Self.nearlyFull } == true ? .diskFull : .ioError
        default: return nil
        }
        code = Self.name(of: error.extendedResultCode)
    }

    /// Below this much room, an I/O error is taken for a full disk (a page and its WAL frame need a few KB).
    static let nearlyFull: UInt64 = 1 << 20

    /// Bytes an unprivileged writer can still use on `directory`'s file system.
    static func freeBytes(_ directory: String) -> UInt64? {
        var stats = statvfs()
        guard statvfs(directory, &stats) == 0 else { return nil }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
    }

    /// `SQLITE_IOERR_WRITE` for 778: the names of the codes a fault can carry,
    /// from GRDB's constants; any other is written as its number.
    static func name(of code: ResultCode) -> String {
        Self.names[code.rawValue] ?? "SQLite error \(code.rawValue)"
    }

    private static let names: [Int32: String] = Dictionary(uniqueKeysWithValues: [
        (ResultCode.SQLITE_CORRUPT, "SQLITE_CORRUPT"), (.SQLITE_CORRUPT_VTAB, "SQLITE_CORRUPT_VTAB"),
        (.SQLITE_CORRUPT_SEQUENCE, "SQLITE_CORRUPT_SEQUENCE"), (.SQLITE_CORRUPT_INDEX, "SQLITE_CORRUPT_INDEX"),
        (.SQLITE_NOTADB, "SQLITE_NOTADB"), (.SQLITE_FULL, "SQLITE_FULL"), (.SQLITE_IOERR, "SQLITE_IOERR"),
        (.SQLITE_IOERR_READ, "SQLITE_IOERR_READ"), (.SQLITE_IOERR_SHORT_READ, "SQLITE_IOERR_SHORT_READ"),
        (.SQLITE_IOERR_WRITE, "SQLITE_IOERR_WRITE"), (.SQLITE_IOERR_FSYNC, "SQLITE_IOERR_FSYNC"),
        (.SQLITE_IOERR_DIR_FSYNC, "SQLITE_IOERR_DIR_FSYNC"), (.SQLITE_IOERR_TRUNCATE, "SQLITE_IOERR_TRUNCATE"),
        (.SQLITE_IOERR_FSTAT, "SQLITE_IOERR_FSTAT"), (.SQLITE_IOERR_ACCESS, "SQLITE_IOERR_ACCESS"),
        (.SQLITE_IOERR_CHECKRESERVEDLOCK, "SQLITE_IOERR_CHECKRESERVEDLOCK"), (.SQLITE_IOERR_SHMOPEN, "SQLITE_IOERR_SHMOPEN"),
        (.SQLITE_IOERR_SHMSIZE, "SQLITE_IOERR_SHMSIZE"), (.SQLITE_IOERR_SHMMAP, "SQLITE_IOERR_SHMMAP"),
        (.SQLITE_IOERR_GETTEMPPATH, "SQLITE_IOERR_GETTEMPPATH"),
    ].map { ($0.0.rawValue, $0.1) })
}

/// How the store has been since start-up, for `/healthz`, the dashboard and
/// every page's banner: healthy, or the last fault seen and when. A full disk
/// clears at the next write that commits; damage stays until a restart finds
/// the file whole (`PRAGMA quick_check`).
public final class StoreHealth: Sendable {
    public struct Problem: Sendable, Equatable {
        public let fault: StoreFault
        public let since: Date
        /// The code that met it (`AccountDeletion.delete`): for the log and `/healthz`.
        public let purpose: String
    }

    private let state = Mutex<Problem?>(nil)
    /// When the start-up check began, while it runs.
    private let check = Mutex<Date?>(nil)

    public init() {}

    /// The problem now, if any.
    public var problem: Problem? { state.withLock { $0 } }

    /// Since when the start-up check has been reading the file (the console
    /// takes no changes meanwhile), or nil.
    public var checkingSince: Date? { check.withLock { $0 } }
    var isChecking: Bool { checkingSince != nil }

    func beginCheck(at now: Date = Date()) { check.withLock { $0 = now } }
    func endCheck() { check.withLock { $0 = nil } }

    func record(_ fault: StoreFault, purpose: String, at now: Date = Date()) {
        state.withLock { current in
            // Damage outranks a full disk: it does not go away by itself.
            if current?.fault.kind == .damaged && fault.kind != .damaged { return }
            if current?.fault.kind != fault.kind { current = Problem(fault: fault, since: now, purpose: purpose) }
        }
    }

    /// A write committed: the disk has room again.
    func writeCommitted() {
        state.withLock { current in
            if let kind = current?.fault.kind, kind != .damaged { current = nil }
        }
    }
}
