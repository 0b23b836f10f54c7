import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import StandCore

/// Everything the app needs, built once; the binary and the tests build it the same way.
public struct AppServices: Sendable {
    public let store: StandStore
    public let staff: StaffAccounts
    public let sessions: SessionStore
    public let renderer: PageRenderer
    public let accountViews: AccountViewRecorder
    /// Where forms already sent led (submit-once).
    public let submissions: FormSubmissions
    /// Deleted accounts whose bytes may still be in the store's file or WAL; one loop per process.
    public let erasures: PendingErasures
    /// The outbox's sender: tells Firebase, AWS… of each deletion, in the background; one loop per process.
    public let erasureDeliveries: ErasureDeliveries
    // The features' services, built once: each controller gets the ones it uses, never the store.
    let directory: UserDirectory
    let userEdit: UserEdit
    let deletion: AccountDeletion
    let deletionRequests: DeletionRequests
    let scheduling: QuestionScheduling
    let questionImport: QuestionImport
    let review: SuggestionReview
    let sweepstakesAdmin: SweepstakesAdmin
    let draws: SweepstakesDraws
    let corrections: EntryCorrections
    let suspensions: AccountSuspensions
    let accountSessions: AccountSessions
    let statsCorrections: StatsCorrections
    let notes: AccountNotes
    let timeline: AccountTimeline
    let dataExport: DataExport
    let auditLog: AuditLog
    let dashboard: Dashboard
    let secondFactors: SecondFactors
    let secondFactorRequirement: SecondFactorRequirement
    /// Every route registered, by pattern and method (405 answers, and the fuzz test's list).
    let routes = RouteTable()
    /// Question CSV files between preview and apply.
    let uploads = PendingUploads()
    let logger: Logger

    public init(configuration: AppConfiguration, store: StandStore? = nil, logger: Logger) async throws {
        let store = try store ?? StandStore(path: configuration.databasePath)
        self.store = store
        self.logger = logger
        self.staff = StaffAccounts(store: store, hasher: PasswordHasher(cost: configuration.bcryptCost))
        self.sessions = SessionStore(store: store, logger: logger)
        self.accountViews = AccountViewRecorder(store: store, logger: logger)
        self.submissions = FormSubmissions(store: store)
        await Self.replayJournaledViews(store: store, logger: logger)
        self.erasures = PendingErasures(store: store)
        let targets = configuration.erasureTargets
        erasureDeliveries = ErasureDeliveries(
            outbox: ErasureOutbox(store: store, schedule: ErasureSchedule(firstRetry: targets.firstRetry)),
            courier: ErasureCourier(targets: targets))
        directory = UserDirectory(store: store)
        secondFactors = SecondFactors(store: store)
        secondFactorRequirement = SecondFactorRequirement(store: store)
        userEdit = UserEdit(store: store)
        deletion = AccountDeletion(store: store, erasures: erasures, deliveries: erasureDeliveries)
        // One figure for the dashboard and the requests page, counted at most once a second
        // and again after every change the outbox makes.
        let incompleteCounts = erasureDeliveries.outbox.incompleteCounts
        deletionRequests = DeletionRequests(store: store, incompleteCounts: incompleteCounts)
        scheduling = QuestionScheduling(store: store)
        questionImport = QuestionImport(store: store)
        review = SuggestionReview(store: store)
        sweepstakesAdmin = SweepstakesAdmin(store: store)
        draws = SweepstakesDraws(store: store)
        corrections = EntryCorrections(store: store)
        suspensions = AccountSuspensions(store: store)
        accountSessions = AccountSessions(store: store)
        statsCorrections = StatsCorrections(store: store)
        notes = AccountNotes(store: store)
        timeline = AccountTimeline(store: store)
        dataExport = DataExport(store: store)
        auditLog = AuditLog(store: store)
        dashboard = Dashboard(store: store, incompleteCounts: erasureDeliveries.outbox.incompleteCounts)
        var renderer = try await PageRenderer(
            templatesDirectory: configuration.templatesDirectory,
            failOnInvalidHTML: configuration.failOnInvalidHTML,
            logger: logger
        )
        renderer.storeHealth = store.health
        self.renderer = renderer
        // Every page's template, at start-up: a missing one fails now, not on its first request.
        for page in PageCatalogue.all where !renderer.hasTemplate(page.template) {
            throw RendererError.missingTemplate(page.template, directory: configuration.templatesDirectory)
        }
    }

    /// Write what requests left in the write-behind buffers (views, session touches) now.
    public func flushBufferedWrites() async {
        await Self.replayJournaledViews(store: store, logger: logger)
        await accountViews.flush()
        await sessions.touches.flush()
    }

    /// Views a killed process journaled but never wrote: at start-up, and at
    /// every flush (the store may be busy or being checked at start-up, and
    /// another console on the same store may be killed while this one runs).
    /// Finding none costs a directory listing.
    static func replayJournaledViews(store: StandStore, logger: Logger) async {
        do {
            try await AccountViewRecorder.replayJournals(store, logger: logger)
        } catch {
            logger.debug("journaled account views not written yet; next flush tries again", metadata: ["error": "\(type(of: error))"])
        }
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
    var background: [any Service] = [
        BufferedWritesService(flush: services.flushBufferedWrites),
        BackgroundLoopService(loop: services.erasures.runUntilCancelled, logger: logger),
        BackgroundLoopService(loop: services.deletion.finishUnderwayUntilCancelled, logger: logger),
    ]
    if configuration.sendsErasuresInBackground {
        background.append(BackgroundLoopService(loop: services.erasureDeliveries.runUntilCancelled, logger: logger))
    }
    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(60))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        services: background,
        onServerRunning: { _ in await onServerRunning() },
        logger: logger
    )
}

func buildRouter(_ configuration: AppConfiguration, services: AppServices, logger: Logger) -> Router<AppRequestContext> {
    // HEAD is answered wherever GET is (monitors and link checkers use it).
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let table = services.routes
    router.add(middleware: RequestLogMiddleware(logger: logger))
    router.add(middleware: PathGuardMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ServerTimingMiddleware())
    router.add(middleware: SessionMiddleware(sessions: services.sessions))
    router.add(middleware: ErrorPageMiddleware(renderer: services.renderer))
    router.add(middleware: MethodNotAllowedMiddleware(table: table))
    // Serves a file only when no route matched, so it sits inside the error
    // pages: a missing file still gets the 404 page.
    router.add(middleware: FileMiddleware(
        configuration.publicDirectory,
        urlBasePath: Site.staticFiles.pattern,
        cacheControl: .init([(MediaType(type: .any), [.public, .maxAge(3600)])]),
        logger: logger
    ))
    router.add(middleware: CSRFMiddleware(routes: table))
    router.add(middleware: SubmitOnceMiddleware(submissions: services.submissions, routes: table))

    // Each controller lists its routes with who may use each (`Access`).
    let routes = Routes(group: router.group(), table: table)
    HealthController(health: services.store.health).addRoutes(to: routes)
    LoginController(staff: services.staff, renderer: services.renderer).addRoutes(to: routes)
    SetupController(staff: services.staff, renderer: services.renderer, setupToken: configuration.setupToken).addRoutes(to: routes)
    DashboardController(dashboard: services.dashboard, renderer: services.renderer).addRoutes(to: routes)
    let recentSignIn = RecentSignIn(staff: services.staff, renderer: services.renderer)
    AccountController(staff: services.staff, secondFactors: services.secondFactors, renderer: services.renderer).addRoutes(to: routes)
    UsersController(directory: services.directory, renderer: services.renderer).addRoutes(to: routes)
    UserPageController(directory: services.directory, deletionRequests: services.deletionRequests, renderer: services.renderer, views: services.accountViews,
                       notes: services.notes, timeline: services.timeline).addRoutes(to: routes)
    UserEditController(directory: services.directory, userEdit: services.userEdit, deletion: services.deletion, renderer: services.renderer).addRoutes(to: routes)
    AccountDeletionController(deletion: services.deletion, deliveries: services.erasureDeliveries, recentSignIn: recentSignIn, renderer: services.renderer)
        .addRoutes(to: routes)
    AccountToolsController(directory: services.directory, suspensions: services.suspensions, sessions: services.accountSessions,
                           corrections: services.statsCorrections, export: services.dataExport, renderer: services.renderer).addRoutes(to: routes)
    DeletionRequestsController(deletionRequests: services.deletionRequests, renderer: services.renderer).addRoutes(to: routes)
    QuestionsController(scheduling: services.scheduling, renderer: services.renderer).addRoutes(to: routes)
    QuestionFormController(scheduling: services.scheduling, renderer: services.renderer).addRoutes(to: routes)
    QuestionUploadController(questionImport: services.questionImport, renderer: services.renderer, uploads: services.uploads).addRoutes(to: routes)
    SuggestionsController(review: services.review, scheduling: services.scheduling, renderer: services.renderer).addRoutes(to: routes)
    SweepstakesController(sweepstakesAdmin: services.sweepstakesAdmin, draws: services.draws, renderer: services.renderer).addRoutes(to: routes)
    DrawController(sweepstakesAdmin: services.sweepstakesAdmin, draws: services.draws, recentSignIn: recentSignIn, renderer: services.renderer)
        .addRoutes(to: routes)
    PublicDrawController(draws: services.draws, renderer: services.renderer, files: .read()).addRoutes(to: routes)
    EntryCorrectionsController(corrections: services.corrections, sweepstakesAdmin: services.sweepstakesAdmin, renderer: services.renderer).addRoutes(to: routes)
    StaffController(staff: services.staff, requirement: services.secondFactorRequirement, recentSignIn: recentSignIn, renderer: services.renderer)
        .addRoutes(to: routes)
    AuditController(auditLog: services.auditLog, directory: services.directory, renderer: services.renderer).addRoutes(to: routes)
    return router
}
