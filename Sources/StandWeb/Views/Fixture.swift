/// Values the page fixtures share (see `PageModel.fixtures`).
enum Fixture {
    /// Markup and an attribute break-out, wherever a person could have typed text.
    static let hostile = "<script>alert(1)</script>\" onmouseover=\"alert(2)"
    static let uuid = "0f8b1c9e-5f2a-4c1d-9a7b-3e2d1c0b9a8f"
}
