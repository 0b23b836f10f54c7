import Foundation
import Hummingbird
import StandCore

/// `/draws/{token}`: a draw's public record and its snapshot, for anyone with
/// the link (no sign-in); withdrawn or unknown, it is a plain 404. Also the
/// stand-alone verifier and the draw's specification the record links to,
/// read once at start-up.
struct PublicDrawController {
    let draws: SweepstakesDraws
    let renderer: PageRenderer
    let files: PublishedFiles
    /// Anyone may download a snapshot, and a million entrants' one costs a
    /// core a fraction of a second and its pieces' memory: a few at a time,
    /// the rest asked to come back in a moment.
    let downloads = WorkSlots(limit: 2)

    /// `scripts/verify-draw.py` and `docs/draws.md`, as the console found them
    /// next to its templates (nil when it runs without them).
    struct PublishedFiles: Sendable {
        let verifier: ByteBuffer?
        let method: ByteBuffer?

        static func read(root: String = FileManager.default.currentDirectoryPath) -> Self {
            func bytes(_ path: String) -> ByteBuffer? {
                FileManager.default.contents(atPath: root + "/" + path).map { ByteBuffer(bytes: $0) }
            }
            return Self(verifier: bytes("scripts/verify-draw.py"), method: bytes("docs/draws.md"))
        }
    }

    func addRoutes(to routes: Routes) {
        routes.get(Site.publicDraw, .anyone, use: record)
        routes.get(Site.publicDrawSnapshot, .anyone, use: snapshot)
        routes.get(Site.publicVerifier, .anyone) { _, _ in try Self.text(files.verifier, type: "text/x-python; charset=utf-8") }
        routes.get(Site.publicDrawMethod, .anyone) { _, _ in try Self.text(files.method, type: "text/markdown; charset=utf-8") }
    }

    @Sendable func record(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let record = try await draws.publicRecord(token: try Self.token(context)) else { throw Self.notFound }
        return try renderer.render(PublicDrawPage(record), request: request, context: context)
    }

    @Sendable func snapshot(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let lease = downloads.take() else {
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "5"],
                            message: "Several people are downloading snapshots right now. Try again in a few seconds.")
        }
        guard let (draw, snapshot) = try await draws.publicSnapshot(token: try Self.token(context)) else { throw Self.notFound }
        return DrawController.snapshotResponse(snapshot, fileName: "stand-draw-\(draw.publicToken ?? "")-snapshot.csv", holding: lease)
    }

    private static func token(_ context: AppRequestContext) throws -> String {
        context.parameters.get("token") ?? ""
    }

    private static let notFound = HTTPError(.notFound, message: "There is no published draw at this address. It may have been withdrawn; ask whoever gave you the link.")

    private static func text(_ bytes: ByteBuffer?, type: String) throws -> Response {
        guard let bytes else { throw HTTPError(.notFound, message: "This console was started without that file.") }
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: bytes))
    }
}
