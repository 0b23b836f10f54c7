import Testing
@testable import StandWeb

@Suite struct RequestTimingTests {
    @Test(arguments: [
        (UInt64(0), 3, "0.000"), (1_234_567, 3, "1.235"), (999_499, 3, "0.999"), (12_000_000_000, 3, "12000.000"),
        (1_250_000, 1, "1.3"), (40_000, 1, "0.0"), (10_049_999, 1, "10.0"),
    ])
    func formatsMilliseconds(nanoseconds: UInt64, decimals: Int, expected: String) {
        #expect(RequestTiming.milliseconds(nanoseconds, decimals: decimals) == expected)
    }

    @Test func headerListsOnlyMeasuredStages() {
        let timing = RequestTiming()
        timing.add(.db, 250_000)
        timing.add(.db, 250_000)
        timing.add(.html, 80_000)
        #expect(timing.headerValue == "db;dur=0.500, html;dur=0.080")
    }
}
