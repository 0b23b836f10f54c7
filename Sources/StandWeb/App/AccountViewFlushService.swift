import ServiceLifecycle
import StandCore

/// Writes buffered account views when the server shuts down gracefully, so a
/// SIGTERM does not lose the last half second of the audit trail.
struct AccountViewFlushService: Service {
    let recorder: AccountViewRecorder

    func run() async throws {
        try? await gracefulShutdown()
        await recorder.flush()
    }
}
