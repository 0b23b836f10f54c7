import Foundation
import GRDB
import Testing
@testable import StandCore

@Suite struct StoreTimestampTests {
    @Test(arguments: [0.0, 951_782_400.123, 1_795_000_000.5, -86_400.25, 4_102_444_799.999])
    func writesWhatGRDBWritesAndReadsItBack(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let ours = StoreTimestamp.string(date)
        // GRDB's own encoding of a Date is the reference format of the store.
        let grdb = String.fromDatabaseValue(date.databaseValue)
        #expect(ours == grdb)
        let back = try #require(StoreTimestamp.date(ours))
        #expect(abs(back.timeIntervalSince1970 - (seconds * 1000).rounded(.down) / 1000) < 0.000_5)
    }

    @Test func writesAFiveDigitYearAsGRDBDoes() {
        let year10000 = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(StoreTimestamp.string(year10000) == String.fromDatabaseValue(year10000.databaseValue))
    }

    @Test func readsWhatOtherWritersMayUse() {
        let expected = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        #expect(StoreTimestamp.date("2026-11-18 11:06:40") == expected)
        #expect(StoreTimestamp.date("2026-11-18T11:06:40Z") == expected)
        #expect(StoreTimestamp.date("2026-11-18T11:06:40.000Z") == expected)
        #expect(StoreTimestamp.date(.integer(1_795_000_000)) == expected)
        #expect(StoreTimestamp.date("2026-11-18") == Date(timeIntervalSince1970: 1_794_960_000))
        #expect(StoreTimestamp.date("yesterday") == nil)
        #expect(StoreTimestamp.date("2026-13-01") == nil)
    }

    @Test func daysAndMinutesForPages() {
        let leapDay = Date(timeIntervalSince1970: 951_782_400)  // 2000-02-29 00:00 UTC
        #expect(UTCDate.day(leapDay) == "2000-02-29")
        #expect(UTCDate.minute(leapDay.addingTimeInterval(3_661)) == "2000-02-29 01:01 UTC")
        #expect(UTCDate.iso8601(leapDay.addingTimeInterval(3_661)) == "2000-02-29T01:01:01Z")
        #expect(UTCDate.day(UTCDate.adding(days: 1, to: leapDay)) == "2000-03-01")
    }
}

@Suite struct UserAgeTests {
    static func day(_ text: String) -> Date { StoreTimestamp.date(text)! }

    @Test(arguments: [
        ("2008-11-23", "2026-11-23", 18), ("2008-11-24", "2026-11-23", 17), ("2000-02-29", "2018-02-28", 17),
        ("2000-02-29", "2018-03-01", 18), ("2000-02-29", "2024-02-29", 24), ("1950-01-01", "2026-11-23", 76),
    ])
    func wholeYearsOnTheUTCDay(birthdate: String, today: String, years: Int) {
        #expect(UserAge.years(birthdate: birthdate, on: Self.day(today)) == years)
    }

    @Test func malformedBirthdateHasNoAge() {
        #expect(UserAge.years(birthdate: "yesterday", on: Date()) == nil)
    }
}
