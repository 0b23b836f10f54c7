@testable import HTMLSafety

/// Sanitise untrusted markup the way user-supplied snippets are sanitised.
func clean(_ s: String) -> String {
    HTMLPipeline(policy: .fragment).sanitise(fragment: s)
}

/// Run a whole page through the page pipeline.
func processPage(_ s: String) -> HTMLPipeline.Result {
    HTMLPipeline(policy: .page).process(page: s)
}

/// A minimal well-formed page around `body`, so page tests only show what they test.
func page(head: String = "<title>T</title>", body: String) -> String {
    "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>"
}

/// What `processPage(page(head:body:))` returns when everything is kept.
func expectedPage(head: String = "<title>T</title>", body: String) -> String {
    "<!DOCTYPE html>\n<html><head>\(head)</head><body>\(body)</body></html>"
}

/// The classic payload: harmless once its event handler is gone.
let imgPayload = "<img src=x onerror=alert(1)>"
