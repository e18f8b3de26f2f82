import Hummingbird
import PlanCore
import PlanNotes

/// One task: its page, and the changes made to it.
struct TaskController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get("/tasks/:id", use: show)
        router.post("/tasks/:id", use: edit)
        router.get("/tasks/:id/actions", use: actions)
        router.post("/tasks/:id/move", use: move)
        router.post("/tasks/:id/finish", use: finish)
        router.post("/tasks/:id/delete", use: delete)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let task = try await deps.store.task(try context.taskID())
        if request.wantsJSON { return try .json(TaskJSON(task)) }
        // After a save that cleaned the notes, the redirect says what was removed (counts only, never text).
        let removed = RemovalReport(query: request.uri.queryParameters["removed"].map(String.init))
        let strings = deps.strings(context)
        let banner = removed.isEmpty ? nil : Banner.notice(strings("task.savedCleaned", ["removed": strings.removal(removed)]))
        return try deps.renderer.response(TaskPage(
            task: task, strings: strings, timeZone: ReaderTimeZone.of(request), csrf: context.csrfToken,
            notesHTML: deps.shown(notes: task.notes, logger: context.logger), version: task.version, banner: banner), for: deps.reader(request, context))
    }

    /// The card's move and delete choices as a page, for browsers without JavaScript.
    @Sendable func actions(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let board = try await deps.currentBoard()
        guard let task = board.task(id) else { _ = try await deps.store.task(id); throw PlanError.taskNotFound(id) }
        return try deps.renderer.response(
            TaskActionsPage(task: task, on: board, csrf: context.csrfToken, strings: deps.strings(context)), for: deps.reader(request, context))
    }

    @Sendable func edit(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let fields = try context.fields()
        let current = try await deps.store.task(id)
        do {
            let form = try EditTaskForm(fields)
            let notes = try deps.notes(form.notes)
            if form.previewing && !request.wantsJSON {
                // Show what would be kept, and what would go, without saving anything.
                let strings = deps.strings(context)
                let removed = strings.removal(notes?.removed ?? RemovalReport())
                let banner = Banner.notice(removed.isEmpty ? strings("task.previewNotice") : strings("task.previewCleaned", ["removed": removed]))
                return try deps.renderer.response(TaskPage(
                    task: current, strings: strings, timeZone: ReaderTimeZone.of(request), csrf: context.csrfToken, notesHTML: notes?.shown,
                    previewing: true, form: .typed(fields, over: current, notesIfNone: ""), version: form.version ?? current.version, banner: banner),
                    for: deps.reader(request, context))
            }
            let edit = try TaskEdit(title: form.title, important: form.important, notes: notes?.notes, basedOn: form.version)
            let saved = try await deps.store.edit(id, edit, client: context.clientID)
            if request.wantsJSON {
                var response = try taskJSON(saved)
                if let notes, !notes.removed.isEmpty { response.headers[.notesCleaned] = notes.removed.summary }
                return response
            }
            let removed = notes?.removed ?? RemovalReport()
            return .seeOther("/tasks/\(id)" + (removed.isEmpty ? "" : "?removed=" + removed.query))
        } catch let error as PlanError {
            if request.wantsJSON { throw error }
            // The task as it is now, with what the person typed kept in the form.
            let latest = (try? await deps.store.task(id)) ?? current
            var typed = TaskPage.EditForm.typed(fields, over: latest, notesIfNone: latest.notesSource)
            let strings = deps.strings(context)
            switch error.field {
            case "title": typed.titleError = strings.message(error)
            case "notes", "notes_format": typed.notesError = strings.message(error)
            default: break
            }
            let message = if case .editedElsewhere = error {
                strings("task.changedElsewhere", ["title": latest.title])
            } else {
                strings("task.notSaved", ["reason": strings.message(error)])
            }
            // Saving again after a conflict is a deliberate overwrite: the form now carries the latest version.
            let page = TaskPage(
                task: latest, strings: strings, timeZone: ReaderTimeZone.of(request), csrf: context.csrfToken,
                notesHTML: deps.shown(notes: latest.notes, logger: context.logger), form: typed, version: latest.version, banner: .error(message))
            return try deps.renderer.response(page, for: deps.reader(request, context), status: error.status)
        }
    }

    @Sendable func move(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let move = try await MoveForm(fields).request(for: id) { try await deps.store.task(id).column }
            let result = try await deps.store.move(move, client: context.clientID)
            if request.wantsJSON { return try .json(MoveJSON(revision: result.revision, task: TaskJSON(result.task))) }
            return .seeOther("/#task-\(id)")
        }
    }

    @Sendable func finish(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let form = try FinishForm(fields)
            let saved = try await deps.store.setFinished(id, form.finished, client: context.clientID)
            if request.wantsJSON { return try taskJSON(saved, card: try deps.cardHTML(saved.value, context.language)) }
            // The task page asks to come back to itself; the board to the card.
            return .seeOther(form.returnsToTask ? "/tasks/\(id)" : "/#task-\(id)")
        }
    }

    @Sendable func delete(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        return try await deps.boardChange(request, context) {
            let deleted = try await deps.store.delete(id, client: context.clientID)
            if request.wantsJSON { return try .json(RevisionJSON(revision: deleted.revision)) }
            // The board says what went, with Undo, once.
            var response = Response.seeOther("/")
            response.setCookie(FlashNotice.deleted(deleted.value.title))
            return response
        }
    }

    private func taskJSON(_ change: Revised<PlanTask>, card: String? = nil) throws -> Response {
        var response = try Response.json(TaskJSON(change.value, card: card))
        response.headers[.boardRevision] = String(change.revision)
        return response
    }
}
