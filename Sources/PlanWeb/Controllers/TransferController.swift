import Foundation
import Hummingbird
import PlanCore
import PlanStore

/// Taking the whole board out (`GET /export`) and bringing tasks in.
///
/// In a browser an import goes: `POST /import` (the file) → when the file is a Trello board, or
/// holds tasks an earlier import brought, `GET /import/review/ID` (choose where each list goes,
/// whether to import the repeats) → `POST /import/review/ID` → `GET /imports/REVISION`, the summary,
/// reached by a redirect so that reloading it imports nothing. Scripts (`Accept: application/json`)
/// import in one request and get the summary as JSON.
///
/// An import is decided in the store's transaction, not here: the stashed upload is claimed there
/// (a second confirm of one review is shown the first one's summary) and repeats are looked for
/// there, so confirms and scripts sending at once cannot import the same tasks twice.
struct TransferController {
    let deps: WebDependencies
    /// How many uploads may wait for review.
    let stashLimits: StashLimits

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.export, use: export)
        router.get(.import, answer: importForm)
        router.post(.import, answer: importFile)
        router.get(.importReview, answer: review)
        router.post(.importReview, answer: confirm)
        router.get(.importSummary, answer: summary)
        router.post(.importUndo, answer: undoImport)
    }

    /// The file streams out as the client reads it (`BoardExport.streamed`); `HeavyRequestGate`
    /// bounds how many run at once.
    @Sendable func export(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let now = deps.environment.now()
        let board = try await deps.store.board()
        let boardID = try await deps.store.boardID()
        let day = now.formatted(.iso8601.year().month().day())
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"planboard-\(day).json\"",
            ],
            body: BoardExport.streamed(board: board, boardID: boardID, exported: now) { [store = deps.store] cursor in
                try await store.logbook(after: cursor, limit: 500)
            })
    }

    @Sendable func importForm(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        Answer(page: { try deps.page(TransferPage(csrf: context.csrfToken, json: "", error: nil), request, context) })
    }

    /// The file comes as a multipart upload (field `file`), as pasted text (field `json`), or as a
    /// JSON body. A script imports in this one request; a person reviews first what needs choosing.
    @Sendable func importFile(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let form = ImportFileForm(context.form)
        // The tasks the file holds, and which of them an earlier import brought already.
        let read = { () async throws -> (bytes: ByteBuffer, source: ImportSource, existing: Set<String>) in
            let bytes = try Self.document(in: request, context, pasted: form.pastedJSON)
            let source = try BoardImporter.read(bytes)
            return (bytes, source, try await deps.store.existingOrigins(BoardImporter.origins(of: source)))
        }
        return Answer(
            page: {
                do {
                    let (bytes, source, existing) = try await read()
                    guard case .planboard = source, existing.isEmpty else {
                        // A Trello board's lists, or tasks imported before: the person decides first.
                        let id = RandomToken.random()
                        try await deps.store.stash(upload: Array(bytes.readableBytesView), id: id, client: context.clientID, limits: stashLimits)
                        return .seeOther(Route.importReview(upload: id).path)
                    }
                    // Nothing here was imported before as the file was read; should another import
                    // bring some of it meanwhile, those are left out rather than doubled.
                    let summary = try await store(source, choices: try await choices(skipDuplicates: true), existing: existing, context)
                    return .seeOther(Route.importSummary(revision: summary.revision).path)
                } catch let error as PlanError {
                    // The import page again, with the reason and whatever JSON was pasted.
                    let page = TransferPage(csrf: context.csrfToken, json: form.pastedJSON ?? "", error: deps.strings(context).message(error))
                    var response = try deps.page(page, request, context, status: error.status)
                    // When to come back, for a room full of uploads waiting for review.
                    response.headers.append(contentsOf: Refusal(error, deps.strings(context)).headers)
                    return response
                }
            },
            json: {
                do {
                    let (_, source, existing) = try await read()
                    // Tasks imported before come again only when the script says so, and are left
                    // out only when it says so: duplicates=all or duplicates=skip. (This board's own
                    // tasks, still here, are always left out: nothing to say about them.)
                    let choices = try await choices(skipDuplicates: form.skipsDuplicates ?? true)
                    let repeats = choices.importedBefore(in: existing)
                    if form.skipsDuplicates == nil, repeats > 0 {
                        return try Refusal(PlanError.importRepeats(count: repeats), deps.strings(context)).json(revision: try await deps.store.revision())
                    }
                    let summary = try await store(source, choices: choices, existing: existing, context)
                    let record = try await deps.store.importRecord(revision: summary.revision)
                    return try .json(ImportJSON(summary, record: record, strings: deps.strings(context)))
                } catch let error as PlanError {
                    return try await deps.refusalJSON(error, context)
                }
            })
    }

    /// What the file holds, and the choices to make before importing it.
    @Sendable func review(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let (id, source): (String, ImportSource)
        switch try await stashed(context) {
        case .waiting(let upload, let read): (id, source) = (upload, read)
        case .imported(let revision): return Answer(page: { .seeOther(Route.importSummary(revision: revision).path) })
        }
        let page = try await reviewPage(id, source, context)
        return Answer(page: { try deps.page(page, request, context) })
    }

    @Sendable func confirm(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let (id, source): (String, ImportSource)
        switch try await stashed(context) {
        case .waiting(let upload, let read): (id, source) = (upload, read)
        // Confirmed already (a second click, a form sent again): the import it made, not another.
        case .imported(let revision): return Answer(page: { .seeOther(Route.importSummary(revision: revision).path) })
        }
        let form = ImportReviewForm(try context.fields())
        var choices = try await choices(skipDuplicates: !form.importsDuplicates)
        if case .trello(let board) = source {
            for (list, _) in BoardImporter.openLists(of: board).prefix(ImportReviewPage.listsChosen) {
                choices.lists[list.id] = try form.choice(forList: list.id, named: list.name)
            }
        }
        do {
            let existing = try await deps.store.existingOrigins(BoardImporter.origins(of: source))
            let summary = try await store(source, choices: choices, existing: existing, context, upload: id)
            return Answer(page: { .seeOther(Route.importSummary(revision: summary.revision).path) })
        } catch StashedUploadTaken.imported(let revision) {
            // Another confirm of this review was stored first, while this one was on its way.
            return Answer(page: { .seeOther(Route.importSummary(revision: revision).path) })
        } catch StashedUploadTaken.gone {
            throw WebError.uploadGone
        } catch let error as PlanError {
            let page = try await reviewPage(id, source, context, error: error)
            return Answer(page: { try deps.page(page, request, context, status: error.status) })
        }
    }

    /// The summary of the import that made `revision`, with the offer to take it back while it can be.
    @Sendable func summary(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let (summary, record) = try await storedImport(context)
        return Answer(
            page: { try deps.page(importPage(summary, record, context), request, context) },
            json: { try .json(ImportJSON(summary, record: record, strings: deps.strings(context))) })
    }

    /// Takes back the import that made `revision`: every task it added removed, as one change, or
    /// nothing when any of them changed since (its summary page again, saying which).
    @Sendable func undoImport(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let revision = try revision(context)
        let strings = deps.strings(context)
        return Answer(
            page: {
                do {
                    let removed = try await deps.store.undoImport(revision: revision, client: context.clientID)
                    var response = Response.seeOther(Route.board.path)
                    response.setCookie(FlashNotice.importUndone(count: removed.value.count))
                    return response
                } catch let error as PlanError where error != .importNotFound(revision: revision) {
                    let (summary, record) = try await storedImport(context)
                    let page = importPage(summary, record, context, refusal: strings("imported.undo.notDone", ["reason": strings.message(error)]))
                    return try deps.page(page, request, context, status: error.status)
                }
            },
            json: {
                let removed = try await deps.store.undoImport(revision: revision, client: context.clientID)
                return try .json(
                    ImportUndoJSON(
                        revision: removed.revision, removed: removed.value.count,
                        message: strings.count("imported.undo.done", removed.value.count)),
                    headers: [.boardRevision: String(removed.revision)])
            })
    }

    /// The revision in the path (the import's own).
    private func revision(_ context: PlanRequestContext) throws -> Int64 {
        guard let revision = context.parameters.get("revision").flatMap(Int64.init) else { throw WebError.notFound }
        return revision
    }

    /// The import that made the path's revision: its summary and what the log keeps of it.
    private func storedImport(_ context: PlanRequestContext) async throws -> (ImportSummary, ImportRecord) {
        let revision = try revision(context)
        guard let record = try await deps.store.importRecord(revision: revision),
              let json = record.summary,
              let summary = try? JSONDecoder().decode(ImportSummary.self, from: Data(json.utf8))
        else { throw WebError.notFound }
        return (summary.at(revision: revision), record)
    }

    private func importPage(_ summary: ImportSummary, _ record: ImportRecord, _ context: PlanRequestContext, refusal: String? = nil) -> ImportPage {
        ImportPage(summary: summary, record: record, refusal: refusal, csrf: context.csrfToken, strings: deps.strings(context))
    }

    /// Plans the import and stores it in one transaction, with its summary kept alongside. `existing`
    /// (origins on the board as the file was read) spares rendering what is surely a repeat; the
    /// store looks again in its transaction and leaves out any repeat that arrived since, and the
    /// summary says so. `upload` is the stashed upload this import claims.
    private func store(
        _ source: ImportSource, choices: ImportChoices, existing: Set<String>, _ context: PlanRequestContext, upload: String? = nil
    ) async throws -> ImportSummary {
        let plan = try BoardImporter(renderer: deps.notes, now: deps.environment.now()).plan(source, choices: choices, existing: existing)
        let batch = ImportBatch(tasks: plan.tasks, skipExisting: choices.skipDuplicates, upload: upload) { leftOut in
            // The summary's revision is the import's own, known once it is stored; it is kept without it.
            let draft = ImportSummary(report: plan.report(leavingOut: leftOut), revision: 0)
            return (try? JSONEncoder().encode(draft)).map { String(decoding: $0, as: UTF8.self) }
        }
        let stored = try await deps.store.importTasks(batch, client: context.clientID)
        return ImportSummary(report: plan.report(leavingOut: stored.value.leftOut), revision: stored.revision)
    }

    /// The choices every import starts from: this board's own tasks are never brought again.
    private func choices(skipDuplicates: Bool) async throws -> ImportChoices {
        ImportChoices(skipDuplicates: skipDuplicates, ownBoard: try await deps.store.boardID())
    }

    /// The review page: what the file holds, how many of its tasks are here already (made here or
    /// imported before), and the choices to make.
    private func reviewPage(
        _ id: String, _ source: ImportSource, _ context: PlanRequestContext, error: PlanError? = nil
    ) async throws -> ImportReviewPage {
        let existing = try await deps.store.existingOrigins(BoardImporter.origins(of: source))
        let choices = try await choices(skipDuplicates: true)
        let strings = deps.strings(context)
        return ImportReviewPage(
            id: id, source: source, duplicates: choices.importedBefore(in: existing), madeHere: choices.ownTasks(in: existing),
            csrf: context.csrfToken, strings: strings,
            error: error.map { strings.message($0) })
    }

    /// A review's upload: still waiting (its id and file), or imported already.
    private enum Review {
        case waiting(String, ImportSource)
        case imported(revision: Int64)
    }

    /// The stashed upload a review page is about; gone (or never there) is a 404 that says what to do.
    private func stashed(_ context: PlanRequestContext) async throws -> Review {
        guard let id = context.parameters.get("upload"), RandomToken.isWellFormed(id),
              let upload = try await deps.store.stashedUpload(id)
        else { throw WebError.uploadGone }
        switch upload {
        case .waiting(let bytes): return .waiting(id, try BoardImporter.read(bytes))
        case .imported(let revision): return .imported(revision: revision)
        }
    }

    private static func document(in request: Request, _ context: PlanRequestContext, pasted: String?) throws(PlanError) -> ByteBuffer {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            return context.body
        }
        if let file = context.files.first(where: { $0.field == "file" && !($0.bytes.readableBytes == 0 && $0.filename.isEmpty) }) {
            return file.bytes
        }
        if let pasted, !pasted.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return ByteBuffer(string: pasted)
        }
        throw .importRejected(.noFile)
    }
}
