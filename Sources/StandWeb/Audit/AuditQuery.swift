import Foundation
import Hummingbird
import StandCore

/// The audit log's filters as typed in its form (a GET query): staff member,
/// action, target (an email, phone or UUID, read like the user search), a
/// date range in UTC, and whether to include page views. The page and the CSV
/// export read the same query.
struct AuditQuery: Sendable {
    var staffId: Int64?
    var action: AuditAction?
    var target = ""
    var from = ""
    var through = ""
    var includeViews = false

    init(_ parameters: QueryParameters) throws {
        staffId = try parameters.number("staff", in: QueryParameters.rowIds)
        action = parameters["action"].flatMap(AuditAction.init(rawValue:))
        target = TextInput.searchable(parameters["target"] ?? "").trimmingCharacters(in: .whitespaces)
        from = parameters["from"] ?? ""
        through = parameters["through"] ?? ""
        includeViews = parameters["views"] == "1"
    }

    /// The store filter, or the problems with what was typed (field → message).
    func filter(_ directory: UserDirectory) async throws -> (AuditLog.Filter, ValidationErrors) {
        var errors = ValidationErrors()
        var filter = AuditLog.Filter(staffId: staffId, action: action, includeViews: includeViews)
        filter.from = Self.day(from, field: "from", into: &errors)
        filter.through = Self.day(through, field: "through", into: &errors)
        if let start = filter.from, let end = filter.through, end < start {
            errors.add("through", "The end date is before the start date.")
        }
        if !target.isEmpty {
            switch try await directory.search(UserQuery(target), limit: 1) {
            case .account(let uuid):
                filter.targetType = AuditTarget.user
                filter.targetId = uuid
            case .invalid(let message):
                errors.add("target", message)
            case .matches, .noMatch, .empty:
                errors.add("target", "No account has exactly that email, phone or UUID (a deleted account is found by its UUID).")
            }
        }
        return (filter, errors)
    }

    private static func day(_ text: String, field: String, into errors: inout ValidationErrors) -> Date? {
        guard !text.isEmpty else { return nil }
        guard let date = UTCDate.parseDay(text) else {
            errors.add(field, "Enter a date as YYYY-MM-DD.")
            return nil
        }
        return date
    }

    /// The query again, for links (the next page, the CSV export).
    var items: QueryItems {
        ["staff": staffId.map { String($0) }, "action": action?.rawValue, "target": target.isEmpty ? nil : target,
         "from": from.isEmpty ? nil : from, "through": through.isEmpty ? nil : through, "views": includeViews ? "1" : nil]
    }

    var isFiltered: Bool {
        staffId != nil || action != nil || !target.isEmpty || !from.isEmpty || !through.isEmpty || includeViews
    }
}
