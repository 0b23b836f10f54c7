import Foundation
import GRDB
import StandCore
import Testing
@testable import StandWeb

/// A question's results: tallies kept by triggers, percentages that add up to
/// 100, the hourly chart, and counts that stay right while the app writes.
@Suite struct QuestionResultsTests {
    typealias Day = QuestionDays

    @Test(arguments: [
        ([1, 1, 1], [34, 33, 33]),
        ([2, 2, 2, 1], [29, 29, 28, 14]),
        ([1, 0, 0], [100, 0, 0]),
        ([0, 0], nil),
        ([1, 2], [33, 67]),
    ])
    func percentagesAddUpToExactly100(counts: [Int], expected: [Int]?) {
        let shares = QuestionResults.percentages(counts)
        #expect(shares == expected)
        if let shares { #expect(shares.reduce(0, +) == 100) }
    }

    @Test func theResultsPageShowsRoundedSharesAndTheHourlyChart() async throws {
        let console = try await TestConsole()
        try await console.createStaff("support@example.com", role: .support)
        let data = AppData(store: console.store)
        let day = Day.offset(-1)
        let id = try await data.question(day: day, text: "Which season is best?", choices: ["Spring", "Summer", "Autumn", "Winter"])
        let empty = try await data.question(day: Day.offset(-2), text: "Which is the best fruit?", choices: ["Apples", "Pears"])
        for (index, choice) in [0, 0, 1, 1, 2, 2, 3].enumerated() {
            let user = try await data.user(email: "u\(index)@example.com", phone: "+1555000\(1000 + index)")
            try await data.answer(user, question: id, choice: choice, at: "\(day) \(index < 4 ? "08" : "17"):1\(index):00.000")
        }
        try await console.run { browser in
            try await browser.signIn("support@example.com")
            let page = try await browser.get("/questions/\(id)")
            #expect(page.body.contains("<span id=\"total-answers\">7</span> answers"))
            for share in ["29%", "28%", "14%"] { #expect(page.body.contains("<span class=\"num\">\(share)</span>")) }
            #expect(page.body.components(separatedBy: "<span class=\"num\">29%</span>").count == 3)
            // Bars are SVG drawn on the server: no script, no inline style.
            #expect(page.body.contains("<rect class=\"bar\" x=\"0\" y=\"0\" width=\"29\" height=\"10\"></rect>"))
            #expect(!page.body.contains("style="))
            // Four answers at 08:xx and three at 17:xx, in the chart and its table.
            #expect(page.body.contains("role=\"img\" aria-label=\"Answers per hour on \(day), UTC; busiest 08:00 with 4\""))
            #expect(page.body.contains("<td data-label=\"Hour (UTC)\">08:00</td><td data-label=\"Answers\" class=\"num\">4</td>"))
            #expect(page.body.contains("<td data-label=\"Hour (UTC)\">17:00</td><td data-label=\"Answers\" class=\"num\">3</td>"))
            let nobody = try await browser.get("/questions/\(empty)")
            #expect(nobody.body.contains("No answers yet."))
            #expect(!nobody.body.contains("%</span>"))
        }
    }

    @Test func hourlyTalliesFollowEveryWriteOfAnswers() async throws {
        let console = try await TestConsole()
        let data = AppData(store: console.store)
        let day = Day.offset(-1)
        let id = try await data.question(day: day, text: "Which season is best?", choices: ["Spring", "Summer"])
        let user = try await data.user(email: "a@example.com", phone: "+15550001000")
        try await data.answer(user, question: id, choice: 0, at: "\(day) 03:00:00.000")
        try await data.answer(nil, question: id, choice: 1, at: "\(day) 03:59:59.999")
        func hourly() async throws -> [Int] {
            try await console.store.read { db in try QuestionResults.fetch(db, id: id)!.hourly }
        }
        #expect(try await hourly()[3] == 2)
        try await console.store.write { db in
            try db.execute(sql: "UPDATE answers SET answered_at = ? WHERE user_id = ?", arguments: ["\(day) 22:00:00.000", user.id])
        }
        var counts = try await hourly()
        #expect(counts[3] == 1 && counts[22] == 1)
        try await console.store.write { db in try db.execute(sql: "DELETE FROM answers") }
        counts = try await hourly()
        #expect(counts.allSatisfy { $0 == 0 })
    }

    /// Another program inserts answers in batches while the page is read: each
    /// time, the counts shown are those of a `COUNT(*)` of the answers.
    @Test(.sqliteOnly) func resultsStayRightWhileAnotherConnectionInsertsAnswers() async throws {
        let console = try await TestConsole()
        try await console.createStaff("owner@example.com", role: .owner)
        let id = try await AppData(store: console.store).question(day: Day.today, text: "Which season is best?", choices: ["Spring", "Summer", "Autumn"])
        let app = try DatabaseQueue(path: console.configuration.databasePath)
        try await console.run { browser in
            try await browser.signIn("owner@example.com")
            for batch in 0..<5 {
                try await app.write { db in
                    for index in 0..<(40 + batch * 7) {
                        try db.execute(sql: "INSERT INTO answers (question_id, user_id, choice_position, answered_at) VALUES (?, NULL, ?, ?)",
                                       arguments: [id, (index * 7 + batch) % 3, "\(Day.today) 0\(batch):00:00.000"])
                    }
                }
                let page = try await browser.get("/questions/\(id)")
                let counted = try await app.read { db in
                    try Int.fetchAll(db, sql: "SELECT COUNT(a.id) FROM question_choices c LEFT JOIN answers a ON a.question_id = c.question_id AND a.choice_position = c.position WHERE c.question_id = ? GROUP BY c.position ORDER BY c.position", arguments: [id])
                }
                let shown = page.body.matches(of: /<td class="num">([0-9,]+)<\/td>/).map { Int($0.1.replacingOccurrences(of: ",", with: ""))! }
                #expect(shown == counted, "batch \(batch)")
                #expect(page.body.contains("<span id=\"total-answers\">\(counted.reduce(0, +).grouped)</span>"))
            }
        }
    }
}
