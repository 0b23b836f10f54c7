import Foundation
import Testing
@testable import StandCore

/// The form a draw's snapshot is kept in (migration 012).
@Suite struct KeptSnapshotCoreTests {
    /// It gives back exactly the candidates it was made from, at about 17 bytes an entrant.
    @Test func theKeptFormGivesBackTheSameListCompactly() throws {
        let weights = [1, 127, 128, 16_383, 16_384, 10_000_000]
        let candidates = DrawAlgorithm.inSnapshotOrder((0..<1_000).map { index in
            DrawAlgorithm.Candidate(uuid: UUID().uuidString.lowercased(), weight: weights[index % weights.count])
        })
        let packed = try #require(KeptSnapshot.packed(candidates))
        #expect(KeptSnapshot.unpacked(packed) == candidates)
        #expect(DrawAlgorithm.snapshot(KeptSnapshot.unpacked(packed)!) == DrawAlgorithm.snapshot(candidates))
        #expect(packed.count < 1_000 * 20, "\(packed.count) bytes for 1,000 entrants")
    }

    /// A UUID not in canonical form cannot be packed exactly: such a list is kept as its text.
    @Test func aNonCanonicalUUIDIsNotPacked() {
        #expect(KeptSnapshot.packed([.init(uuid: "0F8B1C9E-5F2A-4C1D-9A7B-3E2D1C0B9A8F", weight: 1)]) == nil)
        #expect(KeptSnapshot.packed([.init(uuid: "not-a-uuid", weight: 1)]) == nil)
    }

    /// Cut short, it is refused rather than read as a shorter list.
    @Test func aTruncatedKeptSnapshotIsRefused() throws {
        let packed = try #require(KeptSnapshot.packed([.init(uuid: "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f", weight: 300)]))
        #expect(KeptSnapshot.unpacked(Array(packed.dropLast())) == nil)
        #expect(KeptSnapshot.unpacked(Array(packed.prefix(10))) == nil)
    }
}
