import Mustache

// Search results and the user page are the most-viewed pages after the
// dashboard; like it, they answer Mustache by name instead of by reflection.

extension UsersController.UsersPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "query": query
        case "caption": caption
        case "rowsHTML": rowsHTML
        case "hasRows": hasRows
        case "noMatch": noMatch
        case "isEmptyStore": isEmptyStore
        case "problem": problem
        case "pageNumber": pageNumber
        case "nextHref": nextHref
        default: nil
        }
    }
}

extension UserPageController.UserPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "uuid": uuid
        case "email": email
        case "phone": phone
        case "phoneReadable": phoneReadable
        case "birthdate": birthdate
        case "age": age
        case "reminderTime": reminderTime
        case "reminderInstant": reminderInstant
        case "joined": joined
        case "joinedInstant": joinedInstant
        case "points": points
        case "currentStreak": currentStreak
        case "longestStreak": longestStreak
        case "lastStood": lastStood
        case "totalAnswers": totalAnswers
        case "answersHTML": answersHTML
        case "hasAnswers": hasAnswers
        case "olderAnswersHref": olderAnswersHref
        case "newestAnswersHref": newestAnswersHref
        case "entries": entries
        case "hasEntries": hasEntries
        case "requests": requests
        case "hasRequests": hasRequests
        case "hasPendingRequest": hasPendingRequest
        case "eventsHTML": eventsHTML
        case "hasEvents": hasEvents
        case "viewsSummary": viewsSummary
        case "canEdit": canEdit
        case "canDelete": canDelete
        case "noteError": noteError
        case "note": note
        default: nil
        }
    }
}


extension UserPageController.UserPage.Entries: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "status": status
        case "entries": entries
        case "voided": voided
        case "grants": grants
        default: nil
        }
    }
}

extension UserPageController.UserPage.Request: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "source": source
        case "status": status
        case "received": received
        case "note": note
        default: nil
        }
    }
}
