import Foundation
import NIOCore
import PlanCore
import PlanMarkdown
import PlanNotes

/// What an import will add, and what it did to get there.
struct ImportPlan: Sendable {
    var tasks: [ImportedTask] = []
    var report = ImportReport()
    /// What each of `tasks` adds to the report, so a task the store leaves out after all (the board
    /// had it by the time the import ran) can be taken out of the summary again.
    var shares: [Share] = []

    /// One task's part in the report.
    struct Share: Sendable {
        let column: BoardColumn
        let inLogbook: Bool
        let titleChanged: Bool
        let removed: RemovalReport
    }

    /// The report once the tasks at `leftOut` were left out as imported before.
    func report(leavingOut leftOut: [Int]) -> ImportReport {
        var report = report
        var removed = report.removed.counts
        for index in leftOut {
            let share = shares[index]
            if share.inLogbook { report.toLogbook -= 1 } else { report.added[share.column, default: 0] -= 1 }
            report.skippedDuplicates += 1
            if share.titleChanged { report.titlesChanged -= 1 }
            if !share.removed.isEmpty {
                report.notesCleaned -= 1
                for (category, count) in share.removed.counts { removed[category, default: 0] -= count }
            }
        }
        report.removed = RemovalReport(counts: removed)
        return report
    }
}

/// The summary a person sees after an import.
struct ImportReport: Sendable {
    var source = ImportSource.Description.planboard
    var added: [BoardColumn: Int] = [:]
    /// Finished tasks that went straight to the logbook (a PlanBoard file's logbook, Trello's
    /// archived cards marked complete).
    var toLogbook = 0
    /// Trello's archived cards that were not marked complete.
    var skippedArchivedCards = 0
    var skippedCardsInArchivedLists = 0
    /// Cards of lists the person chose to skip.
    var skippedByChoice = 0
    /// Tasks left out because an earlier import brought them already.
    var skippedDuplicates = 0
    var notesCleaned = 0
    var removed = RemovalReport()
    var titlesChanged = 0
    /// For Trello files: where each open list went, in the file's order (nil: skipped).
    var lists: [(name: String, column: BoardColumn?)] = []
}

/// An import file, read once: a PlanBoard export or a Trello board export.
enum ImportSource: Sendable {
    case planboard(BoardExport)
    case trello(TrelloBoard)

    /// What kind of file it was, for the summary (kept with the import, worded when shown).
    enum Description: Codable, Sendable, Equatable {
        case planboard
        /// A Trello board, with its name when the file has one.
        case trello(String?)
    }

    var description: Description {
        switch self {
        case .planboard: .planboard
        case .trello(let board): .trello(board.name)
        }
    }
}

/// What the person chose before importing.
struct ImportChoices: Sendable {
    /// Where a Trello list's cards go: a column, or nowhere; and whether they count as finished.
    struct ListChoice: Sendable, Equatable {
        var column: BoardColumn?
        var finished: Bool

        /// What a list's name suggests (the review's presets, and a script's choice when it sends
        /// none): its column by `BoardImporter.column(forTrelloList:)`, finished for a "Done" list.
        static func suggested(forTrelloList name: String) -> ListChoice {
            ListChoice(column: BoardImporter.column(forTrelloList: name), finished: BoardImporter.isFinished(trelloList: name))
        }
    }

    /// By Trello list id; a list not named here goes where its name says (`BoardImporter.column(forTrelloList:)`).
    var lists: [String: ListChoice] = [:]
    /// Leave out the tasks an earlier import already brought (matched by origin).
    var skipDuplicates = false
    /// This board's id: a task of its own export that is still here (on the board or in the
    /// logbook) is always left out, whatever `skipDuplicates` says: it would only be doubled.
    var ownBoard: String?

    /// Whether the task from `origin` stays out, given the origins already here.
    func leavesOut(_ origin: String?, existing: Set<String>) -> Bool {
        guard let origin, existing.contains(origin) else { return false }
        return skipDuplicates || ownBoard.map { ImportChoices.isOwn(origin, board: $0) } == true
    }

    /// How many of `existing` are this board's own tasks (always left out, nothing to choose).
    func ownTasks(in existing: Set<String>) -> Int {
        guard let ownBoard else { return 0 }
        return existing.count { Self.isOwn($0, board: ownBoard) }
    }

    /// How many of `existing` an earlier import brought: the ones `skipDuplicates` decides.
    func importedBefore(in existing: Set<String>) -> Int {
        existing.count - ownTasks(in: existing)
    }

    /// Whether `origin` names a task made on `board` (`planboard:BOARD:ID`).
    static func isOwn(_ origin: String, board: String) -> Bool {
        origin.hasPrefix("planboard:\(board):")
    }
}

/// Reads an import file — a PlanBoard export or a Trello board export — into tasks ready to store.
///
/// The file is decoded once, into only the fields PlanBoard uses. Every note passes through the
/// sanitizer (by way of `NoteRenderer`); Trello descriptions are Markdown and stay Markdown, with
/// checklists added as Markdown lists. Nothing is stored here: the caller stores the whole plan in
/// one transaction, so a file is imported entirely or not at all.
struct BoardImporter {
    let renderer: NoteRenderer
    let now: Date

    /// More tasks than this in one file is refused rather than half-imported.
    static let maxTasks = 10_000

    // MARK: - Reading

    /// The fields of both formats, all optional, so the file is decoded in one pass whatever it is.
    private struct Document: Decodable {
        let format: String?
        let version: Int?
        let board: String?
        let exported: Date?
        let revision: Int64?
        let columns: [String: [BoardExport.Task]]?
        let logbook: [BoardExport.Task]?
        let name: String?
        let lists: [TrelloBoard.List]?
        let cards: [TrelloBoard.Card]?
        let checklists: [TrelloBoard.Checklist]?
    }

    static func read(_ bytes: [UInt8]) throws(PlanError) -> ImportSource {
        try bytes.withUnsafeBytes { raw in Result { () throws(PlanError) in try read(raw) } }.get()
    }

    static func read(_ buffer: ByteBuffer) throws(PlanError) -> ImportSource {
        try buffer.withUnsafeReadableBytes { raw in Result { () throws(PlanError) in try read(raw) } }.get()
    }

    /// Decodes the file from the bytes where they are: no second copy of a file of megabytes.
    private static func read(_ raw: UnsafeRawBufferPointer) throws(PlanError) -> ImportSource {
        guard let base = raw.baseAddress, raw.count > 0 else { throw .importRejected(.empty) }
        let document: Document
        do {
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none)
            document = try TrelloBoard.decoder.decode(Document.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .importRejected(.notJSON)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw .importRejected(.notAnObject)
        } catch {
            throw .importRejected(Self.problem(error))
        }
        if document.format == BoardExport.format {
            guard let version = document.version, BoardExport.readableVersions.contains(version) else {
                throw .importRejected(.unsupportedVersion(
                    document.version.map(String.init) ?? "?", lowest: BoardExport.readableVersions.lowerBound,
                    highest: BoardExport.readableVersions.upperBound))
            }
            guard let columns = document.columns else { throw .importRejected(.noColumns) }
            let unknown = columns.keys.filter { BoardColumn(rawValue: $0) == nil }.sorted()
            guard unknown.isEmpty else {
                throw .importRejected(.unknownColumn(unknown[0]))
            }
            let logbookColumns = (document.logbook ?? []).compactMap(\.column).filter { BoardColumn(rawValue: $0) == nil }.sorted()
            if let unknown = logbookColumns.first { throw .importRejected(.unknownColumn(unknown)) }
            return .planboard(BoardExport(
                version: version, board: document.board, exported: document.exported, revision: document.revision, columns: columns,
                logbook: document.logbook))
        }
        if let lists = document.lists, let cards = document.cards {
            return .trello(TrelloBoard(name: document.name, lists: lists, cards: cards, checklists: document.checklists))
        }
        throw .importRejected(.neitherFormat)
    }

    /// Where every task of the file came from, to ask the store which were imported before.
    static func origins(of source: ImportSource) -> [String] {
        switch source {
        case .planboard(let export):
            BoardColumn.allCases.flatMap { export.columns[$0.rawValue] ?? [] }.compactMap { origin(of: $0, board: export.board) }
        case .trello(let board):
            board.cards.map { "trello:\($0.id)" }
        }
    }

    /// A task's origin: the one it carries, else the board it was exported from and its id there.
    private static func origin(of task: BoardExport.Task, board: String?) -> String? {
        task.origin ?? board.flatMap { board in task.id.map { PlanTask.origin(board: board, id: $0) } }
    }

    /// A Trello file's open lists in order, with how many open cards each holds.
    static func openLists(of board: TrelloBoard) -> [(list: TrelloBoard.List, cards: Int)] {
        let counts = Dictionary(grouping: board.cards.filter { $0.closed != true }, by: \.idList).mapValues(\.count)
        return board.lists.filter { $0.closed != true }.sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }.map { ($0, counts[$0.id] ?? 0) }
    }

    /// Open lists map by name, compared in lower case with everything but letters dropped:
    /// "Today" and "Doing" go to Today, "Next" and "To Do" to Next, every other list to Later.
    static func column(forTrelloList name: String) -> BoardColumn {
        switch letters(of: name) {
        case "today", "doing": return .today
        case "next", "todo": return .next
        default: return .later
        }
    }

    /// Whether a Trello list's name says its cards are done ("Done", "DONE! 🙌🏽", "Complete",
    /// "Finished", "完成", "已完成"): its cards are then offered as finished.
    static func isFinished(trelloList name: String) -> Bool {
        ["done", "complete", "completed", "finished", "完成", "已完成", "完成了", "已完成的"].contains(letters(of: name))
    }

    /// A list's name in lower case with only its letters: no spaces, digits, punctuation or emoji.
    /// `isAlphabetic`, not CharacterSet.letters: that set includes marks such as the emoji
    /// variation selector in "DOING ⚙️", which would then no longer read as "doing".
    private static func letters(of name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter(\.properties.isAlphabetic)))
    }

    // MARK: - Planning

    /// The tasks to store for `source` as the person chose; `existing` are origins already on the board.
    func plan(_ source: ImportSource, choices: ImportChoices = ImportChoices(), existing: Set<String> = []) throws(PlanError) -> ImportPlan {
        var plan = ImportPlan()
        switch source {
        case .planboard(let export):
            plan.report.source = .planboard
            for column in BoardColumn.allCases {
                for task in export.columns[column.rawValue] ?? [] {
                    let origin = Self.origin(of: task, board: export.board)
                    if choices.leavesOut(origin, existing: existing) {
                        plan.report.skippedDuplicates += 1
                        continue
                    }
                    // Rendered again from what was written: an export's HTML is not trusted as such.
                    let (source, format) = task.notesAsWritten
                    try add(
                        to: &plan, title: task.title, column: column, important: task.important ?? false, finished: task.finished ?? false,
                        notes: source, format: format, created: task.created, updated: task.updated, originalID: task.id, origin: origin,
                        days: Self.days(of: task))
                }
            }
            // The logbook (version 4 on), newest first as the file lists it: each entry finished,
            // under the column it came from and the day the file says it was finished.
            for entry in export.logbook ?? [] {
                let origin = Self.origin(of: entry, board: export.board)
                if choices.leavesOut(origin, existing: existing) {
                    plan.report.skippedDuplicates += 1
                    continue
                }
                let (source, format) = entry.notesAsWritten
                var days = Self.days(of: entry)
                days.finishedDay = entry.finishedDay.flatMap { BoardDay(iso: $0) }
                days.inLogbook = true
                try add(
                    to: &plan, title: entry.title, column: entry.column.flatMap(BoardColumn.init(rawValue:)) ?? .today,
                    important: entry.important ?? false, finished: true, notes: source, format: format, created: entry.created,
                    updated: entry.updated, originalID: entry.id, origin: origin, days: days)
            }
        case .trello(let board):
            try planTrello(board, choices: choices, existing: existing, into: &plan)
        }
        return plan
    }

    private func planTrello(_ board: TrelloBoard, choices: ImportChoices, existing: Set<String>, into plan: inout ImportPlan) throws(PlanError) {
        plan.report.source = .trello(board.name)
        let openLists = Self.openLists(of: board).map(\.list)
        let closedLists = Set(board.lists.filter { $0.closed == true }.map(\.id))
        let choice = { (list: TrelloBoard.List) in
            choices.lists[list.id] ?? .suggested(forTrelloList: list.name)
        }
        plan.report.lists = openLists.map { ($0.name, choice($0).column) }
        let checklists = Dictionary(grouping: board.checklists ?? [], by: \.idCard)
        // Grouped once: filtering every list's cards out of all cards would be lists × cards.
        let cardsByList = Dictionary(grouping: board.cards, by: \.idList)
        for list in openLists {
            let listChoice = choice(list)
            let cards = (cardsByList[list.id] ?? []).sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }
            for card in cards {
                // An archived card marked complete was done: it goes to the logbook, finished when it
                // was last touched. One archived otherwise was put away unfinished, and is left out.
                let toLogbook = card.closed == true && card.dueComplete == true
                if card.closed == true, !toLogbook {
                    plan.report.skippedArchivedCards += 1
                    continue
                }
                guard let column = listChoice.column else {
                    plan.report.skippedByChoice += 1
                    continue
                }
                let origin = "trello:\(card.id)"
                if choices.leavesOut(origin, existing: existing) {
                    plan.report.skippedDuplicates += 1
                    continue
                }
                let description = card.desc ?? ""
                // Checked before converting: a description this long could not be stored as notes anyway.
                let bytes = description.utf8.count
                guard bytes <= NoteSanitizer.maximumBytes else {
                    let limit = NoteSanitizerError.tooLarge(bytes: bytes, limit: NoteSanitizer.maximumBytes).limit
                    throw .importRejected(.notes(title: TaskTitle.coerce(card.name).title, limit))
                }
                let important = card.labels?.contains { label in
                    label.color == "red" || ["important", "urgent", "priority"].contains((label.name ?? "").lowercased().trimmingCharacters(in: .whitespaces))
                } ?? false
                try add(
                    to: &plan, title: card.name, column: column, important: important,
                    finished: listChoice.finished || (card.dueComplete ?? false),
                    notes: Self.withChecklists(description, checklists[card.id] ?? []), format: .markdown,
                    created: TrelloBoard.creationDate(ofID: card.id), updated: card.dateLastActivity, originalID: nil, origin: origin,
                    markdown: NoteRenderer.trelloMarkdown, days: ImportedDays(finishedAt: toLogbook ? card.dateLastActivity : nil, inLogbook: toLogbook))
            }
        }
        plan.report.skippedCardsInArchivedLists = board.cards.filter { closedLists.contains($0.idList) }.count
    }

    /// The description with each checklist after it, as a Markdown heading and a task list (`- [x]`
    /// for a ticked item, `- [ ]` for the rest), so the card shows its progress and its items can be
    /// ticked here; their text escaped so it reads as typed.
    static func withChecklists(_ description: String, _ checklists: [TrelloBoard.Checklist]) -> String {
        var markdown = description.trimmingCharacters(in: .whitespacesAndNewlines)
        for checklist in checklists.sorted(by: { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }) {
            let items = (checklist.checkItems ?? []).sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }.map { item in
                "- [\(item.state == "complete" ? "x" : " ")] \(markdownEscaped(item.name))"
            }
            if !markdown.isEmpty { markdown += "\n\n" }
            markdown += "### \(markdownEscaped(checklist.name ?? "Checklist"))\n\n" + items.joined(separator: "\n")
        }
        return markdown
    }

    /// Text that Markdown shows as typed: every ASCII punctuation mark backslash-escaped, line breaks as spaces.
    static func markdownEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                escaped += " "
            } else {
                if scalar.isASCII, scalar.properties.generalCategory.isPunctuationOrSymbol { escaped += "\\" }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    // MARK: - Shared

    private func add(
        to plan: inout ImportPlan, title raw: String, column: BoardColumn, important: Bool, finished: Bool, notes source: String,
        format: NoteFormat, created: Date?, updated: Date?, originalID: TaskID?, origin: String?,
        markdown: MarkdownConfiguration = NoteRenderer.markdownNesting, days: ImportedDays = ImportedDays()
    ) throws(PlanError) {
        guard plan.tasks.count < Self.maxTasks else {
            throw .importRejected(.tooManyTasks(limit: Self.maxTasks))
        }
        let (title, changed) = TaskTitle.coerce(raw)
        if changed { plan.report.titlesChanged += 1 }
        let rendered: NoteRenderer.Rendered
        do {
            rendered = try renderer.render(source, as: format, markdown: markdown)
        } catch .notesRejected(let limit) {
            throw .importRejected(.notes(title: title, limit))
        } catch {
            throw error
        }
        if !rendered.removed.isEmpty {
            plan.report.notesCleaned += 1
            plan.report.removed.merge(rendered.removed)
        }
        if days.inLogbook { plan.report.toLogbook += 1 } else { plan.report.added[column, default: 0] += 1 }
        plan.shares.append(ImportPlan.Share(column: column, inLogbook: days.inLogbook, titleChanged: changed, removed: rendered.removed))
        let created = created ?? now
        plan.tasks.append(ImportedTask(
            title: title, column: column, important: important, finished: finished, notes: rendered.notes,
            created: created, updated: max(updated ?? created, created), originalID: originalID, origin: origin,
            when: days.when, deadline: days.deadline, repeats: days.repeats,
            finishedAt: days.finishedAt, finishedDay: days.finishedDay, inLogbook: days.inLogbook))
    }

    /// A task's when-date, deadline and repeat as a file carries them.
    struct ImportedDays {
        var when: BoardDay?
        var deadline: BoardDay?
        var repeats: RepeatRule?
        /// When a finished task was finished (nil: when it was last updated).
        var finishedAt: Date?
        /// The day a logbook entry was finished on, as the file says (nil: worked out from `finishedAt`).
        var finishedDay: BoardDay?
        /// Goes to the logbook rather than the board (`finished` must be true).
        var inLogbook = false
    }

    /// The days of an exported task (version 3 on); a value that cannot be read is left out rather
    /// than refusing the whole file over it (the task itself still comes in).
    static func days(of task: BoardExport.Task) -> ImportedDays {
        ImportedDays(
            when: task.when.flatMap { BoardDay(iso: $0) }, deadline: task.deadline.flatMap { BoardDay(iso: $0) },
            repeats: task.repeats.flatMap { RepeatRule(code: $0) }, finishedAt: task.finishedAt)
    }

    /// A decoding error as what was wrong, and where in the file.
    static func problem(_ error: any Error) -> ImportProblem {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : text
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return .malformed(path: path(context.codingPath + [key]), .missing)
        case DecodingError.typeMismatch(let type, let context):
            return .malformed(path: path(context.codingPath), .shouldBe(kind(of: type)))
        case DecodingError.valueNotFound(let type, let context):
            return .malformed(path: path(context.codingPath), .null(kind(of: type)))
        case DecodingError.dataCorrupted(let context):
            return .malformed(path: path(context.codingPath), .unreadable)
        default:
            return .malformed(path: "", .unreadable)
        }
    }

    private static func kind(of type: Any.Type) -> MalformedField.ValueKind {
        switch type {
        case is String.Type: .text
        case is Bool.Type: .boolean
        case is Int.Type, is Int64.Type, is Double.Type: .number
        case is Array<Any>.Type: .list
        default: .object
        }
    }
}

private extension Unicode.GeneralCategory {
    var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default:
            false
        }
    }
}
