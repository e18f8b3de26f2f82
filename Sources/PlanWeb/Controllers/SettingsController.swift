import HTTPTypes
import Hummingbird
import PlanCore
import PlanStore

/// The board's settings page: its time zone and the hour its day starts.
struct SettingsController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.settings, answer: show)
        router.post(.settings, answer: save)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let settings = try await deps.store.settings()
        let now = deps.environment.now()
        return Answer(
            page: {
                try page(settings, request, context, saved: request.uri.queryParameters["saved"] != nil)
            },
            json: { try .json(SettingsJSON(settings, serverZone: deps.store.serverZone, now: now)) })
    }

    /// Saves both settings, or shows the page again with what was typed and what is wrong with it.
    @Sendable func save(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let fields = try context.fields()
        let current = try await deps.store.settings()
        let form = SettingsForm(fields, current: current)
        do {
            let saved = try await deps.store.saveSettings(timeZone: form.timeZone, dayStartsAt: try form.hour(), client: context.clientID)
            let now = deps.environment.now()
            return Answer.redirect(to: Route.settings.path(query: "saved=1")) {
                try .json(SettingsJSON(saved.value, serverZone: deps.store.serverZone, now: now), headers: [.boardRevision: String(saved.revision)])
            }
        } catch let error as PlanError {
            return Answer(
                page: { try page(current, request, context, typed: form, refusal: error, status: error.status) },
                json: { try await deps.refusalJSON(error, context) })
        }
    }

    private func page(
        _ settings: BoardSettings, _ request: Request, _ context: PlanRequestContext, typed: SettingsForm? = nil, refusal: PlanError? = nil,
        saved: Bool = false, status: HTTPResponse.Status = .ok
    ) throws -> Response {
        let clock = BoardClockText(strings: deps.strings(context), calendar: settings.calendar(serverZone: deps.store.serverZone))
        let view = SettingsPage(
            settings: settings, clock: clock, now: deps.environment.now(), serverZone: deps.store.serverZone, csrf: context.csrfToken,
            typed: typed, refusal: refusal, saved: saved)
        return try deps.page(view, request, context, status: status)
    }
}
