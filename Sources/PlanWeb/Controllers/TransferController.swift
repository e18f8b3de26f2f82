import Foundation
import Hummingbird
import PlanCore

/// Taking the whole board out (`GET /export`) and bringing tasks in.
///
/// In a browser an import goes: `POST /import` (the file) → when the file is a Trello board, or
/// holds tasks an earlier import brought, `GET /import/review/ID` (choose where each list goes,
/// whether to import the repeats) → `POST /import/review/ID` → `GET /imports/REVISION`, the summary,
/// reached by a redirect so that reloading it imports nothing. Scripts (`Accept: application/json`)
/// import in one request and get the summary as JSON.
struct TransferController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get(.export, use: export)
        router.get(.import, answer: importForm)
        router.post(.import, answer: importFile)
        router.get(.importReview, answer: review)
        router.post(.importReview, answer: confirm)
        router.get(.importSummary, answer: summary)
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
            body: BoardExport.streamed(board: board, boardID: boardID, exported: now))
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
                        try await deps.store.stash(upload: Array(bytes.readableBytesView), id: id)
                        return .seeOther(Route.importReview(upload: id).path)
                    }
                    let summary = try await store(source, choices: ImportChoices(), existing: existing, context)
                    return .seeOther(Route.importSummary(revision: summary.revision).path)
                } catch let error as PlanError {
                    // The import page again, with the reason and whatever JSON was pasted.
                    let page = TransferPage(csrf: context.csrfToken, json: form.pastedJSON ?? "", error: deps.strings(context).message(error))
                    return try deps.page(page, request, context, status: error.status)
                }
            },
            json: {
                do {
                    let (_, source, existing) = try await read()
                    // Scripts choose with fields: duplicates=skip leaves out what was imported before.
                    let choices = ImportChoices(skipDuplicates: form.skipsDuplicates)
                    return try .json(ImportJSON(try await store(source, choices: choices, existing: existing, context), strings: deps.strings(context)))
                } catch let error as PlanError {
                    return try await deps.refusalJSON(error, context)
                }
            })
    }

    /// What the file holds, and the choices to make before importing it.
    @Sendable func review(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let (id, source) = try await stashed(context)
        let existing = try await deps.store.existingOrigins(BoardImporter.origins(of: source))
        return Answer(page: {
            try deps.page(
                ImportReviewPage(id: id, source: source, duplicates: existing.count, csrf: context.csrfToken, strings: deps.strings(context)),
                request, context)
        })
    }

    @Sendable func confirm(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        let (id, source) = try await stashed(context)
        let form = ImportReviewForm(try context.fields())
        var choices = ImportChoices(skipDuplicates: !form.importsDuplicates)
        if case .trello(let board) = source {
            for (list, _) in BoardImporter.openLists(of: board).prefix(ImportReviewPage.listsChosen) {
                choices.lists[list.id] = ImportChoices.ListChoice(
                    column: try form.column(forList: list.id, named: list.name), finished: form.finished(list: list.id))
            }
        }
        do {
            let existing = try await deps.store.existingOrigins(BoardImporter.origins(of: source))
            let summary = try await store(source, choices: choices, existing: existing, context)
            try await deps.store.dropStashedUpload(id)
            return Answer(page: { .seeOther(Route.importSummary(revision: summary.revision).path) })
        } catch let error as PlanError {
            let existing = try await deps.store.existingOrigins(BoardImporter.origins(of: source))
            return Answer(page: {
                let strings = deps.strings(context)
                let page = ImportReviewPage(
                    id: id, source: source, duplicates: existing.count, csrf: context.csrfToken, strings: strings, error: strings.message(error))
                return try deps.page(page, request, context, status: error.status)
            })
        }
    }

    /// The summary of the import that made `revision`.
    @Sendable func summary(_ request: Request, context: PlanRequestContext) async throws -> Answer {
        guard let revision = context.parameters.get("revision").flatMap(Int64.init),
              let json = try await deps.store.importSummary(revision: revision),
              let summary = try? JSONDecoder().decode(ImportSummary.self, from: Data(json.utf8))
        else { throw WebError.notFound }
        return Answer(
            page: { try deps.page(ImportPage(summary: summary.at(revision: revision), strings: deps.strings(context)), request, context) },
            json: { try .json(ImportJSON(summary.at(revision: revision), strings: deps.strings(context))) })
    }

    /// Plans and stores the import in one transaction, with its summary kept alongside.
    private func store(_ source: ImportSource, choices: ImportChoices, existing: Set<String>, _ context: PlanRequestContext) async throws -> ImportSummary {
        let plan = try BoardImporter(renderer: deps.notes, now: deps.environment.now()).plan(source, choices: choices, existing: existing)
        // The summary's revision is the import's own, known once it is stored; it is kept without it.
        let draft = ImportSummary(report: plan.report, revision: 0)
        let stored = try await deps.store.importTasks(plan.tasks, summary: String(decoding: try JSONEncoder().encode(draft), as: UTF8.self), client: context.clientID)
        return ImportSummary(report: plan.report, revision: stored.revision)
    }

    /// The stashed upload a review page is about; gone (or never there) is a 404 that says what to do.
    private func stashed(_ context: PlanRequestContext) async throws -> (String, ImportSource) {
        guard let id = context.parameters.get("upload"), RandomToken.isWellFormed(id),
              let bytes = try await deps.store.stashedUpload(id)
        else { throw WebError.uploadGone }
        return (id, try BoardImporter.read(bytes))
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
