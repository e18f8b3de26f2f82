import PlanCore

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
        let cards: Int
        let cardsLabel: String
        let options: [Option]
        let finished: Bool
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let id: String
    let csrf: String
    let source: String
    let total: Int
    let totalLabel: String
    let duplicates: Int
    let hasDuplicates: Bool
    let duplicatesLabel: String
    let lists: [ListRow]
    let hasLists: Bool
    let moreLists: Int
    let hasMoreLists: Bool
    let error: String?

    init(id: String, source: ImportSource, duplicates: Int, csrf: String, error: String? = nil) {
        self.id = id
        self.csrf = csrf
        self.duplicates = duplicates
        self.error = error
        switch source {
        case .planboard(let export):
            self.source = "a PlanBoard export"
            total = Column.allCases.reduce(0) { $0 + (export.columns[$1.rawValue]?.count ?? 0) }
            lists = []
            moreLists = 0
        case .trello(let board):
            self.source = board.name.map { "the Trello board “\($0)”" } ?? "a Trello board"
            let open = BoardImporter.openLists(of: board)
            total = open.reduce(0) { $0 + $1.cards }
            lists = open.prefix(Self.listsChosen).map { list, cards in
                let column = BoardImporter.column(forTrelloList: list.name)
                return ListRow(
                    id: list.id, name: list.name, cards: cards, cardsLabel: cards == 1 ? "1 card" : "\(cards) cards",
                    options: Column.allCases.map { Option(value: $0.rawValue, label: $0.title, selected: $0 == column) }
                        + [Option(value: "skip", label: "Skip these cards", selected: false)],
                    finished: false)
            }
            moreLists = max(0, open.count - Self.listsChosen)
        }
        hasLists = !lists.isEmpty
        hasMoreLists = moreLists > 0
        hasDuplicates = duplicates > 0
        totalLabel = total == 1 ? "1 task" : "\(total) tasks"
        duplicatesLabel = duplicates == 1 ? "1 of them was imported before" : "\(duplicates) of them were imported before"
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
        if summary.skippedDuplicates > 0 {
            notices.append(summary.skippedDuplicates == 1 ? "1 task imported before was left out." : "\(summary.skippedDuplicates) tasks imported before were left out.")
        }
        if summary.skippedByChoice > 0 {
            notices.append(summary.skippedByChoice == 1 ? "1 card of a skipped list was left out." : "\(summary.skippedByChoice) cards of skipped lists were left out.")
        }
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
        var lists = summary.lists.prefix(Self.listsShown).map { ListMapping(name: $0.name, column: $0.column?.title ?? "skipped") }
        if summary.lists.count > Self.listsShown {
            lists.append(ListMapping(name: "and \(summary.lists.count - Self.listsShown) more lists", column: "Later unless named Today, Doing, Next or To Do"))
        }
        self.lists = lists
        hasLists = !lists.isEmpty
    }
}
