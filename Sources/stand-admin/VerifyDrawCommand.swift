import ArgumentParser
import Foundation
import StandCore

/// `verify-draw ID`: re-run a draw from its stored seed over its kept
/// snapshot, say whether the hash, the winners and the alternates match, and
/// list every entrant whose line differs in the store today with the record
/// that explains it. `--snapshot FILE` also writes the snapshot, for
/// `scripts/verify-draw.py`.
struct VerifyDrawCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-draw",
        abstract: "Re-run a sweepstakes draw from its seed over its kept snapshot, and list what changed in the store since (exit 1 when the hash or the winners differ, or a change is not on the record).")

    @OptionGroup var store: StoreOptions

    @Argument(help: "The draw's id (shown on the sweepstakes page).")
    var id: Int64

    @Option(help: "Write the eligible snapshot (uuid,weight lines) to this file.")
    var snapshot: String?

    func run() async throws {
        let opened = try store.open(migrate: false)
        guard try await opened.hasCompletedMigrations() else {
            throw ValidationError("The store at \(store.path) is older than this program: run `stand-admin migrate --db \(store.path)` first.")
        }
        let draws = SweepstakesDraws(store: opened)
        guard let result = try await draws.verify(drawId: id) else {
            throw ValidationError("There is no draw #\(id) in \(store.path).")
        }
        let draw = result.draw
        print("draw \(draw.number) of sweepstakes #\(draw.sweepstakesId) (id \(draw.id)), \(StoreTimestamp.string(draw.drawnAt)) UTC, ages on \(draw.drawnOn)")
        print("seed: \(draw.seed)")
        let source = result.keptSnapshot ? "the kept snapshot" : "the store as it is now (a draw made before snapshots were kept)"
        print("snapshot sha256 recorded: \(draw.snapshotHash) (\(draw.eligibleUsers) eligible)")
        print("snapshot sha256 of \(source): \(result.snapshotHash) (\(result.eligibleUsers) eligible) — \(result.hashMatches ? "matches" : "DIFFERS")")
        for (index, uuid) in result.picks.enumerated() {
            let recorded = index < draw.picks.count ? draw.picks[index].uuid : "—"
            let label = index < draw.winnerCount ? "winner \(index + 1)" : "alternate \(index + 1 - draw.winnerCount)"
            print("\(label): \(uuid)\(uuid == recorded ? "" : " (recorded: \(recorded))")")
        }
        print("winners and alternates: \(result.picksMatch ? "match" : "DIFFER from the recorded ones")")
        if result.keptSnapshot {
            print("since the draw: \(result.differences.isEmpty ? "no entrant's line differs in the store" : "\(result.differences.count) entrant(s) differ in the store")")
            for difference in result.differences {
                let change = "\(difference.drawn.map { "weight \($0)" } ?? "not eligible") then, \(difference.today.map { "weight \($0)" } ?? "not eligible") now"
                print("  \(difference.uuid): \(change) — \(difference.explanation ?? "NOT ON THE RECORD: changed behind the console's back")")
            }
        }
        if let path = snapshot, let (_, kept) = try await draws.snapshot(drawId: id) {
            try Data(kept.text).write(to: URL(fileURLWithPath: path))
            print("snapshot written to \(path)")
        }
        if !result.isSound { throw ExitCode(1) }
    }
}
