import Hummingbird

/// `/healthz`: 200 `ok` without sign-in, for whatever watches the process.
struct HealthController {
    func addRoutes(to router: Routes) {
        router.get(Site.health) { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: .init(string: "ok")))
        }
    }
}
