import Hummingbird
import PlanCore

/// One task: its page, and the changes made to it.
struct TaskController {
    let deps: WebDependencies

    /// The longest move id kept for retries; longer ones are a client bug.
    static let maxMoveIDLength = 100

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get("/tasks/:id", use: show)
        router.post("/tasks/:id", use: edit)
        router.post("/tasks/:id/move", use: move)
        router.post("/tasks/:id/finish", use: finish)
        router.post("/tasks/:id/delete", use: delete)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let task = try await deps.store.task(try context.taskID())
        if request.wantsJSON { return try .json(TaskJSON(task)) }
        return try deps.renderer.response(TaskPage(task: task, csrf: context.csrfToken))
    }

    @Sendable func edit(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let form = context.form
        let current = try await deps.store.task(id)
        // A field left out keeps its value, so a script can change just one thing.
        let title = form["title"] ?? current.title
        let notes = form["notes"] ?? current.notes
        do {
            let important = try form.optionalBool("important") ?? current.important
            let edit = try TaskEdit(title: title, important: important, notes: notes)
            let saved = try await deps.store.edit(id, edit, client: context.clientID)
            if request.wantsJSON { return try taskJSON(saved) }
            return .seeOther("/tasks/\(id)")
        } catch let error as PlanError {
            if request.wantsJSON { throw error }
            var typed = TaskPage.EditForm(title: title, important: form.flag("important"), notes: notes)
            switch error.field {
            case "title": typed.titleError = error.message
            case "notes": typed.notesError = error.message
            default: break
            }
            let page = TaskPage(task: current, csrf: context.csrfToken, form: typed, banner: .error("The task was not saved: \(error.message)"))
            return try deps.renderer.response(page, status: error.status)
        }
    }

    @Sendable func move(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let form = context.form
        return try await deps.boardChange(request, context) {
            let moveID = form["move_id"].flatMap { $0.isEmpty ? nil : $0 }
            if let moveID, moveID.count > Self.maxMoveIDLength {
                throw PlanError.invalidField(name: "move_id", reason: "must be at most \(Self.maxMoveIDLength) characters")
            }
            let revision: Int64?
            if let raw = form["revision"], !raw.isEmpty {
                guard let value = Int64(raw), value >= 0 else { throw PlanError.invalidField(name: "revision", reason: "must be a whole number") }
                revision = value
            } else {
                revision = nil
            }
            let moveRequest = MoveRequest(taskID: id, column: try form.column(), after: try form.optionalTaskID("after"), moveID: moveID, revision: revision)
            let result = try await deps.store.move(moveRequest, client: context.clientID)
            if request.wantsJSON { return try .json(MoveJSON(revision: result.revision, task: TaskJSON(result.task))) }
            return .seeOther("/#task-\(id)")
        }
    }

    @Sendable func finish(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let form = context.form
        return try await deps.boardChange(request, context) {
            let finished = try form.optionalBool("finished") ?? true
            let saved = try await deps.store.setFinished(id, finished, client: context.clientID)
            if request.wantsJSON { return try taskJSON(saved) }
            // The task page asks to come back to itself; the board to the card.
            return .seeOther(form["return"] == "task" ? "/tasks/\(id)" : "/#task-\(id)")
        }
    }

    @Sendable func delete(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        return try await deps.boardChange(request, context) {
            let deleted = try await deps.store.delete(id, client: context.clientID)
            if request.wantsJSON { return try .json(RevisionJSON(revision: deleted.revision)) }
            return .seeOther("/")
        }
    }

    private func taskJSON(_ change: Revised<PlanTask>) throws -> Response {
        var response = try Response.json(TaskJSON(change.value))
        response.headers[.boardRevision] = String(change.revision)
        return response
    }
}
