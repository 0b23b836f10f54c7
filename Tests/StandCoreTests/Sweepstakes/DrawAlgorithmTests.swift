import Foundation
import StandCore
import Testing

/// The draw algorithm on its own (no store): weighted as specified, without
/// replacement, in snapshot order, the same winners for the same seed.
@Suite struct DrawAlgorithmTests {
    static func seed(_ index: Int) -> String { DrawAlgorithm.hash("stand-draw-test-\(index)") }

    static func candidates(_ weights: [Int]) -> [DrawAlgorithm.Candidate] {
        weights.enumerated().map { .init(uuid: String(format: "00000000-0000-4000-8000-%012d", $0.offset), weight: $0.element) }
    }

    /// 20,000 single-winner draws over weights 1, 2, 3, 4: the counts follow
    /// the weights (chi-square with 3 degrees of freedom under 16.27, p = 0.001).
    /// Against an unweighted draw the same counts score about 4,000, and against
    /// weights 2, 2, 3, 4 about 900: a draw that ignored or misread the weights fails.
    @Test func winnersFollowTheWeights() {
        let pool = Self.candidates([1, 2, 3, 4])
        var counts = [0, 0, 0, 0]
        let draws = 20_000
        for index in 0..<draws { counts[DrawAlgorithm.winners(pool, count: 1, seedHex: Self.seed(index))![0]] += 1 }
        func chiSquare(_ weights: [Double]) -> Double {
            let total = weights.reduce(0, +)
            return zip(counts, weights).reduce(0) { sum, pair in
                let expected = Double(draws) * pair.1 / total
                return sum + (Double(pair.0) - expected) * (Double(pair.0) - expected) / expected
            }
        }
        #expect(chiSquare([1, 2, 3, 4]) < 16.27, "counts \(counts)")
        #expect(chiSquare([1, 1, 1, 1]) > 16.27)
        #expect(chiSquare([2, 2, 3, 4]) > 16.27)
    }

    /// The snapshot's order is the UUIDs' byte order, however they are sorted inside.
    @Test func snapshotOrderIsByteOrder() {
        var uuids = (0..<2_000).map { _ in UUID().uuidString.lowercased() }
        uuids += ["ffffffff-ffff-ffff-ffff-ffffffffffff", "00000000-0000-0000-0000-000000000000", "0000000f-0000-0000-0000-000000000000"]
        let pool = uuids.map { DrawAlgorithm.Candidate(uuid: $0, weight: 1) }
        let byBytes = uuids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(DrawAlgorithm.inSnapshotOrder(pool).map(\.uuid) == byBytes)
        // One that is not canonical (another program wrote it) falls back to bytes for all.
        let odd = pool + [.init(uuid: "not-a-uuid", weight: 1)]
        #expect(DrawAlgorithm.inSnapshotOrder(odd).map(\.uuid) == (uuids + ["not-a-uuid"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func nobodyWinsTwiceAndASmallPoolAllWin() {
        let pool = Self.candidates([5, 1, 1, 1, 1, 1])
        for index in 0..<200 {
            let winners = DrawAlgorithm.winners(pool, count: 4, seedHex: Self.seed(index))!
            #expect(Set(winners).count == 4)
        }
        #expect(Set(DrawAlgorithm.winners(pool, count: 100, seedHex: Self.seed(1))!) == Set(0..<6))
        // The same seed, the same winners.
        #expect(DrawAlgorithm.winners(pool, count: 3, seedHex: Self.seed(9)) == DrawAlgorithm.winners(pool, count: 3, seedHex: Self.seed(9)))
    }

    /// docs/draws.md §2: weights of at least 1, a total below 2⁶³. Anything else is refused, never a crash
    /// (the total once overflowed and trapped) and never a quiet short draw (a zero weight ended the loop early).
    @Test func aSnapshotTheSpecCallsInvalidIsNotDrawn() {
        let half = Int.max / 2 + 1
        let tooHeavy = [DrawAlgorithm.Candidate(uuid: "a", weight: half), .init(uuid: "b", weight: half)]
        #expect(DrawAlgorithm.totalWeight(tooHeavy) == nil)
        #expect(DrawAlgorithm.winners(tooHeavy, count: 1, seedHex: Self.seed(1)) == nil)
        let weightless = [DrawAlgorithm.Candidate(uuid: "a", weight: 3), .init(uuid: "b", weight: 0)]
        #expect(DrawAlgorithm.winners(weightless, count: 2, seedHex: Self.seed(1)) == nil)
        let fine = [DrawAlgorithm.Candidate(uuid: "a", weight: Int.max - 1), .init(uuid: "b", weight: 1)]
        #expect(DrawAlgorithm.totalWeight(fine) == Int.max)
        #expect(DrawAlgorithm.winners(fine, count: -1, seedHex: Self.seed(1)) == [])
        #expect(DrawAlgorithm.winners(fine, count: 1, seedHex: "AB" + String(repeating: "0", count: 62)) == nil, "a seed is lowercase hex")
    }
}
