import Foundation
import PlanCore
import PlanMarkdown
import PlanNotes

/// What an import will add, and what it did to get there.
struct ImportPlan: Sendable {
    var tasks: [ImportedTask] = []
    var report = ImportReport()
}

/// The summary a person sees after an import.
struct ImportReport: Sendable {
    var source = ""
    var added: [Column: Int] = [:]
    var skippedArchivedCards = 0
    var skippedCardsInArchivedLists = 0
    var notesCleaned = 0
    var removed = RemovalReport()
    var titlesChanged = 0
    /// For Trello files: where each open list went, in the file's order.
    var lists: [(name: String, column: Column)] = []
}

/// Reads an import file — a PlanBoard export or a Trello board export — into tasks ready to store.
///
/// Every note passes through the sanitizer; Trello descriptions are Markdown, turned into HTML
/// by PlanMarkdown first (linear time, never traps, raw HTML escaped), and checklists become lists in the note. Nothing is stored here: the caller
/// stores the whole plan in one transaction, so a file is imported entirely or not at all.
struct BoardImporter {
    let sanitizer: NoteSanitizer
    let now: Date

    /// More tasks than this in one file is refused rather than half-imported.
    static let maxTasks = 10_000

    func plan(_ bytes: [UInt8]) throws(PlanError) -> ImportPlan {
        guard !bytes.isEmpty else { throw .importRejected("the file is empty.") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .importRejected("the file is not JSON. Choose a PlanBoard export or a Trello board export (Menu › Print, export and share › Export as JSON).")
        }
        guard let document = object as? [String: Any] else {
            throw .importRejected("the file is JSON, but not an object; a PlanBoard or Trello board export is one.")
        }
        if document["format"] as? String == BoardExport.format {
            return try planBoardExport(bytes)
        }
        if document["lists"] is [Any], document["cards"] is [Any] {
            return try trello(bytes)
        }
        throw .importRejected("the file is neither a PlanBoard export (it has no \"format\": \"planboard-export\") nor a Trello board export (it has no \"lists\" and \"cards\").")
    }

    // MARK: - PlanBoard exports

    private func planBoardExport(_ bytes: [UInt8]) throws(PlanError) -> ImportPlan {
        let export: BoardExport
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            export = try decoder.decode(BoardExport.self, from: Data(bytes))
        } catch {
            throw .importRejected("the PlanBoard export is malformed: \(Self.describe(error))")
        }
        guard export.version == BoardExport.version else {
            throw .importRejected("this export is version \(export.version); this PlanBoard reads version \(BoardExport.version).")
        }
        let unknown = export.columns.keys.filter { Column(rawValue: $0) == nil }.sorted()
        guard unknown.isEmpty else {
            throw .importRejected("the export has a column called “\(unknown[0])”; PlanBoard's columns are today, next and later.")
        }
        var plan = ImportPlan()
        plan.report.source = "a PlanBoard export"
        for column in Column.allCases {
            for task in export.columns[column.rawValue] ?? [] {
                try add(
                    to: &plan, title: task.title, column: column, important: task.important ?? false, finished: task.finished ?? false,
                    html: task.notes ?? "", created: task.created, updated: task.updated, originalID: task.id)
            }
        }
        return plan
    }

    // MARK: - Trello

    /// Open lists map by name, compared in lower case with everything but letters dropped:
    /// "Today" and "Doing" go to Today, "Next" and "To Do" to Next, every other list to Later.
    static func column(forTrelloList name: String) -> Column {
        // `isAlphabetic`, not CharacterSet.letters: that set includes marks such as the emoji
        // variation selector in "DOING ⚙️", which would then no longer read as "doing".
        let letters = String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter(\.properties.isAlphabetic)))
        switch letters {
        case "today", "doing": return .today
        case "next", "todo": return .next
        default: return .later
        }
    }

    private func trello(_ bytes: [UInt8]) throws(PlanError) -> ImportPlan {
        let board: TrelloBoard
        do {
            board = try TrelloBoard.decoder.decode(TrelloBoard.self, from: Data(bytes))
        } catch {
            throw .importRejected("the Trello export is malformed: \(Self.describe(error))")
        }
        var plan = ImportPlan()
        plan.report.source = board.name.map { "the Trello board “\($0)”" } ?? "a Trello board"
        let openLists = board.lists.filter { $0.closed != true }.sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }
        let closedLists = Set(board.lists.filter { $0.closed == true }.map(\.id))
        plan.report.lists = openLists.map { ($0.name, Self.column(forTrelloList: $0.name)) }
        let checklists = Dictionary(grouping: board.checklists ?? [], by: \.idCard)
        // Grouped once: filtering every list's cards out of all cards would be lists × cards.
        let cardsByList = Dictionary(grouping: board.cards, by: \.idList)
        for list in openLists {
            let column = Self.column(forTrelloList: list.name)
            let cards = (cardsByList[list.id] ?? []).sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }
            for card in cards {
                if card.closed == true {
                    plan.report.skippedArchivedCards += 1
                    continue
                }
                let description = card.desc ?? ""
                // Checked before converting: a description this long could not be stored as notes anyway.
                let bytes = description.utf8.count
                guard bytes <= NoteSanitizer.maximumBytes else {
                    let reason = NoteSanitizerError.tooLarge(bytes: bytes, limit: NoteSanitizer.maximumBytes).message
                    throw .importRejected("the notes of “\(TaskTitle.coerce(card.name).title)”: \(reason)")
                }
                let html = Self.markdown(description) + Self.checklistsHTML(checklists[card.id] ?? [])
                let important = card.labels?.contains { label in
                    label.color == "red" || ["important", "urgent", "priority"].contains((label.name ?? "").lowercased().trimmingCharacters(in: .whitespaces))
                } ?? false
                try add(
                    to: &plan, title: card.name, column: column, important: important, finished: card.dueComplete ?? false,
                    html: html, created: TrelloBoard.creationDate(ofID: card.id), updated: card.dateLastActivity, originalID: nil)
            }
        }
        plan.report.skippedCardsInArchivedLists = board.cards.filter { closedLists.contains($0.idList) }.count
        return plan
    }

    /// Deeper nesting stays as the text typed, so a description's HTML always fits the sanitizer's
    /// 64 levels: 20 levels of lists or quotes (up to two elements each, `ul` and `li`), a paragraph,
    /// a link and 16 levels of emphasis come to at most 58.
    static let markdownNesting = MarkdownConfiguration(maximumNestingDepth: 20, maximumEmphasisDepth: 16)

    private static func markdown(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : Markdown.html(from: text, configuration: markdownNesting)
    }

    /// Each checklist as a heading and a list, ticked items marked ☑ and the rest ☐.
    private static func checklistsHTML(_ checklists: [TrelloBoard.Checklist]) -> String {
        checklists.sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }.map { checklist in
            let items = (checklist.checkItems ?? []).sorted { ($0.pos?.value ?? 0) < ($1.pos?.value ?? 0) }.map { item in
                "<li>\(item.state == "complete" ? "☑" : "☐") \(NoteInput.escaped(item.name))</li>"
            }
            return "<h3>\(NoteInput.escaped(checklist.name ?? "Checklist"))</h3><ul>\(items.joined())</ul>"
        }.joined()
    }

    // MARK: - Shared

    private func add(
        to plan: inout ImportPlan, title raw: String, column: Column, important: Bool, finished: Bool, html: String,
        created: Date?, updated: Date?, originalID: TaskID?
    ) throws(PlanError) {
        guard plan.tasks.count < Self.maxTasks else {
            throw .importRejected("the file has more than \(Self.maxTasks) tasks; split it and import the parts one after another.")
        }
        let (title, changed) = TaskTitle.coerce(raw)
        if changed { plan.report.titlesChanged += 1 }
        let notes: SanitizedNote
        do {
            notes = try sanitizer.sanitize(html)
        } catch {
            throw .importRejected("the notes of “\(title)”: \(error.message)")
        }
        if !notes.removed.isEmpty {
            plan.report.notesCleaned += 1
            plan.report.removed.merge(notes.removed)
        }
        plan.report.added[column, default: 0] += 1
        let created = created ?? now
        plan.tasks.append(ImportedTask(
            title: title, column: column, important: important, finished: finished,
            notes: TaskNotes(html: notes.html.html, excerpt: Excerpt.of(storedNotes: notes.html.html)),
            created: created, updated: max(updated ?? created, created), originalID: originalID))
    }

    /// A decoding error as a person reads it: where in the file, and what was wrong there.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.hasPrefix(".") ? String(text.dropFirst()) : (text.isEmpty ? "the top level" : text)
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing."
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)) should be \(Self.name(of: type))."
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null but should be \(Self.name(of: type))."
        case DecodingError.dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default:
            return "it could not be read."
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Array<Any>.Type: "a list"
        default: "an object"
        }
    }
}
