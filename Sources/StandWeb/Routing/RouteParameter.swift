import Hummingbird

/// Numbers taken from a path (`/staff/{id}/…`): a positive row id, or no such page.
enum RouteParameter {
    static func rowId(_ context: AppRequestContext, _ name: String = "id") throws -> Int64 {
        guard let raw = context.parameters.get(name), raw.utf8.count <= 19, let id = Int64(raw), id > 0 else {
            throw HTTPError(.notFound, message: "There is no record at this address.")
        }
        return id
    }
}
