import Foundation

/// The SELECTs one connection has prepared (`PREPARE name AS …`), by their
/// SQL: `PostgresSession` runs a statement every request runs (a
/// `cachedStatement`) as `EXECUTE name(…)` once it is here.
///
/// PostgreSQL parses and plans an unnamed statement every time it is sent.
/// On the console's pages planning cost 3 to 10 times what running did (an
/// account's answers: 0.3–0.9 ms to plan, 0.03–0.13 ms to run on the
/// 1,000,000-account store). A prepared statement is parsed once, and after
/// five runs the server keeps a generic plan when it costs no more than the
/// plans made for the values given. Prepared by SQL `PREPARE` rather than by
/// the protocol: postgres-nio 1.33.2's `prepare(query:)` decodes the rows of
/// a prepared query as text while the server sends them in binary
/// (vapor/postgres-nio#303), and its typed `PostgresPreparedStatement` needs
/// a Swift type per statement. `EXECUTE` is an ordinary statement to it.
///
/// A connection is used by one transaction at a time, on one thread: the
/// dictionary needs no lock of its own (the pool hands it over with the
/// connection).
final class PostgresPreparedReads: @unchecked Sendable {
    /// The console's statements are a few hundred texts; a longer one is built
    /// per call (a list of ids) and would only fill the server's memory.
    static let mostStatements = 512
    static let longestStatement = 4_000

    /// One prepared statement, by name.
    struct Read {
        let name: String

        /// `EXECUTE name('value', …)`. The values are written in as quoted
        /// literals: PostgreSQL does not take parameters (`$1`) in a utility
        /// statement such as `EXECUTE`. A quoted literal has no type until the
        /// prepared statement's parameter gives it one, as the console's
        /// untyped values do (`PostgresUntypedText`), and quoting is the whole
        /// of escaping with `standard_conforming_strings` on, which every
        /// console connection sets (`PostgresStore`): a quote is doubled, a
        /// backslash is a backslash. The text holds values: it is never logged
        /// (a failure names the prepared SQL).
        func execute(_ arguments: StoreArguments) -> String {
            guard !arguments.values.isEmpty else { return "EXECUTE \(name)" }
            return "EXECUTE \(name)(" + arguments.values.map(Self.literal).joined(separator: ", ") + ")"
        }

        static func literal(_ value: StoreScalar) -> String {
            switch value {
            case .null: "NULL"
            case .integer(let integer): "'\(integer)'"
            case .real(let real): real.isFinite ? "'\(real)'" : "'NaN'"
            case .text(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
            case .blob(let data): "'\\x" + data.map { String(format: "%02x", $0) }.joined() + "'"
            }
        }
    }

    private var reads: [String: Read] = [:]
    private var made = 0

    /// `sql` as this connection prepared it, if it did.
    func read(of sql: String) -> Read? { reads[sql] }

    /// A new name to prepare `sql` under; nil when it is not to be prepared.
    /// Names are never reused: a statement whose `PREPARE` may have failed is
    /// prepared again under another.
    func newName(for sql: String) -> String? {
        guard reads.count < Self.mostStatements, sql.utf8.count <= Self.longestStatement, Self.isSelect(sql) else { return nil }
        made += 1
        return "stand_read_\(made)"
    }

    /// Notes `sql` as prepared under `name` (its `PREPARE` is on its way).
    func prepared(_ sql: String, as name: String) -> Read {
        let read = Read(name: name)
        reads[sql] = read
        return read
    }

    func forget(_ sql: String) { reads[sql] = nil }

    /// Reads only: a write is not run at every request.
    static func isSelect(_ sql: String) -> Bool {
        let start = sql.drop { $0 == " " || $0 == "\n" || $0 == "\t" }.prefix(7).uppercased()
        return start == "SELECT " || start == "SELECT\n"
    }
}
