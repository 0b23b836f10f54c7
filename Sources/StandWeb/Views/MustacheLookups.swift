import Mustache

// Mustache reads values by reflection (`Mirror`) unless a type answers by name
// itself. On the dashboard, reflection was a quarter of the server's CPU time
// (perf, scripts/bench), so the layout and the most-viewed page answer directly.
// Other pages keep plain reflection.

extension PageContext: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "layout": layout
        case "page": page
        default: nil
        }
    }
}

extension LayoutModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "csrf": csrf
        case "staffEmail": staffEmail
        case "signedIn": signedIn
        case "staffRole": staffRole
        case "nav": nav
        case "navHTML": navHTML
        case "canSearchUsers": canSearchUsers
        case "notice": notice
        default: nil
        }
    }
}

extension LayoutModel.NavItem: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "current": current
        default: nil
        }
    }
}

extension DashboardController.DashboardPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "today": today
        case "question": question
        case "userCount": userCount
        case "pendingSuggestions": pendingSuggestions
        case "pendingDeletionRequests": pendingDeletionRequests
        case "unscheduledDays": unscheduledDays
        case "hasUnscheduledDays": hasUnscheduledDays
        case "canSchedule": canSchedule
        case "canHandleDeletions": canHandleDeletions
        default: nil
        }
    }
}

extension QuestionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "text": text
        case "runsOn": runsOn
        case "total": total
        case "choices": choices
        default: nil
        }
    }
}

extension QuestionView.Choice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "count": count
        case "percent": percent
        default: nil
        }
    }
}
