import Hummingbird
import PlanCore

/// Scheduling a task from the board: its menu's Tomorrow, This weekend, Next week and Pick a date,
/// which set its when-date on the board's days (the day's turn then brings it to Today); and the
/// add field's chip, which says before Enter which day a typed title will be read as.
struct ScheduleController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.post(.schedule, answer: schedule)
        router.get(.reading, answer: reading)
    }

    /// `GET /reading?title=…` (`literal=1`: read nothing): the title as `POST /tasks` would read it
    /// now, on the board's day, with the chip's words in the reader's language. For scripts (the
    /// page's chip); a person who opens it is sent to the board.
    @Sendable func reading(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let typed = request.uri.queryParameters["title"].map(String.init) ?? ""
        let literal = request.uri.queryParameters["literal"] == "1"
        return Answer(
            page: { .seeOther(Route.board.path) },
            json: {
                let today = try await deps.today()
                let reading = literal ? TypedTitle(title: typed) : TypedTitle.read(typed, today: today)
                return try .json(ReadingJSON(reading, today: today, strings: deps.strings(context)))
            })
    }

    /// Sets (or, with an empty `when`, clears) the when-date; back to the card. A day that cannot
    /// be read shows the actions page again with the reason and what was typed; scripts get the refusal.
    @Sendable func schedule(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let fields = try context.fields()
        let form: ScheduleForm
        do {
            form = try ScheduleForm(fields)
        } catch let error as PlanError {
            return Answer(
                page: {
                    let board = try await deps.currentBoard()
                    guard let task = board.task(id) else { throw PlanError.taskNotFound(id) }
                    let strings = deps.strings(context)
                    let page = TaskActionsPage(
                        task: task, on: board, today: try await deps.today(), csrf: context.csrfToken, strings: strings,
                        pick: .init(typed: fields["when"] ?? "", error: strings.dayFieldError(error, typed: fields["when"] ?? "")))
                    return try deps.page(page, request, context, status: error.status)
                },
                json: { try await deps.refusalJSON(error, context) })
        }
        return try await deps.boardChange(request, context) {
            let today = try await deps.today()
            let saved = try await deps.store.edit(id, try TaskEdit(when: .set(form.day(today: today))), client: context.clientID)
            return .redirect(to: Route.cardPath(id)) {
                try .json(
                    TaskJSON(saved.value, card: try deps.cardHTML(saved.value, context.language, today: today)),
                    headers: [.boardRevision: String(saved.revision)])
            }
        }
    }
}
