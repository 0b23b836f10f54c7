import Hummingbird
import StandCore

/// The `{uuid}` of `/users/{uuid}/…`, for the user, edit and deletion pages.
enum UserRoute {
    /// The UUID in canonical form; anything else is a 404.
    static func uuid(_ context: AppRequestContext) throws -> String {
        guard let raw = context.parameters.get("uuid"), let uuid = UserQuery.canonicalUUID(raw) else {
            throw HTTPError(.notFound, message: "That is not an account's address: account UUIDs are 32 hexadecimal digits.")
        }
        return uuid
    }

    /// No live account: a deleted one shows its tombstone, an unknown one is a 404.
    static func missing(_ uuid: String, deletion: AccountDeletion) async throws -> Response {
        if try await deletion.tombstone(uuid: uuid) != nil {
            return .redirect(to: Site.user.href(uuid))
        }
        throw HTTPError(.notFound, message: "No account has the UUID \(uuid).")
    }
}
