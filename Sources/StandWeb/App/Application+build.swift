import Hummingbird
import Logging
import NIOCore
import StandCore

/// Everything the app needs, built once; the binary and the tests build it the same way.
public struct AppServices: Sendable {
    public let store: StandStore
    public let staff: StaffAccounts
    public let sessions: SessionStore
    public let renderer: PageRenderer
    public let accountViews: AccountViewRecorder

    public init(configuration: AppConfiguration, store: StandStore? = nil, logger: Logger) async throws {
        let store = try store ?? StandStore(path: configuration.databasePath)
        self.store = store
        self.staff = StaffAccounts(store: store, hasher: PasswordHasher(cost: configuration.bcryptCost))
        self.sessions = SessionStore(store: store)
        self.accountViews = AccountViewRecorder(store: store, logger: logger)
        self.renderer = try await PageRenderer(
            templatesDirectory: configuration.templatesDirectory,
            failOnInvalidHTML: configuration.failOnInvalidHTML,
            logger: logger
        )
    }
}

/// Build the console: store, middleware and controllers.
public func buildApplication(
    _ configuration: AppConfiguration,
    store: StandStore? = nil,
    logger: Logger = Logger(label: "stand-admin"),
    onServerRunning: @escaping @Sendable () async -> Void = {}
) async throws -> some ApplicationProtocol {
    let services = try await AppServices(configuration: configuration, store: store, logger: logger)
    return buildApplication(configuration, services: services, logger: logger, onServerRunning: onServerRunning)
}

/// Build the console on services made by the caller (tests reach into them).
public func buildApplication(
    _ configuration: AppConfiguration,
    services: AppServices,
    logger: Logger = Logger(label: "stand-admin"),
    onServerRunning: @escaping @Sendable () async -> Void = {}
) -> some ApplicationProtocol {
    let router = buildRouter(configuration, services: services, logger: logger)
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(60))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: [AccountViewFlushService(recorder: services.accountViews)],
        onServerRunning: { _ in await onServerRunning() },
        logger: logger
    )
}

func buildRouter(_ configuration: AppConfiguration, services: AppServices, logger: Logger) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware(logger: logger))
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ServerTimingMiddleware())
    router.add(middleware: SessionMiddleware(sessions: services.sessions))
    router.add(middleware: ErrorPageMiddleware(renderer: services.renderer))
    // Serves a file only when no route matched, so it sits inside the error
    // pages: a missing file still gets the 404 page.
    router.add(middleware: FileMiddleware(
        configuration.publicDirectory,
        urlBasePath: "/static",
        cacheControl: .init([(MediaType(type: .any), [.public, .maxAge(3600)])]),
        logger: logger
    ))
    router.add(middleware: CSRFMiddleware())

    HealthController().addRoutes(to: router)
    LoginController(staff: services.staff, renderer: services.renderer).addRoutes(to: router)
    SetupController(staff: services.staff, renderer: services.renderer, setupToken: configuration.setupToken).addRoutes(to: router)

    let signedIn = router.group().add(middleware: RequireStaffMiddleware())
    DashboardController(store: services.store, renderer: services.renderer).addRoutes(to: signedIn)
    AccountController(staff: services.staff, renderer: services.renderer).addRoutes(to: signedIn)
    UsersController(store: services.store, renderer: services.renderer).addRoutes(to: signedIn)
    QuestionsController(store: services.store, renderer: services.renderer).addRoutes(to: signedIn)
    SweepstakesController(store: services.store, renderer: services.renderer).addRoutes(to: signedIn)

    let editors = signedIn.group().add(middleware: RequirePermissionMiddleware(permission: .scheduleQuestions))
    SuggestionsController(store: services.store, renderer: services.renderer).addRoutes(to: editors)
    let deleters = signedIn.group().add(middleware: RequirePermissionMiddleware(permission: .deleteAccounts))
    DeletionRequestsController(store: services.store, renderer: services.renderer).addRoutes(to: deleters)
    AccountDeletionController(store: services.store, renderer: services.renderer).addRoutes(to: deleters)
    UserPageController(store: services.store, renderer: services.renderer, views: services.accountViews)
        .addRoutes(to: signedIn, deleters: deleters)
    let userEditors = signedIn.group().add(middleware: RequirePermissionMiddleware(permission: .editUsers))
    UserEditController(store: services.store, renderer: services.renderer).addRoutes(to: userEditors)

    let owners = signedIn.group().add(middleware: RequirePermissionMiddleware(permission: .manageStaff))
    StaffController(staff: services.staff, renderer: services.renderer).addRoutes(to: owners)
    let auditors = signedIn.group().add(middleware: RequirePermissionMiddleware(permission: .readAuditLog))
    AuditController(store: services.store, staff: services.staff, renderer: services.renderer).addRoutes(to: auditors)
    return router
}
