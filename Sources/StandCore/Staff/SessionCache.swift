import Foundation
import GRDB
import Synchronization

/// Sessions found recently, so that a page does not cost two hops to the
/// store's reader threads (measured: the session lookup alone halved
/// `/healthz` throughput, 26k → 11k req/s with a cookie).
///
/// A change this process commits to `staff`, `staff_sessions`, a second
/// factor or the console's settings (sign-out, disable, role change, password
/// reset, a re-confirmed password, the second-factor requirement) empties the
/// cache at once (session deletions notify it: see `SessionStore.end`; on
/// PostgreSQL any change this process commits empties it). A change another program
/// makes directly in the store is seen within `lifetime`.
final class SessionCache: Sendable {
    /// How long a found session is trusted without reading the store again.
    static let lifetime: TimeInterval = 1
    /// Past this many entries the cache starts over (only found sessions are kept).
    static let capacity = 1_000

    private struct Entry {
        let active: SessionStore.Active
        let foundAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Bumped by every change: a lookup that started before a change must
        /// not put what it read into the cache after it.
        var generation = 0
    }

    /// What a session's lookup reads; a change to any of them empties the cache.
    /// (A staff member deleted takes their sessions by cascade: `staff` names it.)
    static let observedTables: Set<String> = ["staff", "staff_sessions", "staff_second_factors", "console_settings"]

    private let state = Mutex(State())
    private let observation = Mutex<AnyDatabaseCancellable?>(nil)

    init(store: StandStore) {
        switch store.backend {
        case .sqlite(let pool):
            let cancellable = DatabaseRegionObservation(tracking: Self.observedTables.sorted().map { Table($0) })
                .start(in: pool, onError: { [weak self] _ in self?.removeAll() }, onChange: { [weak self] _ in self?.removeAll() })
            observation.withLock { $0 = cancellable }
        case .postgres(let postgres):
            // A commit of this process that wrote one of these tables (by its
            // statements' own words: `PostgresSession.written`) empties the cache.
            postgres.observeCommits { [weak self] tables in
                if tables.map({ !$0.isDisjoint(with: Self.observedTables) }) ?? true { self?.removeAll() }
            }
        }
    }

    /// The session if found within `lifetime`; otherwise nil and the
    /// generation to pass to `remember` after reading the store.
    func lookUp(id: String, now: Date) -> (active: SessionStore.Active?, generation: Int) {
        state.withLock { state in
            guard let entry = state.entries[id] else { return (nil, state.generation) }
            guard now.timeIntervalSince(entry.foundAt) < Self.lifetime, now >= entry.foundAt else {
                state.entries[id] = nil
                return (nil, state.generation)
            }
            return (entry.active, state.generation)
        }
    }

    func remember(_ active: SessionStore.Active, id: String, now: Date, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= Self.capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[id] = Entry(active: active, foundAt: now)
        }
    }

    func removeAll() {
        state.withLock { state in
            state.entries.removeAll(keepingCapacity: true)
            state.generation += 1
        }
    }
}
