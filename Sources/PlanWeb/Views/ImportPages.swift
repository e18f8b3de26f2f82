import PlanCore
import PlanNotes
import PlanStore

/// The import and export page.
package struct TransferPage: PageView {
    package static let template = "transfer"

    let csrf: String
    /// JSON pasted into the form, kept when an import is refused.
    let json: String
    let error: String?
}

/// Before an import: where each Trello list goes, and whether to bring again what an earlier
/// import brought. A form of selects and radio buttons, so it works without JavaScript.
struct ImportReviewPage: PageView {
    static let template = "import-review"
    /// Lists offered a choice; a board with more keeps the name rules for the rest (forms are bounded).
    static let listsChosen = 90

    struct ListRow: Sendable {
        let id: String
        let name: String
        let cardsLabel: String
        let finishedLabel: String
        /// Preset when the list's name says its cards are done.
        let finished: Bool
        let options: [Option]
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// Where the choices are posted: this review's own address.
    let path: String
    let csrf: String
    /// "From the Trello board “Home”: 4 tasks. …"
    let intro: String
    /// Tasks imported before: the person chooses whether to bring them again.
    let hasDuplicates: Bool
    let duplicatesLabel: String
    /// Tasks made on this board and still here: left out, said so, with nothing to choose.
    let hasMadeHere: Bool
    let madeHereLabel: String
    let lists: [ListRow]
    let hasLists: Bool
    let hasMoreLists: Bool
    let moreListsLabel: String
    let error: String?

    init(id: String, source: ImportSource, duplicates: Int, madeHere: Int = 0, csrf: String, strings: Strings, error: String? = nil) {
        path = Route.importReview(upload: id).path
        self.csrf = csrf
        self.error = error
        let total: Int
        var moreLists = 0
        switch source {
        case .planboard(let export):
            total = BoardColumn.allCases.reduce(0) { $0 + (export.columns[$1.rawValue]?.count ?? 0) }
            lists = []
        case .trello(let board):
            let open = BoardImporter.openLists(of: board)
            total = open.reduce(0) { $0 + $1.cards }
            lists = open.prefix(Self.listsChosen).map { list, cards in
                let suggested = ImportChoices.ListChoice.suggested(forTrelloList: list.name)
                return ListRow(
                    id: list.id, name: list.name, cardsLabel: strings.count("review.cards", cards),
                    finishedLabel: strings("review.finishedLabel", ["list": list.name]),
                    finished: suggested.finished,
                    options: BoardColumn.allCases.map { Option(value: $0.rawValue, label: strings.column($0), selected: $0 == suggested.column) }
                        + [Option(value: "skip", label: strings("review.skip"), selected: false)])
            }
            moreLists = max(0, open.count - Self.listsChosen)
        }
        intro = strings("review.from", ["source": ImportPage.describe(source: source.description, strings), "tasks": strings.tasks(total)])
        hasLists = !lists.isEmpty
        hasMoreLists = moreLists > 0
        moreListsLabel = strings("review.moreLists", ["count": moreLists])
        hasDuplicates = duplicates > 0
        duplicatesLabel = strings.count("review.duplicates", duplicates)
        hasMadeHere = madeHere > 0
        madeHereLabel = strings.count("review.madeHere", madeHere)
    }
}

/// The page after an import.
package struct ImportPage: PageView {
    package static let template = "import"

    struct ListMapping: Sendable {
        let name: String
        let column: String
    }

    let heading: String
    let intro: String
    let columns: [String]
    let notices: [String]
    let lists: [ListMapping]
    let hasLists: Bool
    /// Taking the import back: offered while it can be (`ImportRecord.canBeTakenBack`).
    let undo: UndoOffer?
    /// Said when it was taken back already.
    let undone: String?
    /// Why taking it back was just refused.
    let refusal: String?
    let csrf: String
    static let listsShown = 50

    struct UndoOffer: Sendable {
        let action: String
        let explanation: String
    }

    init(summary: ImportSummary, record: ImportRecord? = nil, refusal: String? = nil, csrf: String = "", strings: Strings) {
        undo = record.flatMap { record in
            record.canBeTakenBack
                ? UndoOffer(
                    action: Route.importUndo(revision: summary.revision).path,
                    explanation: strings.count("imported.undo.explain", record.loggedTasks))
                : nil
        }
        undone = record?.undone == true ? strings("imported.undone") : nil
        self.refusal = refusal
        self.csrf = csrf
        heading = strings.count("imported.heading", summary.total)
        intro = strings("imported.from", ["source": Self.describe(source: summary.source, strings)])
        columns = summary.perColumn.map { strings("imported.toColumn", ["count": $0.count, "column": strings.column($0.column)]) }
            + ((summary.toLogbook ?? 0) > 0 ? [strings("imported.toLogbook", ["count": summary.toLogbook ?? 0])] : [])
        var notices: [String] = []
        for (key, count) in [
            ("imported.duplicates", summary.skippedDuplicates), ("imported.skippedByChoice", summary.skippedByChoice),
            ("imported.archived", summary.skippedArchivedCards), ("imported.archivedLists", summary.skippedCardsInArchivedLists),
        ] where count > 0 {
            notices.append(strings.count(key, count))
        }
        if summary.notesCleaned > 0 {
            notices.append(strings.count("imported.cleaned", summary.notesCleaned, ["removed": strings.removal(RemovalReport(keys: summary.removed))]))
        }
        if summary.titlesChanged > 0 {
            notices.append(strings.count("imported.titles", summary.titlesChanged))
        }
        self.notices = notices
        // A board with hundreds of lists gets the first few and a count, not a page of them.
        var lists = summary.lists.prefix(Self.listsShown).map {
            ListMapping(name: $0.name, column: $0.column.map(strings.column) ?? strings("imported.skipped"))
        }
        if summary.lists.count > Self.listsShown {
            lists.append(ListMapping(name: strings("imported.moreLists", ["count": summary.lists.count - Self.listsShown]), column: strings("imported.moreListsWent")))
        }
        self.lists = lists
        hasLists = !lists.isEmpty
    }

    /// Where the tasks came from, worded in the reader's language.
    static func describe(source: ImportSource.Description, _ strings: Strings) -> String {
        switch source {
        case .planboard: strings("imported.source.planboard")
        case .trello(let name?): strings("imported.source.trello", ["name": name])
        case .trello(nil): strings("imported.source.trelloUnnamed")
        }
    }
}
