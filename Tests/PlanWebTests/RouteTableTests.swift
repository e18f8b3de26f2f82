import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// The route table (`Route`) is the one place a path is spelled: the router registers it, links and
/// redirects are written from it, and the board page hands it to the scripts.
@Suite struct RouteTableTests {
    /// One address of every row of the table, with values in it.
    static let examples: [Route] = [
        .board, .healthz, .addTask, .task(7), .taskActions(7), .move(7), .finish(7), .delete(7), .check(7), .undo, .columnFinished(.next),
        .welcome, .language, .export, .import, .importReview(upload: "cmV2aWV3LXRoaXMtb25l"), .importSummary(revision: 12), .importUndo(revision: 12), .events,
        .login, .logout, .search, .schedule(7), .reading,
        .logbook, .logbookEntry(7), .putBack(7), .logbookDelete(7), .clearFinished(.today), .settings, .select,
    ]

    /// Answers every request with the pattern the router matched it to, before any handler runs.
    struct RouteProbe: RouterMiddleware {
        typealias Context = PlanRequestContext

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: context.endpointPath ?? "no route")))
        }
    }

    /// What the controllers and the middleware are made with, as `buildApplication` makes it.
    static func parts(_ configuration: AppConfiguration) async throws -> (WebDependencies, StaticAssets) {
        let assets = try StaticAssets(folder: configuration.publicFolder, pinnedVersion: "0123456789ab")
        let renderer = try await PageRenderer(templates: configuration.templatesFolder, assets: assets)
        return (try WebDependencies(store: TestApp.store(), renderer: renderer, environment: TestApp.environment()), assets)
    }

    /// The app's routes (all of them: with an access token, the login's too) behind the probe.
    static func probedRouter() async throws -> Router<PlanRequestContext> {
        var configuration = AppConfiguration(port: 0, resources: TestApp.root)
        configuration.accessToken = AccessToken.generate()
        let (deps, _) = try await parts(configuration)
        let router = Router(context: PlanRequestContext.self)
        router.add(middleware: RouteProbe())
        addRoutes(to: router, configuration: configuration, deps: deps, notifier: ChangeNotifier(), access: Access(sessions: AccessSessions(), limiter: TokenLimiter()))
        return router
    }

    @Test func theExamplesCoverEveryRow() {
        #expect(Set(Self.examples.map(\.name)) == Set(Route.Name.allCases))
    }

    @Test func everyRouteIsRegisteredForExactlyTheMethodsOfItsRow() async throws {
        try await Application(router: try await Self.probedRouter()).test(.router) { client in
            for route in Self.examples {
                for method in [HTTPRequest.Method.get, .post] {
                    let matched = try await client.execute(uri: route.path, method: method).body
                    let expected = route.name.methods.contains(method) ? route.name.template : "no route"
                    #expect(String(buffer: matched) == expected, "\(method) \(route.path)")
                }
            }
        }
    }

    @Test func aPathIsItsTemplateFilledIn() {
        #expect(Route.board.path == "/")
        #expect(Route.move(7).path == "/tasks/7/move")
        #expect(Route.columnFinished(.later).path == "/columns/later/finished")
        #expect(Route.importReview(upload: "abc_-DEF").path == "/import/review/abc_-DEF")
        #expect(Route.importSummary(revision: 42).path == "/imports/42")
        #expect(Route.cardPath(3) == "/#task-3")
        #expect(Route.loginPath(next: "/tasks/3?x=1") == "/login?next=%2Ftasks%2F3%3Fx%3D1")
        for route in Self.examples {
            let template = route.name.template.split(separator: "/")
            let path = route.path.split(separator: "/")
            #expect(template.count == path.count, "\(route)")
            for (expected, actual) in zip(template, path) where expected.first != "{" {
                #expect(expected == actual, "\(route)")
            }
        }
    }

    /// The JavaScript reads `#planboard-routes` (Public/routes.js); these names and templates are
    /// what it was written against, and the block holds the Swift table, every row of it.
    @Test func theBoardPageCarriesTheTableForTheScripts() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/").text
            let block = try #require(page.firstMatch(of: #/<script type="application/json" id="planboard-routes">([^<]*)</script>/#)).1
            let table = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: String])
            #expect(table == Dictionary(uniqueKeysWithValues: Route.Name.allCases.map { ($0.rawValue, $0.template) }))
            let contract = [
                "board": "/", "addTask": "/tasks", "task": "/tasks/{id}", "taskActions": "/tasks/{id}/actions", "move": "/tasks/{id}/move",
                "finish": "/tasks/{id}/finish", "delete": "/tasks/{id}/delete", "undo": "/undo", "welcome": "/welcome",
                "columnFinished": "/columns/{column}/finished", "events": "/events",
            ]
            for (name, template) in contract { #expect(table[name] == template, "\(name)") }
        }
    }

    /// Templates print paths from their view models and `{{routes.…}}`, never spelled by hand.
    @Test func noTemplateSpellsAPath() throws {
        let templates = TestApp.root.appendingPathComponent("Templates")
        let files = FileManager.default.enumerator(atPath: templates.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: templates.appendingPathComponent(file), encoding: .utf8)
            let spelled = text.matches(of: #/(?:href|action|formaction|src)="/[^"]*"/#).map { String($0.0) }
            #expect(spelled.isEmpty, "\(file): \(spelled)")
        }
    }

    @Test func aTaskPathIsAnsweredByTheRoutesName() {
        let paths = TaskPaths(id: 5)
        #expect(paths.child(named: "task") as? String == "/tasks/5")
        #expect(paths.child(named: "taskActions") as? String == "/tasks/5/actions")
        #expect(paths.child(named: "move") as? String == "/tasks/5/move")
        #expect(paths.child(named: "finish") as? String == "/tasks/5/finish")
        #expect(paths.child(named: "delete") as? String == "/tasks/5/delete")
        #expect(paths.child(named: "onBoard") as? String == "/#task-5")
        #expect(RoutePaths().child(named: "undo") as? String == "/undo")
        // A route with a value to fill in has no path of its own.
        #expect(RoutePaths().child(named: "move") == nil)
    }

    /// ARCHITECTURE.md's table of middleware lists each one, in the order the router runs them.
    @Test func theArchitectureTableListsEveryMiddlewareInOrder() async throws {
        let configuration = AppConfiguration(port: 0, resources: TestApp.root)
        let (deps, assets) = try await Self.parts(configuration)
        let chain = middlewareChain(
            configuration: configuration, deps: deps, assets: assets, signer: TestApp.signer,
            access: Access(sessions: AccessSessions(), limiter: TokenLimiter()))
        let architecture = try String(contentsOf: TestApp.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let listed = architecture.matches(of: #/\n\| \d+ \| `(\w+)` \|/#).map { String($0.1) }
        #expect(listed == chain.map { String(describing: type(of: $0)) })
    }
}
