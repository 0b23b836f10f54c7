import Hummingbird
import StandCore

/// `/healthz`, without sign-in, for whatever watches the process: 200 `ok`,
/// or 503 naming the store's problem (damaged, disk full, failing disk)
/// while there is one, or saying the start-up check is still running.
struct HealthController {
    let health: StoreHealth

    func addRoutes(to router: Routes) {
        router.get(Site.health, .anyone) { _, _ in
            let problem = health.problem
            // Not ready while the start-up check runs: scripts and monitors wait for it as for a problem.
            let checking = health.checkingSince.map { "checking: the store's file since \(StoreTimestamp.string($0)) UTC; no changes until done" }
            let text = problem.map { "store: " + $0.summary } ?? checking ?? "ok"
            return Response(status: problem == nil && checking == nil ? .ok : .serviceUnavailable,
                            headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: text)))
        }
    }
}
