import ArgumentParser
import Foundation
import StandCore

/// `verify-draw ID`: re-run a draw from its stored seed over the store as it
/// is now, and say whether the eligible snapshot and the winners still match.
/// `--snapshot FILE` also writes the snapshot, for `scripts/verify-draw.py`.
struct VerifyDrawCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-draw",
        abstract: "Re-run a sweepstakes draw from its seed and check its snapshot hash and winners (exit 1 when either differs).")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The draw's id (shown on the sweepstakes page).")
    var id: Int64

    @Option(help: "Write the eligible snapshot (uuid,weight lines) to this file.")
    var snapshot: String?

    func run() async throws {
        let draws = SweepstakesDraws(store: try store.open(migrate: false))
        guard let result = try await draws.verify(drawId: id) else {
            throw ValidationError("There is no draw #\(id) in \(store.path).")
        }
        let draw = result.draw
        print("draw #\(draw.id) of sweepstakes #\(draw.sweepstakesId), \(StoreTimestamp.string(draw.drawnAt)) UTC, ages on \(draw.drawnOn)")
        print("seed: \(draw.seed)")
        print("snapshot sha256 recorded: \(draw.snapshotHash) (\(draw.eligibleUsers) eligible)")
        print("snapshot sha256 now:      \(result.snapshotHash) (\(result.eligibleUsers) eligible) — \(result.hashMatches ? "matches" : "DIFFERS")")
        for (rank, uuid) in result.winners.enumerated() {
            let recorded = rank < draw.winners.count ? draw.winners[rank].uuid : "—"
            print("winner \(rank + 1): \(uuid)\(uuid == recorded ? "" : " (recorded: \(recorded))")")
        }
        print("winners: \(result.winnersMatch ? "match" : "DIFFER from the recorded ones")")
        if let path = snapshot, let (_, text) = try await draws.snapshot(drawId: id) {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            print("snapshot written to \(path)")
        }
        if !result.hashMatches || !result.winnersMatch { throw ExitCode(1) }
    }
}
