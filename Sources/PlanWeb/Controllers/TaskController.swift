import Hummingbird
import PlanCore
import PlanNotes

/// One task: its page, and the changes made to it.
struct TaskController {
    let deps: WebDependencies

    /// The longest move id kept for retries; longer ones are a client bug.
    static let maxMoveIDLength = 100

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
        let form = try context.fields()
        let current = try await deps.store.task(id)
        // A field left out keeps its value (the store applies the edit inside its transaction), so a
        // script can change just one thing; the form also sends the version it was drawn from.
        let typedTitle = form["title"]
        let typedNotes = form["notes"]
        let previewing = form["preview"] != nil && !request.wantsJSON
        // What the person chose, kept in the form whatever happens.
        let typedFormat = typedNotes.flatMap { try? NoteRenderer.format(named: form["notes_format"], for: $0) }
        do {
            let important = try form.optionalBool("important")
            let version = try form.optionalNumber("version")
            let notes = try deps.notes(in: form)
            if previewing {
                // Show what would be kept, and what would go, without saving anything.
                let typed = TaskPage.EditForm(
                    title: typedTitle ?? current.title, important: form.flag("important"), notes: typedNotes ?? "",
                    format: typedFormat ?? current.notesFormat)
                let strings = deps.strings(context)
                let removed = strings.removal(notes?.removed ?? RemovalReport())
                let banner = Banner.notice(removed.isEmpty ? strings("task.previewNotice") : strings("task.previewCleaned", ["removed": removed]))
                return try deps.renderer.response(TaskPage(
                    task: current, strings: strings, timeZone: ReaderTimeZone.of(request), csrf: context.csrfToken, notesHTML: notes?.shown,
                    previewing: true, form: typed, version: version ?? current.version, banner: banner), for: deps.reader(request, context))
            }
            let edit = try TaskEdit(title: typedTitle, important: important, notes: notes?.notes, basedOn: version)
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
            var typed = TaskPage.EditForm(
                title: typedTitle ?? latest.title, important: form.flag("important"), notes: typedNotes ?? latest.notesSource,
                format: typedFormat ?? latest.notesFormat)
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
        let form = try context.fields()
        return try await deps.boardChange(request, context) {
            let result = try await deps.store.move(try await moveRequest(id, form), client: context.clientID)
            if request.wantsJSON { return try .json(MoveJSON(revision: result.revision, task: TaskJSON(result.task))) }
            return .seeOther("/#task-\(id)")
        }
    }

    /// Reads a move: `column` and `after` (a drag's anchored move), or `to` (a button's relative
    /// one: top, up, down, bottom, or a column's name for the end of that column).
    private func moveRequest(_ id: TaskID, _ form: FormFields) async throws -> MoveRequest {
        var moveID = form["move_id"].flatMap { $0.isEmpty ? nil : $0 }
        if let moveID, moveID.utf8.count > Self.maxMoveIDLength {
            throw PlanError.invalidField(name: "move_id", problem: .tooLong(limit: Self.maxMoveIDLength))
        }
        let revision = try form.optionalNumber("revision")
        guard let to = form["to"], !to.isEmpty else {
            return MoveRequest(taskID: id, column: try form.column(), after: try form.optionalTaskID("after"), moveID: moveID, revision: revision)
        }
        let place: MovePlace
        var column: BoardColumn
        if let target = BoardColumn(rawValue: to) {
            (place, column) = (.bottom, target)
        } else {
            place = switch to {
            case "top": .top
            case "up": .up
            case "down": .down
            case "bottom": .bottom
            default: throw PlanError.invalidField(name: "to", problem: .unknownPlace)
            }
            column = try await deps.store.task(id).column
            if let named = form["column"], !named.isEmpty { column = try BoardColumn(parsing: named) }
        }
        // A button sent twice from the same page (a double click, a resubmitted form) is one move.
        if moveID == nil, let revision { moveID = "form-\(revision)-\(id)-\(to)-\(column.rawValue)" }
        return MoveRequest(taskID: id, column: column, place: place, moveID: moveID, revision: revision)
    }

    @Sendable func finish(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let id = try context.taskID()
        let form = try context.fields()
        return try await deps.boardChange(request, context) {
            let finished = try form.optionalBool("finished") ?? true
            let saved = try await deps.store.setFinished(id, finished, client: context.clientID)
            if request.wantsJSON { return try taskJSON(saved, card: try deps.cardHTML(saved.value, context.language)) }
            // The task page asks to come back to itself; the board to the card.
            return .seeOther(form["return"] == "task" ? "/tasks/\(id)" : "/#task-\(id)")
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
