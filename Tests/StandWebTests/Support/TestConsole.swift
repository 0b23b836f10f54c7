import Foundation
import HTMLSafety
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import StandCore
import Testing
@testable import StandWeb
import GRDB
import StandTestSupport

/// A console on a fresh store in a temporary folder, built exactly as the binary builds it.
struct TestConsole {
    static let root = repositoryRoot
    static let setupToken = String(repeating: "ab", count: 32)
    static let password = "a-long-test-password"

    let store: StandStore
    let configuration: AppConfiguration
    let staff: StaffAccounts
    /// The new store's folder, removed when the last copy of this console goes.
    let folder: TemporaryFolder?

    /// A console on a new store, or on the store at `databasePath` (a file a test prepared).
    /// `erasureTargets`: deliveries go there, a round at a time when the test
    /// calls `deliverDue()` (or in the background with `sendsErasuresInBackground`).
    /// The store is opened on a thread of its own: on PostgreSQL that may wait for a database to be made.
    init(databasePath: String? = nil, localFiles: String? = nil, erasureTargets: ErasureTargets = .none, sendsErasuresInBackground: Bool = false) async throws {
        let folder = databasePath == nil ? try TemporaryFolder("stand-web") : nil
        self.folder = folder
        let location: String
        if let databasePath {
            location = databasePath
        } else {
            let url = folder!.url
            location = try await onOwnThread { try TestDatabase.location(in: url) }
        }
        var configuration = AppConfiguration(
            databasePath: location,
            templatesDirectory: Self.root.appendingPathComponent("Templates").path,
            publicDirectory: Self.root.appendingPathComponent("Public").path,
            // Low cost keeps the suite fast; production's cost is tested in StandCoreTests.
            bcryptCost: 4,
            failOnInvalidHTML: true,
            setupToken: Self.setupToken,
            erasureTargets: erasureTargets
        )
        configuration.sendsErasuresInBackground = sendsErasuresInBackground
        self.configuration = configuration
        // Short, so tests where another program holds the lock past it stay short.
        let localFiles = localFiles ?? (folder?.url ?? FileManager.default.temporaryDirectory).appendingPathComponent("local").path
        store = try await onOwnThread {
            try StandStore(path: location, busyTimeout: 1, localFiles: localFiles, postgres: TestDatabase.postgresOptions)
        }
        staff = StaffAccounts(store: store, hasher: PasswordHasher(cost: 4))
    }

    /// The folder of the console's own files (journals, exports), for a server
    /// the test starts on the same store (`--local-files`; SQLite keeps them beside its file).
    var localFilesFolder: String {
        URL(fileURLWithPath: store.localFilesPrefix).deletingLastPathComponent().path
    }

    @discardableResult
    func createStaff(_ email: String, role: StaffRole, password: String = TestConsole.password) async throws -> StaffMember {
        try await staff.create(.init(email: email, role: role, password: password), by: .commandLine)
    }

    func run(_ test: @Sendable (Browser) async throws -> Void) async throws {
        try await runWithServices { browser, _ in try await test(browser) }
    }

    /// Run with the app's services at hand (to flush buffered account views).
    func runWithServices(_ test: @Sendable (Browser, AppServices) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let services = try await AppServices(configuration: configuration, store: store, logger: logger)
        let app = buildApplication(configuration, services: services, logger: logger)
        try await app.test(.router) { client in
            try await test(Browser(client: client), services)
        }
    }

    /// Run over a real socket (`.live`): the test gets the port, for requests
    /// no client library sends (headers without their body).
    func runLive(_ test: @Sendable (Browser, Int) async throws -> Void) async throws {
        try await runLiveWithServices { browser, port, _ in try await test(browser, port) }
    }

    /// Over a real socket with the app's background services running (the erasure loops).
    func runLiveWithServices(_ test: @Sendable (Browser, Int, AppServices) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = self.configuration
        configuration.port = 0
        let services = try await AppServices(configuration: configuration, store: store, logger: logger)
        let app = buildApplication(configuration, services: services, logger: logger)
        try await app.test(.live) { client in
            try await test(Browser(client: client), try #require(client.port), services)
        }
    }

    func auditCount(_ action: AuditAction? = nil) async throws -> Int {
        try await store.read { db in
            if let action {
                return try (Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events WHERE action = ?", arguments: [action.rawValue]) ?? 0)
            }
            return try (Int.fetchOne(db, sql: "SELECT COUNT(*) FROM audit_events") ?? 0)
        }
    }
}


/// A tiny browser over the test client: keeps cookies, reads the CSRF token
/// from the last page, and checks every HTML page with libxml2.
final class Browser: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    private(set) var lastPage = ""

    init(client: any TestClientProtocol) {
        self.client = client
    }

    struct Page {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: String
        /// The body as sent (a ZIP is not text).
        var bytes: [UInt8] = []
        var location: String? { headers[.location] }
    }

    @discardableResult
    func get(_ uri: String) async throws -> Page {
        try await send(uri, method: .get, body: nil)
    }

    /// POST a form; `csrf` defaults to the token in the last page seen.
    @discardableResult
    func post(_ uri: String, _ fields: [String: String], csrf: String? = nil, includeCSRF: Bool = true) async throws -> Page {
        var fields = fields
        if includeCSRF { fields["csrf"] = csrf ?? csrfToken }
        let body = fields.sorted { $0.key < $1.key }
            .map { "\(URLEncoding.component($0.key))=\(URLEncoding.component($0.value))" }.joined(separator: "&")
        return try await send(uri, method: .post, body: body)
    }

    /// POST a form whose names repeat (`ids[]` checkboxes), in the order given.
    @discardableResult
    func post(_ uri: String, pairs: [(String, String)]) async throws -> Page {
        let body = ([("csrf", csrfToken)] + pairs).map { "\(URLEncoding.component($0.0))=\(URLEncoding.component($0.1))" }.joined(separator: "&")
        return try await send(uri, method: .post, body: body)
    }

    /// POST `multipart/form-data` as a browser sends a file input: the CSRF
    /// field (unless `includeCSRF` is false) and one file part.
    @discardableResult
    func upload(_ uri: String, file: [UInt8], fileName: String = "questions.csv", includeCSRF: Bool = true) async throws -> Page {
        let boundary = "----StandTestBoundary\(UInt32.random(in: 0...UInt32.max))"
        var body = ByteBuffer()
        if includeCSRF {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrfToken)\r\n")
        }
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: text/csv\r\n\r\n")
        body.writeBytes(file)
        body.writeString("\r\n--\(boundary)--\r\n")
        return try await send(uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: body)
    }

    var csrfToken: String {
        guard let range = lastPage.range(of: #"name="csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return "" }
        return String(lastPage[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    /// The single-use submission id the forms of the last page carry.
    var submissionToken: String? {
        lastPage.firstMatch(of: /name="submission" value="([0-9a-f]{16,32})"/).map { String($0.1) }
    }

    /// The same URL-encoded form sent `times` times at once, as a browser
    /// double-clicking or a script hammering it would (one session).
    func postConcurrently(_ uri: String, _ fields: [String: String], times: Int) async throws -> [Page] {
        var fields = fields
        fields["csrf"] = csrfToken
        let body = fields.sorted { $0.key < $1.key }
            .map { "\(URLEncoding.component($0.key))=\(URLEncoding.component($0.value))" }.joined(separator: "&")
        var headers = HTTPFields()
        headers[.contentType] = "application/x-www-form-urlencoded"
        headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let client = self.client
        return try await withThrowingTaskGroup(of: Page.self) { group in
            for _ in 0..<times {
                group.addTask { [headers] in
                    let response = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
                    return Page(status: response.status, headers: response.headers, body: String(buffer: response.body))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @discardableResult
    func signIn(_ email: String, password: String = TestConsole.password) async throws -> Page {
        try await get("/login")
        return try await post("/login", ["email": email, "password": password])
    }

    func forgetCookies() { cookies = [:] }

    func setCookie(_ name: String, _ value: String) { cookies[name] = value }

    private func send(_ uri: String, method: HTTPRequest.Method, body: String?) async throws -> Page {
        var headers = HTTPFields()
        if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        return try await send(uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// Any method, headers and body bytes (the session cookie is added), as an attacker or a monitor sends them.
    @discardableResult
    func send(_ uri: String, method: HTTPRequest.Method, headers extra: HTTPFields = [:], body: ByteBuffer? = nil) async throws -> Page {
        var headers = extra
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let response = try await client.execute(uri: uri, method: method, headers: headers, body: body)
        for header in response.headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if header.contains("Max-Age=0") || value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
        let text = String(buffer: response.body)
        if response.headers[.contentType]?.hasPrefix("text/html") == true, method != .head {
            lastPage = text
            let issues = HTMLPipeline().validate(page: text)
            #expect(issues.isEmpty, "\(method) \(uri) sent invalid HTML: \(issues)")
            // A page cut short (a NUL once ended libxml2's input) still parses: check it is whole.
            #expect(text.hasSuffix("</html>") || text.hasSuffix("</html>\n"), "\(method) \(uri) sent an incomplete page")
        }
        return Page(status: response.status, headers: response.headers, body: text, bytes: Array(buffer: response.body))
    }
}
