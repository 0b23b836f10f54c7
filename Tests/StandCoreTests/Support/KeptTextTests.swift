import Testing
@testable import StandCore

/// Issue 19: audit details hold no personal data, and staff-typed reasons go
/// into them as typed; so a reason may not name a person by email or phone.
@Suite struct KeptTextTests {
    @Test(arguments: [
        ("asked by ana@example.com", "email address"),
        ("see Ana.B+test@mail.example.co.uk's ticket", "email address"),
        ("called +1 555 223 0001", "phone number"),
        ("called (555) 223-0001", "phone number"),
        ("caller 555.223.0001 confirmed", "phone number"),
        ("number +44 20 7946 0958", "phone number"),
        ("whatsapp +4915112345", "phone number"),
    ])
    func contactDetailsAreFound(_ text: String, _ kind: String) {
        #expect(KeptText.contactDetail(in: text) == kind)
    }

    @Test(arguments: [
        "Ticket 812: app outage",
        "outage on 2026-11-25 10:00 to 2026-11-25 13:30 UTC",
        "entry #10000000 granted twice",
        "draw #3 winner never answered; 1,000,000 entrants",
        "Two accounts, same device; emailed them @ support",
        "duplicate of entries 1234567 and 1234568",
    ])
    func ordinaryReasonsPass(_ text: String) {
        #expect(KeptText.contactDetail(in: text) == nil)
    }

    @Test func theMessageNamesWhatToLeaveOut() {
        var errors = ValidationErrors()
        KeptText.check("asked by ana@example.com", field: "reason", into: &errors)
        #expect(errors.messages["reason"]?.hasPrefix("Leave out the email address here") == true)
    }
}
