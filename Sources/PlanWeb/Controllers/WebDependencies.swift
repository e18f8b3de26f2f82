import HTTPTypes
import Hummingbird
import Logging
import PlanCore
import PlanNotes
import PlanStore

/// What every controller needs: the store, the page renderer and the pinned-down environment.
struct WebDependencies: Sendable {
    let store: any BoardStore
    let renderer: PageRenderer
    let environment: AppEnvironment
    let sanitizer = NoteSanitizer()
    /// Every card drawn once and reused until its task changes.
    let cards: CardCache
    /// Every logbook entry drawn once and reused on the logbook's pages until it changes.
    let logbookEntries: LogbookEntryCache
    /// The board at its latest revision, read once and shared by every page and live stream.
    let snapshot = BoardSnapshot()
    /// Board pages as drawn, answered again while nothing they show has changed.
    let drawnBoards = DrawnPageCache()
    /// The card menu and the selection bar every board page carries for the drag layer
    /// (`BoardTemplates`): the same each time, so drawn once per language.
    let cardMenus: [Language: RenderedHTML]

    init(store: any BoardStore, renderer: PageRenderer, environment: AppEnvironment) throws {
        self.store = store
        self.renderer = renderer
        self.environment = environment
        cards = CardCache(renderer: renderer)
        logbookEntries = LogbookEntryCache(renderer: renderer)
        var menus: [Language: RenderedHTML] = [:]
        for language in Language.allCases {
            menus[language] = try renderer.drawn(BoardTemplates(renderer.strings(language)), template: "partials/board-templates")
        }
        cardMenus = menus
    }

    /// Who a page is for: the request's language and session, and where it came from.
    func reader(_ request: Request, _ context: PlanRequestContext) -> Reader {
        // Only a page reached by GET can be gone back to; a refused form's page goes back to the board.
        Reader(
            strings: renderer.strings(context.language), csrf: context.csrfToken, path: request.method == .get ? request.uri.path : Route.board.path,
            loggedIn: request.cookies[LocalhostGuardMiddleware.accessCookie] != nil && request.uri.path != Route.login.path)
    }

    /// `page` drawn for whoever sent the request.
    func page(_ page: some PageView, _ request: Request, _ context: PlanRequestContext, status: HTTPResponse.Status = .ok) throws -> Response {
        try renderer.response(page, for: reader(request, context), status: status)
    }

    /// The request's language's texts.
    func strings(_ context: PlanRequestContext) -> Strings {
        renderer.strings(context.language)
    }

    /// The board as it is now (one cheap revision query when nothing changed since the last read).
    func currentBoard() async throws -> Board {
        try await snapshot.current(store)
    }

    /// Notes as written made into what is stored and shown.
    var notes: NoteRenderer { NoteRenderer(sanitizer: sanitizer) }

    /// The notes a form or script sent, rendered; nil when none were sent.
    func notes(_ field: NotesField?) throws(PlanError) -> NoteRenderer.Rendered? {
        guard let field else { return nil }
        return try notes.render(field.source, as: NoteRenderer.format(named: field.formatName, for: field.source))
    }

    /// Stored notes, sanitized again on their way to the page (idempotent for what we stored).
    func shown(notes stored: String, logger: Logger) -> SanitizedHTML? {
        do {
            return try sanitizer.sanitize(stored).html
        } catch {
            // Stored notes passed the same limits when saved; failing now means the limits changed.
            logger.error("stored notes could not be sanitized for display: \(error.message)")
            return nil
        }
    }

    /// The board page, as the person should see it now.
    func boardPage(
        _ context: PlanRequestContext, preferences: BoardPreferences, banner: Banner? = nil, notice: Notice? = nil,
        addForms: [BoardColumn: BoardPage.AddForm] = [:], board: Board? = nil, filter: BoardFilter = BoardFilter()
    ) async throws -> BoardPage {
        let board = if let board { board } else { try await currentBoard() }
        let strings = strings(context)
        let today = try await today()
        var cards: [BoardColumn: [RenderedHTML]] = [:]
        // Which cards the filter shows: the others are drawn `hidden`, so the page's script can
        // show them again without asking, and a page without scripts shows only the matches.
        var shown: [BoardColumn: [Bool]] = [:]
        for column in BoardColumn.allCases {
            let tasks = board.tasks(in: column)
            cards[column] = try self.cards.cards(tasks, today: today, strings: strings)
            if filter.isActive { shown[column] = tasks.map { filter.matches($0, today: today) } }
        }
        self.cards.keepOnly(Set(board.allTasks.lazy.map(\.id)))
        return BoardPage(
            board: board, csrf: context.csrfToken, strings: strings, cards: cards, preferences: preferences,
            menu: cardMenus[strings.language]!, scriptStrings: renderer.scriptTables[strings.language]!, banner: banner, notice: notice,
            addForms: addForms, filter: filter, shown: shown)
    }

    /// The card of a task as the board draws it on its `today`, for scripts that place it themselves.
    func cardHTML(_ task: PlanTask, _ language: Language, today: BoardDay) throws -> String {
        try cards.card(task, today: today, strings: renderer.strings(language)).html
    }

    /// The board's day now, on its calendar.
    func today() async throws -> BoardDay {
        try await store.calendar().day(of: environment.now())
    }

    /// A refused change on the board: people get the board again with the reason across the top;
    /// scripts get the refusal (`refusalJSON`).
    func refusedOnBoard(_ error: PlanError, _ request: Request, _ context: PlanRequestContext) -> Answer {
        Answer(
            page: {
                let page = try await boardPage(context, preferences: BoardPreferences(request), banner: .error(strings(context).message(error)))
                return try self.page(page, request, context, status: error.status)
            },
            json: { try await refusalJSON(error, context) })
    }

    /// A refused change as scripts get it: the error and the board's revision, and the whole board
    /// when their view was stale (a conflict), which they re-render from, each card as drawn.
    func refusalJSON(_ error: PlanError, _ context: PlanRequestContext) async throws -> Response {
        let board = error.status == .conflict ? try await store.board() : nil
        let revision = if let board { board.revision } else { try await store.revision() }
        let today = try await today()
        let drawn = try board.map { try BoardJSON($0, card: { try cardHTML($0, context.language, today: today) }) }
        return try Refusal(error, strings(context)).json(revision: revision, board: drawn)
    }

    /// Runs a change requested from the board; a `PlanError` becomes `refusedOnBoard`.
    func boardChange(_ request: Request, _ context: PlanRequestContext, _ change: () async throws -> Answer) async throws -> Answer {
        do {
            return try await change()
        } catch let error as PlanError {
            return refusedOnBoard(error, request, context)
        }
    }
}

extension PlanRequestContext {
    /// The task id in the path; anything that is not a number names no task.
    func taskID() throws -> TaskID {
        guard let raw = parameters.get("id"), let id = TaskID(raw), id > 0 else { throw WebError.notFound }
        return id
    }

    /// Who made a change, for undo: a keyed hash of the session token (`SessionSigner.owner(of:)`).
    var clientID: String { sessionOwner }
}
