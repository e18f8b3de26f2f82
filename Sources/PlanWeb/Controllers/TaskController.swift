import HTTPTypes
import Hummingbird
import PlanCore
import PlanMarkdown
import PlanNotes

/// One task: its page, and the changes made to it.
struct TaskController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.task, answer: show)
        router.post(.task, answer: edit)
        router.get(.taskActions, answer: actions)
        router.post(.move, answer: move)
        router.post(.finish, answer: finish)
        router.post(.delete, answer: delete)
        router.post(.check, answer: check)
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let task = try await deps.store.task(try context.taskID())
        return Answer(
            page: {
                // After a save the redirect says so, and what was removed from the notes if anything
                // was (counts only, never text).
                let query = request.uri.queryParameters
                let removed = RemovalReport(query: query["removed"].map(String.init))
                let strings = deps.strings(context)
                let banner: Banner? = if !removed.isEmpty {
                    Banner.notice(strings("task.savedCleaned", ["removed": strings.removal(removed)]))
                } else if query["saved"] != nil {
                    Banner.notice(strings("task.saved"))
                } else {
                    nil
                }
                return try deps.page(TaskPage(
                    task: task, strings: strings, timeZone: ReaderTimeZone.of(request), today: try await deps.today(), csrf: context.csrfToken,
                    notesHTML: deps.shown(notes: task.notes, logger: context.logger), version: task.version, banner: banner), request, context)
            },
            json: { try .json(TaskJSON(task)) })
    }

    /// The card's move and delete choices as a page, for browsers without JavaScript.
    @Sendable func actions(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let board = try await deps.currentBoard()
        guard let task = board.task(id) else { _ = try await deps.store.task(id); throw PlanError.taskNotFound(id) }
        return Answer(page: {
            try deps.page(
                TaskActionsPage(task: task, on: board, today: try await deps.today(), csrf: context.csrfToken, strings: deps.strings(context)),
                request, context)
        })
    }

    /// Saves an edit — or, for a person who asked for a preview, shows what would be kept. A
    /// refused edit shows the task page again with what the person typed; a script gets the refusal.
    @Sendable func edit(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let fields = try context.fields()
        let current = try await deps.store.task(id)
        // What was sent: the form, and its notes as they would be kept.
        let sent = { () throws -> (form: EditTaskForm, notes: NoteRenderer.Rendered?) in
            let form = try EditTaskForm(fields)
            return (form, try deps.notes(form.notes))
        }
        let save = { (form: EditTaskForm, notes: NoteRenderer.Rendered?) async throws -> Revised<PlanTask> in
            let edit = try TaskEdit(
                title: form.title, important: form.important, notes: notes?.notes, when: form.when, deadline: form.deadline,
                repeats: form.repeats, basedOn: form.version)
            return try await deps.store.edit(id, edit, client: context.clientID)
        }
        return Answer(
            page: {
                do {
                    let (form, notes) = try sent()
                    if form.previewing { return try await preview(current, form: form, notes: notes, fields: fields, request, context) }
                    _ = try await save(form, notes)
                    if form.returnsToBoard { return .seeOther(Route.cardPath(id)) }
                    let removed = notes?.removed ?? RemovalReport()
                    return .seeOther(Route.task(id).path(query: removed.isEmpty ? "saved=1" : "saved=1&removed=" + removed.query))
                } catch let error as PlanError {
                    return try await refusedEdit(error, current, fields: fields, request, context)
                }
            },
            json: {
                let (form, notes) = try sent()
                let saved = try await save(form, notes)
                // The card as now drawn, so the board can show a quick edit (importance, a rename) in place.
                let card = try deps.cardHTML(saved.value, context.language, today: try await deps.today())
                return try taskJSON(saved, card: card, headers: .notesCleaned(notes))
            })
    }

    /// What would be kept, and what would go, without saving anything.
    private func preview(
        _ task: PlanTask, form: EditTaskForm, notes: NoteRenderer.Rendered?, fields: FormFields, _ request: Request, _ context: PlanRequestContext
    ) async throws -> Response {
        let strings = deps.strings(context)
        let removed = strings.removal(notes?.removed ?? RemovalReport())
        let banner = Banner.notice(removed.isEmpty ? strings("task.previewNotice") : strings("task.previewCleaned", ["removed": removed]))
        return try deps.page(TaskPage(
            task: task, strings: strings, timeZone: ReaderTimeZone.of(request), today: try await deps.today(), csrf: context.csrfToken,
            notesHTML: notes?.shown, previewing: true, form: .typed(fields, over: task, notesIfNone: "", strings: strings),
            version: form.version ?? task.version, banner: banner),
            request, context)
    }

    /// The task as it is now, with what the person typed kept in the form and the reason across the top.
    private func refusedEdit(
        _ error: PlanError, _ current: PlanTask, fields: FormFields, _ request: Request, _ context: PlanRequestContext
    ) async throws -> Response {
        let latest = (try? await deps.store.task(current.id)) ?? current
        let strings = deps.strings(context)
        var typed = TaskPage.EditForm.typed(fields, over: latest, notesIfNone: latest.notesSource, strings: strings)
        switch error.field {
        case "title": typed.titleError = strings.message(error)
        case "notes", "notes_format": typed.notesError = strings.message(error)
        case "when": typed.whenError = strings.dayFieldError(error, typed: typed.when)
        case "deadline": typed.deadlineError = strings.dayFieldError(error, typed: typed.deadline)
        case "repeat": typed.repeatError = strings.dayFieldError(error, typed: typed.repeats)
        default: break
        }
        // Saving again after a conflict is a deliberate overwrite: the form now carries the latest version.
        return try await refused(error, latest, form: typed, stale: "task.changedElsewhere", other: "task.notSaved", request, context)
    }

    /// The task page as `task` is now (its form as `form` holds it), with why a change was refused
    /// across the top: the `stale` text when it was changed elsewhere, else the `other` with the reason.
    private func refused(
        _ error: PlanError, _ task: PlanTask, form: TaskPage.EditForm? = nil, stale: String, other: String, _ request: Request, _ context: PlanRequestContext
    ) async throws -> Response {
        let strings = deps.strings(context)
        let message = if case .editedElsewhere = error {
            strings(stale, ["title": task.title])
        } else {
            strings(other, ["reason": strings.message(error)])
        }
        let page = TaskPage(
            task: task, strings: strings, timeZone: ReaderTimeZone.of(request), today: try await deps.today(), csrf: context.csrfToken,
            notesHTML: deps.shown(notes: task.notes, logger: context.logger), form: form, version: task.version, banner: .error(message))
        return try deps.page(page, request, context, status: error.status)
    }

    @Sendable func move(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let move = try await MoveForm(fields).request(for: id) { try await deps.store.task(id).column }
            let result = try await deps.store.move(move, client: context.clientID)
            return .redirect(to: Route.cardPath(id)) { try .json(MoveJSON(revision: result.revision, task: TaskJSON(result.task))) }
        }
    }

    @Sendable func finish(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let form = try FinishForm(fields)
            let saved = try await deps.store.setFinished(id, form.finished, client: context.clientID)
            // The task page asks to come back to itself; the board to the card.
            return .redirect(to: form.returnsToTask ? Route.task(id).path : Route.cardPath(id)) {
                try taskJSON(saved, card: try deps.cardHTML(saved.value, context.language, today: try await deps.today()))
            }
        }
    }

    @Sendable func delete(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        return try await deps.boardChange(request, context) {
            let deleted = try await deps.store.delete(id, client: context.clientID)
            // The board says what went, with Undo, once.
            return Answer(
                page: {
                    var response = Response.seeOther(Route.board.path)
                    response.setCookie(FlashNotice.deleted(deleted.value.title))
                    return response
                },
                json: { try .json(RevisionJSON(revision: deleted.revision)) })
        }
    }

    /// Ticks or unticks one item of the task's checklist: exactly that `[ ]` or `[x]` of the notes
    /// as written changes, and the notes are rendered and saved as an edit saves them — so the
    /// change is logged, undoable and sent to other tabs like any edit, and refused like one when
    /// the page's version is not the task's. A person comes back to the task page (or sees it again
    /// with the reason); a script gets the task, its card and the board's revision.
    @Sendable func check(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        let fields = try context.fields()
        let tick = { () async throws -> Revised<PlanTask> in
            let form = try CheckItemForm(fields)
            let task = try await deps.store.task(id)
            let source = try Self.notes(of: task, ticking: form.item, checked: form.checked)
            let notes = try deps.notes.render(source, as: .markdown)
            return try await deps.store.edit(id, TaskEdit(notes: notes.notes, basedOn: form.version), client: context.clientID)
        }
        return Answer(
            page: {
                do {
                    _ = try await tick()
                    return .seeOther(Route.task(id).path(fragment: "notes-heading"))
                } catch let error as PlanError {
                    // The task page as it is now, with why the tick was refused.
                    let task = try await deps.store.task(id)
                    return try await refused(error, task, stale: "checklist.changedElsewhere", other: "checklist.notChanged", request, context)
                }
            },
            json: {
                let saved = try await tick()
                return try taskJSON(saved, card: try deps.cardHTML(saved.value, context.language, today: try await deps.today()))
            })
    }

    /// The notes as written with checklist item `item` ticked or unticked; refused when the notes
    /// are not Markdown or have no such item.
    static func notes(of task: PlanTask, ticking item: Int, checked: Bool) throws(PlanError) -> String {
        guard task.notesFormat == .markdown else { throw .invalidField(name: "item", problem: .notAChecklist) }
        let configuration = NoteRenderer.markdownNesting
        guard let source = Markdown.settingTaskListItem(item, checked: checked, in: task.notesSource, configuration: configuration) else {
            let count = Markdown.taskListItems(in: task.notesSource, configuration: configuration).count
            throw .invalidField(name: "item", problem: .noSuchChecklistItem(count: count))
        }
        return source
    }

    /// A changed task for scripts, with the board's revision in `X-Board-Revision`.
    private func taskJSON(_ change: Revised<PlanTask>, card: String? = nil, headers: HTTPFields = [:]) throws -> Response {
        var fields: HTTPFields = [.boardRevision: String(change.revision)]
        fields.append(contentsOf: headers)
        return try .json(TaskJSON(change.value, card: card), headers: fields)
    }
}
