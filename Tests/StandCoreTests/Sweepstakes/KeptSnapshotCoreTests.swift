import Foundation
import GRDB
import Testing
@testable import StandCore

/// The eligible list as a draw holds it (`DrawSnapshot`) and the form it is
/// kept in (migration 012).
@Suite struct KeptSnapshotCoreTests {
    static func canonical(_ count: Int) -> [DrawAlgorithm.Candidate] {
        let weights = [1, 127, 128, 16_383, 16_384, 10_000_000, Int.max / 8]
        return DrawAlgorithm.inSnapshotOrder((0..<count).map { index in
            DrawAlgorithm.Candidate(uuid: UUID().uuidString.lowercased(), weight: weights[index % weights.count])
        })
    }

    /// It gives back exactly the candidates it was made from, at about 17 bytes an entrant.
    @Test func theKeptFormGivesBackTheSameListCompactly() throws {
        let candidates = Self.canonical(1_000)
        let kept = DrawSnapshot(candidates).kept
        #expect(kept.format == 1)
        #expect(DrawSnapshot(kept: kept.bytes)?.candidates == candidates)
        #expect(kept.bytes.count < 1_000 * 20, "\(kept.bytes.count) bytes for 1,000 entrants")
    }

    /// The text and hash a draw computes in 64 KB pieces are the specification's (docs/draws.md §2),
    /// for a list longer than one piece, for one UUID not in canonical form, and for none at all.
    @Test func theStreamedTextAndHashAreTheSnapshots() {
        let long = Self.canonical(5_000)
        let odd = DrawAlgorithm.inSnapshotOrder(Self.canonical(3) + [.init(uuid: "0F8B1C9E-5F2A-4C1D-9A7B-3E2D1C0B9A8F", weight: 2)])
        for candidates in [long, odd, []] {
            let snapshot = DrawSnapshot(candidates)
            #expect(snapshot.text == DrawAlgorithm.snapshot(candidates))
            #expect(snapshot.hash == DrawAlgorithm.hash(DrawAlgorithm.snapshot(candidates)))
            #expect(snapshot.candidates == candidates)
        }
        #expect(DrawSnapshot(long).text.count > 1 << 16)
    }

    /// A UUID not in canonical form cannot be packed exactly: such a list is kept as its text.
    @Test func aNonCanonicalUUIDIsKeptAsText() {
        for uuid in ["0F8B1C9E-5F2A-4C1D-9A7B-3E2D1C0B9A8F", "not-a-uuid", "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8g"] {
            let kept = DrawSnapshot([.init(uuid: uuid, weight: 1)]).kept
            #expect(kept.format == 0 && kept.bytes == Array("\(uuid),1\n".utf8))
        }
    }

    /// Read straight from a statement's bytes, a list gives what Strings would; a non-canonical UUID
    /// another program wrote sends the whole list the slow way, in the same order.
    @Test(.sqliteOnly) func readingFromTheStoreMatchesTheCandidates() throws {
        let queue = try DatabaseQueue()
        let candidates = Self.canonical(300)
        let odd = DrawAlgorithm.Candidate(uuid: "zzzzzzzz-5f2a-4c1d-9a7b-3e2d1c0b9a8f", weight: 4)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (uuid TEXT, weight INTEGER)")
            for candidate in candidates.shuffled() {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [candidate.uuid, candidate.weight])
            }
            let read = try DrawSnapshot.read(StoreDatabase(sqlite: db).makeStatement(sql: "SELECT uuid, weight FROM t"), arguments: [])
            #expect(read.candidates == candidates && read.hash == DrawAlgorithm.hash(DrawAlgorithm.snapshot(candidates)))
            try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [odd.uuid, odd.weight])
            let slow = try DrawSnapshot.read(StoreDatabase(sqlite: db).makeStatement(sql: "SELECT uuid, weight FROM t"), arguments: [])
            #expect(slow.candidates == DrawAlgorithm.inSnapshotOrder(candidates + [odd]))
            #expect(slow.kept.format == 0)
        }
    }

    /// Through the store on either engine, in a read transaction as a draw reads it: more entrants
    /// than one batch of PostgreSQL's cursor give the same list as Strings would, and a non-canonical
    /// UUID met after the first batch (on PostgreSQL the keys read so far are turned back into their
    /// text; SQLite reads the list again) gives the list as Strings, in the same order.
    @Test func readingThroughTheStoreMatchesTheCandidates() async throws {
        let store = try await temporaryStore()
        defer { store.close() }
        let candidates = Self.canonical(PostgresSession.cursorBatch * 2 + 500)
        let odd = DrawAlgorithm.Candidate(uuid: "zzzzzzzz-5f2a-4c1d-9a7b-3e2d1c0b9a8f", weight: 4)
        try await store.write { db in
            try db.execute(sql: "CREATE TABLE draw_read_test (position INTEGER PRIMARY KEY, uuid TEXT NOT NULL, weight BIGINT NOT NULL)")
            let insert = try db.cachedStatement(sql: "INSERT INTO draw_read_test (position, uuid, weight) VALUES (?, ?, ?)")
            for (position, candidate) in candidates.shuffled().enumerated() {
                try insert.execute(arguments: [position * 2, candidate.uuid, candidate.weight])
            }
        }
        let sql = "SELECT uuid, weight FROM draw_read_test ORDER BY position"
        let read = try await store.read { db in try DrawSnapshot.read(db.cachedStatement(sql: sql), arguments: []) }
        #expect(read.candidates == candidates && read.hash == DrawAlgorithm.hash(DrawAlgorithm.snapshot(candidates)))
        #expect(read.kept.format == 1)
        try await store.write { db in
            try db.execute(sql: "INSERT INTO draw_read_test (position, uuid, weight) VALUES (?, ?, ?)",
                           arguments: [PostgresSession.cursorBatch * 2 + 1, odd.uuid, odd.weight])
        }
        let slow = try await store.read { db in try DrawSnapshot.read(db.cachedStatement(sql: sql), arguments: []) }
        #expect(slow.candidates == DrawAlgorithm.inSnapshotOrder(candidates + [odd]))
        #expect(slow.kept.format == 0)
    }

    /// Cut short, or holding what no draw writes, it is refused rather than read as another list.
    @Test func aDamagedKeptSnapshotIsRefused() throws {
        let kept = DrawSnapshot([.init(uuid: "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f", weight: 300)]).kept
        #expect(DrawSnapshot(kept: Array(kept.bytes.dropLast())) == nil)
        #expect(DrawSnapshot(kept: Array(kept.bytes.prefix(10))) == nil)
        #expect(DrawSnapshot(kept: Array(kept.bytes.prefix(16)) + [0]) == nil, "a weight of 0")
        let text = Array("NOT-CANONICAL,3\nzz,12\n".utf8)
        #expect(DrawSnapshot(keptText: text)?.text == text)
        for damaged in ["a,3", "a,-3\n", "a,+3\n", "a,03\n", "a,0\n", ",5\n", "a\n", "b,1\na,1\n", "a,1\n\n", "a,99999999999999999999\n"] {
            #expect(DrawSnapshot(keptText: Array(damaged.utf8)) == nil, "\(damaged)")
        }
    }

    /// Read back through the store: a damaged row is said to be damaged, never served as another list.
    @Test(.sqliteOnly) func aDamagedRowIsAnErrorNotAnotherList() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE draw_snapshots (draw_id INTEGER PRIMARY KEY, format INTEGER, entrants INTEGER, bytes BLOB, upload TEXT)")
            try db.execute(sql: "INSERT INTO draw_snapshots VALUES (1, 1, 1, ?, NULL), (2, 0, 1, ?, NULL)", arguments: [Data([1, 2, 3]), Data("a,1\n".utf8)])
        }
        try await queue.read { db throws -> Void in
            let db = StoreDatabase(sqlite: db)
            #expect(throws: DrawSnapshot.Damaged.self) { try SweepstakesDraws.keptSnapshot(db, drawId: 1) }
            #expect(try SweepstakesDraws.keptSnapshot(db, drawId: 2)?.candidates == [.init(uuid: "a", weight: 1)])
            #expect(try SweepstakesDraws.keptSnapshot(db, drawId: 3) == nil, "a draw made before snapshots were kept")
        }
    }
}
