import Hummingbird
import NIOCore
import StandCore

/// Per-request state: who is signed in, their session, and stage timings.
public struct AppRequestContext: RequestContext, Sendable {
    public var coreContext: CoreRequestContextStorage
    public var staff: StaffMember?
    public var session: StaffSession?
    /// The staff member has a confirmed second factor (sign-in asks for codes).
    public var hasSecondFactor = false
    /// Owners require a second factor and this staff member has none yet:
    /// every page but setting one up (and signing out) leads there.
    public var mustSetUpSecondFactor = false
    /// The CSRF token for forms shown before sign-in (login, setup), from its cookie.
    public var signedOutCSRF: String?
    /// An upload's parts, read and checked once by `CSRFMiddleware`.
    var multipartForm: MultipartForm?
    public let timing = RequestTiming()
    /// The single-use id every form on the page this request renders carries:
    /// Hummingbird's request id (random per process, then counted), so it is
    /// unique per rendered page and costs nothing until a page asks for it.
    public var formToken: String { id }
    /// The form submission this POST is, from its `submission` field (signed in only).
    var submission: FormSubmission?
    /// For a POST: the page its form belongs to (the nearest page above its
    /// action), where the history entry of the answer points, so the back
    /// button never offers to send the form again.
    var formPage: String?
    public let remoteIP: String?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteIP = source.channel.remoteAddress?.ipAddress
    }

    /// Forms post `application/x-www-form-urlencoded`.
    public var requestDecoder: URLEncodedFormDecoder { URLEncodedFormDecoder() }

    /// No form of the console is anywhere near this; anything bigger is refused.
    public var maxUploadSize: Int { 64 * 1024 }

    /// The CSRF token every form on this page must carry.
    public var csrfToken: String { session?.csrfToken ?? signedOutCSRF ?? "" }

    /// The browser and address a sign-in starts a session for.
    func signInClient(_ request: Request) -> SignInClient {
        SignInClient(address: remoteIP, userAgent: request.headers[.userAgent])
    }

    public var auditActor: AuditActor {
        if let staff { AuditActor(staff, ip: remoteIP) } else { .anonymous(ip: remoteIP) }
    }

    public func can(_ permission: Permission) -> Bool {
        staff?.can(permission) ?? false
    }
}
