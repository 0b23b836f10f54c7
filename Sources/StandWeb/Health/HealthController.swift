import Hummingbird
import StandCore

/// `/healthz`, without sign-in, for whatever watches the process: 200 `ok`,
/// or 503 naming the store's problem (damaged, disk full, failing disk)
/// while there is one.
struct HealthController {
    let health: StoreHealth

    func addRoutes(to router: Routes) {
        router.get(Site.health) { _, _ in
            let problem = health.problem
            let text = problem.map { "store: " + $0.summary } ?? "ok"
            return Response(status: problem == nil ? .ok : .serviceUnavailable,
                            headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: text)))
        }
    }
}
