import Foundation
import GRDB

/// `PRAGMA quick_check` when the console starts: a damaged store is said at
/// once (on the terminal, in the log, on every page and by `/healthz`), not
/// found by the hundredth person who opens a broken page.
///
/// quick_check reads every page of the file once, without the slower index
/// cross-checks of `integrity_check`: linear in the file's size, on a reader,
/// so it never holds a lock another program needs.
public enum StoreCheck {
    public struct Outcome: Sendable {
        /// quick_check's own words for each problem (at most `maximumProblems`); empty when the file is whole.
        public let problems: [String]
        public let seconds: Double
        public var isWhole: Bool { problems.isEmpty }
    }

    static let maximumProblems = 10

    /// Check while the console serves: pages read as usual, and every write
    /// is refused (`StoreBusy`, saying why) until the check is done, so
    /// nothing is written into a file that turns out damaged. On a 1.46 GB
    /// store (1,000,000 accounts, 10,000,000 entries) quick_check took 3 to
    /// 13 s depending on the page cache: too long to keep the port closed.
    /// `report` gets the outcome, or the error if the check could not run
    /// (the console then takes changes again: it knows no more than before).
    @discardableResult
    public static func inBackground(_ store: StandStore, report: @escaping @Sendable (Result<Outcome, any Error>) -> Void) -> Task<Void, Never> {
        store.health.beginCheck()
        return Task {
            let outcome: Result<Outcome, any Error>
            do { outcome = .success(try await quickCheck(store)) } catch { outcome = .failure(error) }
            store.health.endCheck()
            report(outcome)
        }
    }

    /// On PostgreSQL there is no file of ours to read: the server checks its
    /// own pages (data checksums, when the cluster has them) and reports
    /// damage as errors, which `StandStore.fault` names.
    public static func quickCheck(_ store: StandStore) async throws -> Outcome {
        guard store.engine == .sqlite else { return Outcome(problems: [], seconds: 0) }
        let clock = ContinuousClock(), start = clock.now
        var problems: [String]
        do {
            problems = try await store.pool.read { db in
                try String.fetchAll(db, sql: "PRAGMA quick_check(\(maximumProblems))")
            }
            if problems == ["ok"] { problems = [] }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            problems = [error.message ?? "the file is not a database"]
        }
        let elapsed = (clock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        if !problems.isEmpty {
            let fault = StoreFault(kind: .damaged, code: "PRAGMA quick_check")
            store.health.record(fault, purpose: "the start-up check")
            store.logger.error("store damaged", metadata: [
                "check": "quick_check", "problems": "\(problems.count)", "first": "\(problems.first!.prefix(200))",
            ])
        }
        return Outcome(problems: problems, seconds: seconds)
    }
}
