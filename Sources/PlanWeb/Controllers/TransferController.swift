import Foundation
import Hummingbird
import PlanCore

/// Taking the whole board out (`GET /export`) and bringing tasks in (`POST /import`).
struct TransferController {
    let deps: WebDependencies

    func addRoutes(to router: Router<PlanRequestContext>) {
        router.get("/export", use: export)
        router.get("/import", use: importForm)
        router.post("/import", use: importFile)
    }

    @Sendable func export(_ request: Request, context: PlanRequestContext) async throws -> Response {
        let now = deps.environment.now()
        let document = BoardExport(board: try await deps.store.board(), exported: now)
        let day = now.formatted(.iso8601.year().month().day())
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"planboard-\(day).json\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: try BoardExport.encoder.encode(document))))
    }

    @Sendable func importForm(_ request: Request, context: PlanRequestContext) async throws -> Response {
        try deps.renderer.response(TransferPage(csrf: context.csrfToken, json: "", error: nil))
    }

    /// The file comes as a multipart upload (field `file`), as pasted text (field `json`), or as a JSON body.
    @Sendable func importFile(_ request: Request, context: PlanRequestContext) async throws -> Response {
        do {
            let bytes = try Self.document(in: request, context)
            let plan = try BoardImporter(sanitizer: deps.sanitizer, now: deps.environment.now()).plan(bytes)
            let stored = try await deps.store.importTasks(plan.tasks, client: context.clientID)
            let summary = ImportSummary(report: plan.report, revision: stored.revision)
            if request.wantsJSON { return try .json(ImportJSON(summary)) }
            return try deps.renderer.response(ImportPage(summary: summary))
        } catch let error as PlanError {
            if request.wantsJSON { return try await deps.refusedOnBoard(error, request, context) }
            // The import page again, with the reason and whatever JSON was pasted.
            let page = TransferPage(csrf: context.csrfToken, json: context.form["json"] ?? "", error: error.message)
            return try deps.renderer.response(page, status: error.status)
        }
    }

    private static func document(in request: Request, _ context: PlanRequestContext) throws(PlanError) -> [UInt8] {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            return Array(context.body.readableBytesView)
        }
        if let file = context.files.first(where: { $0.field == "file" && !($0.bytes.isEmpty && $0.filename.isEmpty) }) {
            return file.bytes
        }
        if let pasted = context.form["json"], !pasted.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return Array(pasted.utf8)
        }
        throw .importRejected("no file was chosen. Pick a PlanBoard export or a Trello board export (.json).")
    }
}

/// The outcome of an import, worded for people.
struct ImportSummary: Sendable {
    let revision: Int64
    let source: String
    let total: Int
    let perColumn: [(column: Column, count: Int)]
    let notesCleaned: Int
    let removed: String
    let titlesChanged: Int
    let lists: [(name: String, column: Column)]
    let skippedArchivedCards: Int
    let skippedCardsInArchivedLists: Int

    init(report: ImportReport, revision: Int64) {
        self.revision = revision
        source = report.source
        perColumn = Column.allCases.map { ($0, report.added[$0] ?? 0) }
        total = perColumn.reduce(0) { $0 + $1.count }
        skippedArchivedCards = report.skippedArchivedCards
        skippedCardsInArchivedLists = report.skippedCardsInArchivedLists
        notesCleaned = report.notesCleaned
        removed = report.removed.summary
        titlesChanged = report.titlesChanged
        lists = report.lists
    }
}

/// The import summary as JSON.
struct ImportJSON: Encodable, Sendable {
    let revision: Int64
    let added: [String: Int]
    let total: Int
    let skippedArchivedCards: Int
    let skippedCardsInArchivedLists: Int
    let notesCleaned: Int
    let removed: String
    let titlesChanged: Int

    init(_ summary: ImportSummary) {
        revision = summary.revision
        added = Dictionary(uniqueKeysWithValues: summary.perColumn.map { ($0.column.rawValue, $0.count) })
        total = summary.total
        skippedArchivedCards = summary.skippedArchivedCards
        skippedCardsInArchivedLists = summary.skippedCardsInArchivedLists
        notesCleaned = summary.notesCleaned
        removed = summary.removed
        titlesChanged = summary.titlesChanged
    }
}

/// The page after an import.
package struct ImportPage: PageView {
    package static let template = "import"

    struct ColumnCount: Sendable {
        let title: String
        let count: Int
    }

    struct ListMapping: Sendable {
        let name: String
        let column: String
    }

    let heading: String
    let source: String
    let columns: [ColumnCount]
    let notices: [String]
    let lists: [ListMapping]
    let hasLists: Bool
    static let listsShown = 50

    init(summary: ImportSummary) {
        heading = summary.total == 1 ? "Imported 1 task" : "Imported \(summary.total) tasks"
        source = summary.source
        columns = summary.perColumn.map { ColumnCount(title: $0.column.title, count: $0.count) }
        var notices: [String] = []
        if summary.skippedArchivedCards > 0 {
            notices.append(summary.skippedArchivedCards == 1 ? "1 archived card was skipped." : "\(summary.skippedArchivedCards) archived cards were skipped.")
        }
        if summary.skippedCardsInArchivedLists > 0 {
            notices.append(summary.skippedCardsInArchivedLists == 1 ? "1 card in an archived list was skipped." : "\(summary.skippedCardsInArchivedLists) cards in archived lists were skipped.")
        }
        if summary.notesCleaned > 0 {
            let notes = summary.notesCleaned == 1 ? "The notes of 1 task were cleaned" : "The notes of \(summary.notesCleaned) tasks were cleaned"
            notices.append("\(notes): \(summary.removed)")
        }
        if summary.titlesChanged > 0 {
            notices.append(summary.titlesChanged == 1 ? "1 title was tidied (too long, empty, or with line breaks)." : "\(summary.titlesChanged) titles were tidied (too long, empty, or with line breaks).")
        }
        self.notices = notices
        // A board with hundreds of lists gets the first few and a count, not a page of them.
        var lists = summary.lists.prefix(Self.listsShown).map { ListMapping(name: $0.name, column: $0.column.title) }
        if summary.lists.count > Self.listsShown {
            lists.append(ListMapping(name: "and \(summary.lists.count - Self.listsShown) more lists", column: "Later unless named Today, Doing, Next or To Do"))
        }
        self.lists = lists
        hasLists = !lists.isEmpty
    }
}

/// The import and export page.
package struct TransferPage: PageView {
    package static let template = "transfer"

    let csrf: String
    /// JSON pasted into the form, kept when an import is refused.
    let json: String
    let error: String?
}
