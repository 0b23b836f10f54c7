import Foundation
import Testing
@testable import StandCore

/// Deleting a row makes the store look for rows that refer to it, one lookup
/// per deleted row and per foreign key, under the write lock. Without an index
/// on the referring columns each lookup reads the whole referring table: a
/// 500-entry account's entries took 12 ms to delete on the 10,000,000-account
/// bench store (`draw_winners` read once per entry), 1 ms with one; a question
/// taken off the calendar read all 105,000 suggestions (15 ms, 0.06 with one).
@Suite struct ForeignKeyIndexTests {
    /// Every table the console deletes rows from, itself or by a cascade.
    static let tablesRowsAreDeletedFrom = [
        "users", "sweepstakes_entries", "sweepstakes_entrants", "daily_questions", "question_choices", "question_hourly_answers",
        "draw_snapshot_parts", "form_submissions", "sign_in_challenges", "sign_in_throttle", "staff_sessions",
        "staff_recovery_codes", "staff_second_factors", "account_notes", "account_suspensions", "deletions_underway",
    ]

    /// Looked up on an index that begins with one of the key's columns: the
    /// lookup reads that column's range, and it is empty whenever the row can go.
    static let coveredByARange = [
        // `answers_by_question`; a question's choices go only with a question no one answered.
        "answers(question_id, choice_position)",
    ]

    @Test func everyForeignKeyToATableRowsAreDeletedFromHasAnIndex() async throws {
        let store = try await temporaryStore()
        let keys = try await store.read { db in try ForeignKeys.all(db) }
        #expect(keys.contains { $0.table == "draw_winners" && $0.columns == ["entry_id"] }, "the catalogue read no foreign keys")
        for key in keys where Self.tablesRowsAreDeletedFrom.contains(key.parent) && !Self.coveredByARange.contains(key.description) {
            let covered = try await store.read { db in try ForeignKeys.isIndexed(db, key) }
            #expect(covered, "\(key) refers to \(key.parent) without an index")
        }
    }
}

/// The store's foreign keys and indexes, as each engine's catalogue lists them.
private enum ForeignKeys {
    struct Key: Sendable, CustomStringConvertible {
        let table: String
        let columns: [String]
        let parent: String

        var description: String { "\(table)(\(columns.joined(separator: ", ")))" }
    }

    static func all(_ db: StoreDatabase) throws -> [Key] {
        switch db.engine {
        case .sqlite:
            var keys: [Key] = []
            for table in try db.tableNames() {
                let rows = try StoreRow.fetchAll(db, sql: "SELECT id, seq, \"table\" AS parent, \"from\" AS col FROM pragma_foreign_key_list(?) ORDER BY id, seq",
                                                 arguments: [table])
                for (_, columns) in Dictionary(grouping: rows, by: { $0["id"] as Int }).sorted(by: { $0.key < $1.key }) {
                    keys.append(Key(table: table, columns: columns.map { $0["col"] }, parent: columns[0]["parent"]))
                }
            }
            return keys
        case .postgres:
            return try StoreRow.fetchAll(db, sql: """
                SELECT c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS parent,
                       (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS cols
                FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
                """).map { Key(table: $0["tbl"], columns: ($0["cols"] as String).split(separator: ",").map(String.init), parent: $0["parent"]) }
        }
    }

    /// An index (or the primary key) whose first columns are the key's, in any order.
    static func isIndexed(_ db: StoreDatabase, _ key: Key) throws -> Bool {
        let wanted = Set(key.columns)
        let indexes: [[String]]
        switch db.engine {
        case .sqlite:
            // A rowid table's INTEGER PRIMARY KEY is the table's own order, not an index.
            let rowid = try StoreRow.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", arguments: [key.table])
            if rowid.count == 1, (rowid[0]["type"] as String).uppercased() == "INTEGER", [rowid[0]["name"] as String] == key.columns { return true }
            indexes = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_list(?) WHERE partial = 0", arguments: [key.table]).map { index in
                try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index])
            }
        case .postgres:
            indexes = try String.fetchAll(db, sql: """
                SELECT (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum)
                FROM pg_index i WHERE i.indrelid = CAST(? AS regclass) AND i.indpred IS NULL
                """, arguments: [key.table]).map { $0.split(separator: ",").map(String.init) }
        }
        return indexes.contains { Set($0.prefix(wanted.count)) == wanted }
    }
}
