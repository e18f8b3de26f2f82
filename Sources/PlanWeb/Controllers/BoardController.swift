import Hummingbird
import PlanCore
import PlanNotes

/// The board itself: showing it and adding tasks to it.
struct BoardController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get("/", use: show)
        router.post("/tasks", use: create)
        router.post("/undo", use: undo)
        router.get("/healthz") { _, _ in "ok" }
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let board = try await deps.store.board()
        if request.wantsJSON { return try .json(BoardJSON(board)) }
        return try deps.renderer.response(try await deps.boardPage(context, board: board))
    }

    @Sendable func create(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let form = try context.fields()
        return try await deps.boardChange(request, context) {
            let column = try form.column()
            let important = try form.optionalBool("important") ?? false
            let notes = try deps.clean(notes: form["notes"] ?? "")
            let new: NewTask
            do {
                new = try NewTask(title: form["title"] ?? "", column: column, important: important, notes: notes.html.html)
            } catch let error as PlanError where !request.wantsJSON {
                // Show the board again with what the person typed kept in that column's form.
                let add = BoardPage.AddForm(title: form["title"] ?? "", important: important, error: error.message)
                return try deps.renderer.response(try await deps.boardPage(context, addForms: [column: add]), status: error.status)
            }
            let created = try await deps.store.create(new, client: context.clientID)
            if request.wantsJSON {
                var response = try Response.json(TaskJSON(created.value), status: .created)
                response.headers[.boardRevision] = String(created.revision)
                if !notes.removed.isEmpty { response.headers[.notesCleaned] = notes.removed.summary }
                return response
            }
            return .seeOther("/#task-\(created.value.id)")
        }
    }

    @Sendable func undo(_ request: Request, context: PlanRequestContext) async throws -> Response {
        try await deps.boardChange(request, context) {
            let undone = try await deps.store.undo(client: context.clientID)
            if request.wantsJSON {
                return try .json(UndoJSON(revision: undone.revision, undone: undone.value.undone.rawValue, exists: undone.value.exists, task: TaskJSON(undone.value.task)))
            }
            return .seeOther(undone.value.exists ? "/#task-\(undone.value.task.id)" : "/")
        }
    }
}
