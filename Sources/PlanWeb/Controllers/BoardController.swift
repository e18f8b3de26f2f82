import HTTPTypes
import Hummingbird
import PlanCore
import PlanNotes

/// The board itself: showing it, adding tasks to it, and how it looks in this browser.
struct BoardController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.board, answer: show)
        router.post(.addTask, answer: create)
        router.post(.undo, answer: undo)
        router.post(.columnFinished, answer: showFinished)
        router.post(.welcome, answer: dismissWelcome)
        router.post(.language, answer: chooseLanguage)
        router.get(.healthz) { _, _ in "ok" }
    }

    @Sendable func show(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let board = try await deps.currentBoard()
        let filter = try boardFilter(request, context)
        return Answer(
            page: {
                let preferences = BoardPreferences(request)
                let notice = FlashNotice.message(in: request, strings: deps.strings(context)).map(Notice.init)
                // A page with a one-time notice is never answered from a cache; any other is the same
                // page for as long as the board, this session and its choices are the same.
                let tag = notice == nil ? entityTag(board.revision, today: try await deps.today(), context, preferences, filter) : nil
                if let tag, EntityTag.anyMatches(request.headers[values: .ifNoneMatch], tag) {
                    return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: Self.cacheControl, .vary: "Accept-Language"])
                }
                let reader = deps.reader(request, context)
                let key = tag.map { DrawnPageCache.Key(tag: $0, loggedIn: reader.loggedIn, path: reader.path) }
                if let key, let kept = deps.drawnBoards.page(key) {
                    return try keptPage(kept, key, request, reader)
                }
                let page = try await deps.boardPage(context, preferences: preferences, notice: notice, board: board, filter: filter)
                let html = try deps.renderer.board(page, for: reader)
                if let key { deps.drawnBoards.keep(html, for: key) }
                var response = Self.boardResponse(html, tag: tag, reader)
                if notice != nil { response.setCookie(FlashNotice.cleared) }
                return response
            },
            json: {
                // `?cards=html`: each task with its card, for the board page's script to catch up with.
                guard request.uri.queryParameters["cards"] == "html" else { return try .json(BoardJSON(board)) }
                let today = try await deps.today()
                return try .json(BoardJSON(board, card: { try deps.cardHTML($0, context.language, today: today) }))
            })
    }

    /// A board page as every answer carries it: HTML in the reader's language, kept by the browser
    /// only to be asked again (`cacheControl`) under its entity tag.
    static func boardResponse(_ html: ByteBuffer, tag: String?, _ reader: Reader) -> Response {
        var response = PageRenderer.page(html, language: reader.language)
        response.headers[.cacheControl] = cacheControl
        response.headers[.eTag] = tag
        return response
    }

    /// A page kept in `drawnBoards`: its bytes as they were drawn, gzipped (once, then kept) for
    /// a browser that accepts gzip, as `CompressionMiddleware` would answer.
    func keptPage(_ kept: DrawnPageCache.Page, _ key: DrawnPageCache.Key, _ request: Request, _ reader: Reader) throws -> Response {
        var response = Self.boardResponse(kept.plain, tag: key.tag, reader)
        guard CompressionMiddleware.gzips(response, for: request) else { return response }
        let gzip: ByteBuffer
        if let kept = kept.gzip {
            gzip = kept
        } else {
            gzip = try CompressionMiddleware.gzip(kept.plain)
            deps.drawnBoards.keepGzip(gzip, for: key)
        }
        CompressionMiddleware.answerGzipped(&response, with: gzip)
        return response
    }

    /// The filter the address asks for (`?q=…&important=1`); one it cannot read is a 400 that says
    /// which field and why, for a person and a script alike.
    func boardFilter(_ request: Request, _ context: PlanRequestContext) throws -> BoardFilter {
        // Read as a form is (`+` is a space, first value wins): the address a GET form or the
        // page's script writes. Bad percent-encoding or UTF-8 is a 400 from the reader itself.
        let fields = try FormFields.urlEncoded(Array((request.uri.query ?? "").utf8))
        do throws(PlanError) {
            return try BoardFilter(fields.values)
        } catch {
            throw Refusal(status: .badRequest, code: error.code, message: deps.strings(context).message(error))
        }
    }

    /// Kept by the browser alone, and checked with the server (If-None-Match) before each use.
    static let cacheControl = "private, no-cache"

    /// The board page's validator: the revision, plus everything else the page shows that can
    /// differ (the board's today, which cards' dates are seen from, this session's token, its
    /// choices, the version of the static files it links).
    private func entityTag(
        _ revision: Int64, today: BoardDay, _ context: PlanRequestContext, _ preferences: BoardPreferences, _ filter: BoardFilter
    ) -> String {
        var hash = ContentHash()
        hash.add(filter.fingerprint)
        hash.add(today.iso)
        hash.add(context.csrfToken)
        hash.add(preferences.fingerprint)
        hash.add(deps.renderer.assets.version)
        hash.add(context.language.tag)
        return "W/\"b\(revision)-\(hash.hex)\""
    }

    @Sendable func create(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let form = try AddTaskForm(fields)
            let notes = try deps.notes(form.notes)
            // "Call the bank tomorrow": the day (or repeat) is read off the title; a refused title
            // comes back as it was typed.
            let reading = form.reading(today: try await deps.today())
            let new: NewTask
            do {
                new = try NewTask(
                    title: reading.title, column: form.column, important: form.important, notes: notes?.notes ?? .none,
                    when: reading.when, repeats: reading.repeats)
            } catch let error as PlanError {
                // People see the board again with what they typed kept in that column's form.
                return Answer(
                    page: {
                        let add = BoardPage.AddForm(title: form.title, important: form.important, error: deps.strings(context).message(error))
                        let page = try await deps.boardPage(context, preferences: BoardPreferences(request), addForms: [form.column: add])
                        return try deps.page(page, request, context, status: error.status)
                    },
                    json: { try await deps.refusalJSON(error, context) })
            }
            let created = try await deps.store.create(new, client: context.clientID)
            // Whoever adds a task has found their way; the first-visit explanation stays away.
            return Answer.redirect(to: Route.cardPath(created.value.id)) {
                var headers: HTTPFields = [.boardRevision: String(created.revision)]
                headers.append(contentsOf: HTTPFields.notesCleaned(notes))
                return try .json(TaskJSON(created.value, card: try deps.cardHTML(created.value, context.language, today: try await deps.today())), status: .created, headers: headers)
            }
            .setting(BoardPreferences.welcomedCookie)
        }
    }

    /// The language switch: remembered in a cookie, then back to the page it was used on.
    @Sendable func chooseLanguage(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let form = try LanguageForm(try context.fields())
        return Answer.redirect(to: form.next) { try .json(["language": form.language.tag]) }
            .setting(Cookie(
                name: Language.cookieName, value: form.language.tag, maxAge: 400 * 24 * 60 * 60, path: "/", httpOnly: true, sameSite: .lax))
    }

    /// "Got it" on the first-visit explanation: it stays away in this browser.
    @Sendable func dismissWelcome(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        Answer.redirect(to: Route.board.path) { try .json(["welcome": "dismissed"]) }
            .setting(BoardPreferences.welcomedCookie)
    }

    @Sendable func undo(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        try await deps.boardChange(request, context) {
            let undone = try await deps.store.undo(client: context.clientID)
            let task = undone.value.task
            // A task the undo sent (back) to the logbook is shown there.
            let back = !undone.value.exists ? Route.board.path : task.inLogbook ? Route.logbookEntry(task.id).path : Route.cardPath(task.id)
            return Answer.redirect(to: back) {
                try .json(UndoJSON(
                    revision: undone.revision, undone: undone.value.undone.rawValue, exists: undone.value.exists,
                    task: TaskJSON(task, card: undone.value.exists ? try deps.cardHTML(task, context.language, today: try await deps.today()) : nil)))
            }
        }
    }

    /// Folds a column's finished tasks away (`show=false`) or shows them again, for this browser.
    @Sendable func showFinished(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let fields = try context.fields()
        return try await deps.boardChange(request, context) {
            let column = try BoardColumn(parsing: context.parameters.get("column") ?? "")
            let show = try ShowFinishedForm(fields).show
            var preferences = BoardPreferences(request)
            preferences.setHidesFinished(!show, in: column)
            return Answer.redirect(to: Route.board.path(fragment: "column-\(column.rawValue)")) {
                try .json(ColumnPreferenceJSON(column: column.rawValue, hidesFinished: !show))
            }
            .setting(preferences.cookie)
        }
    }
}
