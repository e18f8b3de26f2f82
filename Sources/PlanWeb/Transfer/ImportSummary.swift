import PlanCore
import PlanNotes
import PlanStore

/// The outcome of an import, kept with it (JSON) and worded for people by `ImportPage`.
struct ImportSummary: Codable, Sendable {
    struct ColumnCount: Codable, Sendable {
        let column: BoardColumn
        let count: Int
    }

    /// Where a Trello list went; no column when its cards were skipped.
    struct ListOutcome: Codable, Sendable {
        let name: String
        let column: BoardColumn?
    }

    private(set) var revision: Int64
    let source: ImportSource.Description
    let total: Int
    let perColumn: [ColumnCount]
    /// Finished tasks that went to the logbook; nil in summaries kept before imports had a logbook.
    let toLogbook: Int?
    let notesCleaned: Int
    /// What the sanitizer removed, by `RemovalReport.Category.key`.
    let removed: [String: Int]
    let titlesChanged: Int
    let lists: [ListOutcome]
    let skippedArchivedCards: Int
    let skippedCardsInArchivedLists: Int
    let skippedByChoice: Int
    let skippedDuplicates: Int

    init(report: ImportReport, revision: Int64) {
        self.revision = revision
        source = report.source
        perColumn = BoardColumn.allCases.map { ColumnCount(column: $0, count: report.added[$0] ?? 0) }
        toLogbook = report.toLogbook
        total = perColumn.reduce(0) { $0 + $1.count } + report.toLogbook
        skippedArchivedCards = report.skippedArchivedCards
        skippedCardsInArchivedLists = report.skippedCardsInArchivedLists
        skippedByChoice = report.skippedByChoice
        skippedDuplicates = report.skippedDuplicates
        notesCleaned = report.notesCleaned
        removed = Dictionary(uniqueKeysWithValues: report.removed.counts.map { ($0.key.key, $0.value) })
        titlesChanged = report.titlesChanged
        lists = report.lists.map { ListOutcome(name: $0.name, column: $0.column) }
    }

    /// The same summary under the revision its import got once stored.
    func at(revision: Int64) -> ImportSummary {
        var copy = self
        copy.revision = revision
        return copy
    }
}

/// The import summary as JSON.
struct ImportJSON: Encodable, Sendable {
    let revision: Int64
    let added: [String: Int]
    let toLogbook: Int
    let total: Int
    let skippedArchivedCards: Int
    let skippedCardsInArchivedLists: Int
    let skippedByChoice: Int
    let skippedDuplicates: Int
    let notesCleaned: Int
    let removed: String
    let titlesChanged: Int

    /// Whether the summary page can take it back now, and whether it was.
    let canBeUndone: Bool
    let undone: Bool

    init(_ summary: ImportSummary, record: ImportRecord? = nil, strings: Strings) {
        revision = summary.revision
        canBeUndone = record?.canBeTakenBack ?? false
        undone = record?.undone ?? false
        added = Dictionary(uniqueKeysWithValues: summary.perColumn.map { ($0.column.rawValue, $0.count) })
        toLogbook = summary.toLogbook ?? 0
        total = summary.total
        skippedArchivedCards = summary.skippedArchivedCards
        skippedCardsInArchivedLists = summary.skippedCardsInArchivedLists
        skippedByChoice = summary.skippedByChoice
        skippedDuplicates = summary.skippedDuplicates
        notesCleaned = summary.notesCleaned
        removed = strings.removal(RemovalReport(keys: summary.removed))
        titlesChanged = summary.titlesChanged
    }
}

extension RemovalReport {
    /// A report from counts kept by category key (as `ImportSummary` keeps them); unknown keys are ignored.
    init(keys: [String: Int]) {
        var counts: [Category: Int] = [:]
        for category in Category.allCases { counts[category] = keys[category.key] }
        self.init(counts: counts.compactMapValues { $0 })
    }
}

/// What taking an import back did, as JSON: the undo's revision, how many tasks it removed, and
/// the sentence to say in the reader's language.
struct ImportUndoJSON: Encodable, Sendable {
    let revision: Int64
    let removed: Int
    let message: String
}
