import HTTPTypes
import Hummingbird
import PlanCore
import PlanStore

/// The logbook: finished tasks by the day they were finished, opened one by one, put back or
/// deleted; and clearing a column's finished tasks into it.
struct LogbookController {
    let deps: WebDependencies

    /// Entries on one page: the store reads them through the logbook's own index from a keyset
    /// cursor, so the last page of 50,000 costs what the first does.
    static let pageSize = 50

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.logbook, answer: list)
        router.get(.logbookEntry, answer: entry)
        router.post(.putBack, answer: putBack)
        router.post(.logbookDelete, answer: delete)
        router.post(.clearFinished, answer: clearFinished)
    }

    /// The board's clock in the reader's language, and the board's day now.
    private func boardClock(_ context: PlanRequestContext) async throws -> (BoardClockText, today: BoardDay) {
        let calendar = try await deps.store.calendar()
        return (BoardClockText(strings: deps.strings(context), calendar: calendar), calendar.day(of: deps.environment.now()))
    }

    @Sendable func list(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let after = request.uri.queryParameters["after"].map(String.init)
        let cursor = after.flatMap { LogbookCursor(query: $0) }
        // An address that was changed or cut short: the newest entries, saying so, as a 400.
        let unreadable = after != nil && cursor == nil
        let page = try await deps.store.logbook(after: cursor, limit: Self.pageSize)
        return Answer(
            page: {
                let strings = deps.strings(context)
                let (clock, today) = try await boardClock(context)
                let notice = FlashNotice.message(in: request, strings: strings).map(Notice.init)
                let view = try LogbookListPage(
                    page: page, firstPage: cursor == nil, clock: clock, today: today, csrf: context.csrfToken,
                    banner: unreadable ? .error(strings("logbook.badCursor")) : nil, notice: notice, draw: drawEntry(clock))
                var response = try deps.page(view, request, context, status: unreadable ? .badRequest : .ok)
                if notice != nil { response.setCookie(FlashNotice.cleared) }
                return response
            },
            json: {
                if unreadable {
                    return try Refusal(status: .badRequest, code: "bad_cursor", message: deps.strings(context)("logbook.badCursor"))
                        .json(revision: try await deps.store.revision())
                }
                return try .json(LogbookJSON(page))
            })
    }

    /// One entry opened; a task that is on the board now is shown there instead.
    @Sendable func entry(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let task = try await deps.store.task(try context.taskID())
        guard task.inLogbook else {
            return Answer(page: { .seeOther(Route.cardPath(task.id)) }, json: { try .json(TaskJSON(task)) })
        }
        return Answer(
            page: {
                let (clock, _) = try await boardClock(context)
                return try deps.page(LogbookEntryPage(
                    task: task, clock: clock, notesHTML: deps.shown(notes: task.notes, logger: context.logger), csrf: context.csrfToken),
                    request, context)
            },
            json: { try .json(LogbookEntryJSON(task)) })
    }

    /// Back to the top of the column it came from, unfinished; the board's Undo sends it back.
    @Sendable func putBack(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        return try await logbookChange(request, context) {
            let back = try await deps.store.putBack(id, client: context.clientID)
            let today = try await deps.today()
            return Answer.redirect(to: Route.cardPath(id)) {
                try .json(
                    TaskJSON(back.value, card: try deps.cardHTML(back.value, context.language, today: today)),
                    headers: [.boardRevision: String(back.revision)])
            }
            .setting(FlashNotice.putBack(back.value.title, to: back.value.column))
        }
    }

    /// Deletes an entry for good (the board's Undo brings it back to the logbook).
    @Sendable func delete(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let id = try context.taskID()
        return try await logbookChange(request, context) {
            let task = try await deps.store.task(id)
            guard task.inLogbook else { throw PlanError.notInLogbook(title: task.title) }
            let deleted = try await deps.store.delete(id, client: context.clientID)
            return Answer.redirect(to: Route.logbook.path) { try .json(RevisionJSON(revision: deleted.revision)) }
                .setting(FlashNotice.deletedFromLogbook(deleted.value.title, column: deleted.value.column))
        }
    }

    /// Sends a column's finished tasks to the logbook now (Undo brings them back where they were).
    @Sendable func clearFinished(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        try await deps.boardChange(request, context) {
            let column = try BoardColumn(parsing: context.parameters.get("column") ?? "")
            let cleared = try await deps.store.clearFinished(in: column, client: context.clientID)
            return Answer.redirect(to: Route.board.path(fragment: "column-\(column.rawValue)")) {
                try .json(ClearedJSON(revision: cleared.revision, column: column.rawValue, cleared: cleared.value.map(\.id)))
            }
            .setting(FlashNotice.cleared(cleared.value.count, from: column))
        }
    }


    /// Draws a logbook entry on the board's `clock`, through the kept drawings.
    private func drawEntry(_ clock: BoardClockText) -> (PlanTask, () -> LogbookListPage.Entry) throws -> RenderedHTML {
        { task, entry in try deps.logbookEntries.drawing(of: task, clock: clock, entry: entry) }
    }
    /// A change asked for from the logbook; a refusal shows the logbook's first page with the
    /// reason across the top (scripts get the refusal).
    private func logbookChange(_ request: Request, _ context: PlanRequestContext, _ change: () async throws -> Answer) async throws -> Answer {
        do {
            return try await change()
        } catch let error as PlanError {
            return Answer(
                page: {
                    let (clock, today) = try await boardClock(context)
                    let page = try await deps.store.logbook(after: nil, limit: Self.pageSize)
                    let view = try LogbookListPage(
                        page: page, firstPage: true, clock: clock, today: today, csrf: context.csrfToken,
                        banner: .error(deps.strings(context).message(error)), draw: drawEntry(clock))
                    return try deps.page(view, request, context, status: error.status)
                },
                json: { try await deps.refusalJSON(error, context) })
        }
    }
}
