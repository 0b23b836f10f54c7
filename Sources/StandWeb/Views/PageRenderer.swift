import Foundation
import HTMLSafety
import HTTPTypes
import Hummingbird
import Logging
import Mustache
import StandCore

/// Renders a Mustache template inside the layout and sends it through the
/// libxml2 pipeline: validate → sanitise → serialise.
public struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let navigation: NavigationCache
    let pipeline = HTMLPipeline(policy: .page)
    let failOnInvalidHTML: Bool
    let logger: Logger
    /// The store's health, named at the top of every page while it is not good.
    var storeHealth: StoreHealth?

    /// Loads every template at start-up so a broken one fails at once, not on
    /// the first request that needs it.
    public init(templatesDirectory: String, failOnInvalidHTML: Bool, logger: Logger) async throws {
        self.library = try TemplateLoader.library(directory: templatesDirectory)
        self.navigation = NavigationCache(library: library)
        self.failOnInvalidHTML = failOnInvalidHTML
        self.logger = logger
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw RendererError.missingTemplate(name, directory: templatesDirectory)
        }
    }

    /// Templates the app cannot run without.
    static let requiredTemplates = ["layout", "_nav"]

    func hasTemplate(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// The page's template in the layout, through the pipeline, as a response.
    func render<Page: PageModel>(
        _ page: Page, request: Request, context: AppRequestContext,
        status: HTTPResponse.Status = .ok, notice: String? = nil
    ) throws -> Response {
        var layout = LayoutModel(title: page.title, path: request.uri.path, context: context, notice: notice)
        layout.navHTML = navigation.html(for: layout.nav)
        if request.method == .post { layout.formPage = context.formPage }
        if let problem = storeHealth?.problem {
            layout.storeAlert = context.staff == nil ? problem.fault.heading + "." : problem.summary
        }
        if let query = request.uri.query, query.contains(SubmitOnceMiddleware.repeatParameter),
           let seconds = try? QueryParameters(query: query).number(SubmitOnceMiddleware.repeatParameter, in: 0...4_102_444_800) {
            let first = StoreTimestamp.string(Date(timeIntervalSince1970: TimeInterval(seconds))).prefix(19)
            layout.repeatNotice = "This form was already sent at \(first) UTC, and done then; sending it again changed nothing."
        }
        if layout.storeAlert == nil, storeHealth?.checkingSince != nil {
            layout.storeAlert = "The console is checking the store's file after starting: pages open, and changes wait until it is done."
        }
        let html = try renderHTML(Page.template, PageContext(layout: layout, page: page), timing: context.timing)
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.serverTiming] = context.timing.headerValue
        if status == .serviceUnavailable || status == .insufficientStorageStatus { headers[.retryAfter] = String(StoreBusy.retryAfterSeconds) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: html)))
    }

    /// Render and run the pipeline; the returned HTML is what is sent.
    func renderHTML(_ template: String, _ object: Any, timing: RequestTiming) throws -> [UInt8] {
        guard let rendered = timing.measure(.render, { library.render(object, withTemplate: template) }) else {
            throw RendererError.missingTemplate(template, directory: "")
        }
        let result = timing.measure(.html) { pipeline.process(polyglotPage: rendered) }
        if !result.issues.isEmpty {
            let summary = result.issues.prefix(3).map(\.description).joined(separator: "; ")
            logger.error("template produced invalid HTML", metadata: ["template": "\(template)", "issues": "\(summary)"])
            if failOnInvalidHTML {
                throw RendererError.invalidHTML(template: template, issues: result.issues)
            }
        }
        return result.bytes
    }
}

public enum RendererError: Error, CustomStringConvertible {
    case missingTemplate(String, directory: String)
    case invalidHTML(template: String, issues: [HTMLIssue])

    public var description: String {
        switch self {
        case .missingTemplate(let name, let directory): "template \(name).mustache not found in \(directory)"
        case .invalidHTML(let template, let issues):
            "\(template).mustache rendered invalid HTML: " + issues.map(\.description).joined(separator: "; ")
        }
    }
}

extension HTTPField.Name {
    static let serverTiming = Self("Server-Timing")!
}

extension PageRenderer {
    /// Render a form shown before sign-in; issues the signed-out CSRF cookie
    /// the form's POST will be checked against, if the browser has none yet.
    func renderSignedOutForm<Page: PageModel>(
        _ page: Page, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        var context = context
        let newToken = context.signedOutCSRF == nil ? StandCore.SecureToken.hex() : nil
        if let newToken { context.signedOutCSRF = newToken }
        var response = try render(page, request: request, context: context, status: status)
        if let newToken { response.setCookie(SessionMiddleware.signedOutCSRFCookie(newToken)) }
        return response
    }
}
