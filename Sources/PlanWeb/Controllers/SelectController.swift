import Hummingbird
import PlanCore

/// Several tasks at once: `GET /select` (a checkbox per task, for browsers without JavaScript) and
/// `POST /select` (the board's selection, or that page's form), one change the store makes whole
/// or not at all, which one Undo takes back.
struct SelectController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.select, answer: show)
        router.post(.select, answer: change)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        Answer(page: {
            try deps.page(SelectPage(board: try await deps.currentBoard(), csrf: context.csrfToken, strings: deps.strings(context)), request, context)
        })
    }

    @Sendable func change(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let fields = try context.fields()
        let save = { () async throws -> (form: BatchForm, changed: Revised<[PlanTask]>) in
            let form = try BatchForm(fields)
            return (form, try await deps.store.changeMany(form.ids, form.action, client: context.clientID))
        }
        return Answer(
            page: {
                do {
                    let (form, _) = try await save()
                    var response = Response.seeOther(Route.board.path)
                    response.setCookie(FlashNotice.batch(form.action, count: Set(form.ids).count))
                    return response
                } catch let error as PlanError {
                    // The page again, with what was ticked still ticked and the reason across the top.
                    let ticked = BatchForm.ticked(fields)
                    let strings = deps.strings(context)
                    let page = SelectPage(
                        board: try await deps.currentBoard(), checked: ticked, refusal: strings("select.notDone", ["reason": strings.message(error)]),
                        csrf: context.csrfToken, strings: strings)
                    return try deps.page(page, request, context, status: error.status)
                }
            },
            json: {
                let (form, changed) = try await save()
                let message = FlashNotice.batchMessage(form.action, count: Set(form.ids).count, strings: deps.strings(context))
                return try .json(
                    BatchJSON(revision: changed.revision, tasks: changed.value.map { TaskJSON($0) }, message: message),
                    headers: [.boardRevision: String(changed.revision)])
            })
    }
}
