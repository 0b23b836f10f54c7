import Foundation

/// A draw's kept snapshot, written before the draw in parts, each part in a
/// transaction of its own (migration 022).
///
/// Written in the draw's transaction, a million entrants' 17 MB held
/// SQLite's one write lock for 45–70 ms while they went to the WAL and were
/// synced, and every write of the app waited that long (scripts/bench
/// BENCH_ONLY=app-load). A part of 1 MiB holds it for a few milliseconds,
/// and the parts are written with a pause between them (`StandStore.pauseForOtherWriters`):
/// back to back, 17 parts were one long lock to the app's writers again.
/// The draw's transaction checks that every part is there and names the
/// upload in `draw_snapshots.upload`. An attempt that does not become a draw
/// deletes its parts; parts no draw names (a console stopped in between)
/// are deleted an hour after they were written, by the next draw.
enum DrawSnapshotParts {
    static let partSize = 1 << 20
    static let abandonedAfter: TimeInterval = 3600

    /// The parts one draw attempt wrote.
    struct Upload: Sendable, Equatable {
        let token: String
        let parts: Int
        let bytes: Int
    }

    /// The parts, each copied out only when it is asked for (never 17 MB of copies at once).
    static func split(_ bytes: Data, partSize: Int = partSize) -> LazyMapSequence<StrideTo<Int>, Data> {
        stride(from: 0, to: bytes.count, by: partSize).lazy.map { start in
            bytes.subdata(in: (bytes.startIndex + start)..<(bytes.startIndex + min(start + partSize, bytes.count)))
        }
    }

    /// Writes the parts in order, one transaction each, after deleting parts abandoned long ago.
    static func write(_ store: StandStore, bytes: Data, now: Date, partSize: Int = partSize) async throws -> Upload {
        await purgeAbandoned(store, now: now)
        let token = UUID().uuidString.lowercased()
        var written = 0
        do {
            for part in split(bytes, partSize: partSize) {
                let number = written
                if number > 0 { try await store.pauseForOtherWriters() }
                try await store.write { db in
                    try db.execute(sql: "INSERT INTO draw_snapshot_parts (upload, part, bytes, written_at) VALUES (?, ?, ?, ?)",
                                   arguments: [token, number, part, now])
                }
                written += 1
            }
        } catch {
            await discard(store, token: token)
            throw error
        }
        return Upload(token: token, parts: written, bytes: bytes.count)
    }

    /// In the draw's transaction: every part is there, as written.
    static func isComplete(_ db: StoreDatabase, _ upload: Upload) throws -> Bool {
        guard let row = try StoreRow.fetchOne(db, sql: """
            SELECT COUNT(*) AS parts, COALESCE(SUM(length(bytes)), 0) AS bytes, COALESCE(MAX(part), -1) AS last
            FROM draw_snapshot_parts WHERE upload = ?
            """, arguments: [upload.token]) else { return false }
        return row["parts"] as Int == upload.parts && row["bytes"] as Int == upload.bytes && row["last"] as Int == upload.parts - 1
    }

    /// A `draw_snapshots` row's snapshot: its own `bytes`, or since 022 the
    /// parts its `upload` names; nil when a part is missing.
    static func keptBytes(_ db: StoreDatabase, inline: Data, upload: String?) throws -> Data? {
        guard let upload else { return inline }
        return try read(db, token: upload)
    }

    /// The snapshot's bytes, parts in order; nil when one is missing.
    static func read(_ db: StoreDatabase, token: String) throws -> Data? {
        var bytes = Data()
        var expected = 0
        for row in try StoreRow.fetchAll(db, sql: "SELECT part, bytes FROM draw_snapshot_parts WHERE upload = ? ORDER BY part", arguments: [token]) {
            guard row["part"] as Int == expected else { return nil }
            bytes.append(row["bytes"] as Data)
            expected += 1
        }
        return expected == 0 ? nil : bytes
    }

    /// Deletes an attempt's parts, one transaction each, so that freeing
    /// them holds the lock no longer than writing them did. A failure leaves
    /// them to `purgeAbandoned`.
    static func discard(_ store: StandStore, token: String) async {
        guard let parts = try? await store.read({ db in
            try StoreRow.fetchAll(db, sql: "SELECT part FROM draw_snapshot_parts WHERE upload = ?", arguments: [token]).map { $0["part"] as Int }
        }) else { return }
        for part in parts {
            _ = try? await store.write { db in
                try db.execute(sql: "DELETE FROM draw_snapshot_parts WHERE upload = ? AND part = ?", arguments: [token, part])
            }
        }
    }

    /// Uploads no draw names whose parts were all written before `?`. The
    /// uploads are found from the primary key's index alone, and only theirs
    /// have `written_at` read: it follows the 1 MiB `bytes` in the row, and
    /// testing it on every kept part read each part's whole overflow chain
    /// (43–300 ms at every draw with thirteen draws kept; 0.02–0.8 ms so).
    static let abandonedSQL = """
        SELECT upload FROM (SELECT DISTINCT upload FROM draw_snapshot_parts p
                            WHERE NOT EXISTS (SELECT 1 FROM draw_snapshots s WHERE s.upload = p.upload)) AS unnamed
        WHERE (SELECT MAX(written_at) FROM draw_snapshot_parts w WHERE w.upload = unnamed.upload) < ?
        """

    /// Parts written more than an hour ago that no draw names.
    static func purgeAbandoned(_ store: StandStore, now: Date) async {
        let before = now.addingTimeInterval(-abandonedAfter)
        guard let tokens = try? await store.read({ db in
            try StoreRow.fetchAll(db, sql: abandonedSQL, arguments: [before]).map { $0["upload"] as String }
        }) else { return }
        for token in tokens { await discard(store, token: token) }
    }
}
