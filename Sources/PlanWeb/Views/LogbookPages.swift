import Foundation
import Mustache
import PlanCore
import PlanNotes
import PlanStore

/// One page of the logbook: finished tasks under the day they were finished, newest first, each
/// with Put back and Delete (buttons of the page's one form), and a link to the older entries.
package struct LogbookListPage: PageView {
    package static let template = "logbook"

    let csrf: String
    let days: [Day]
    /// Nothing in the logbook at all (not merely nothing on a later page).
    let isEmpty: Bool
    let emptyText: String
    /// Which clock the days follow, with a link to change it.
    let clock: String
    /// The next page's address; nil on the last page.
    let olderPath: String?
    /// The first page's address, on any later page.
    let newestPath: String?
    let banner: Banner?
    /// What the last action did (a deletion), with Undo.
    let notice: Notice?

    /// The entries of one day, drawn (`LogbookEntryCache`).
    struct Day: Sendable {
        let heading: String
        let iso: String
        let entries: [RenderedHTML]
    }

    /// One finished task.
    struct Entry: Sendable {
        let id: TaskID
        let title: String
        let important: Bool
        let excerpt: String?
        /// "from Today".
        let from: String
        /// "finished at 14:05", and the instant for `<time datetime>`.
        let finishedAt: String
        let finishedISO: String
        let path: String
        let putBackPath: String
        let deletePath: String
        let putBackLabel: String
        let deleteLabel: String
        /// The buttons' words and the important mark's, so the entry's partial needs nothing else.
        let putBack: String
        let delete: String
        let colon: String
        let importantTitle: String
        let importantText: String
    }

    /// `draw` gives an entry's drawing, making its `Entry` only when it has none kept.
    init(
        page: LogbookPage, firstPage: Bool, clock: BoardClockText, today: BoardDay, csrf: String, banner: Banner? = nil, notice: Notice? = nil,
        draw: (PlanTask, () -> Entry) throws -> RenderedHTML
    ) throws {
        let strings = clock.strings
        self.csrf = csrf
        var days: [Day] = []
        var current: (day: BoardDay, entries: [RenderedHTML])?
        func close() {
            guard let current else { return }
            days.append(Day(heading: clock.heading(current.day, today: today), iso: current.day.iso, entries: current.entries))
        }
        for task in page.entries {
            let day = task.finishedDay ?? clock.calendar.day(of: task.finishedAt ?? task.updated)
            if current?.day != day {
                close()
                current = (day, [])
            }
            current?.entries.append(try draw(task) {
                let column = strings.column(task.column)
                let finished = task.finishedAt ?? task.updated
                return Entry(
                    id: task.id, title: task.title, important: task.important, excerpt: task.excerpt.flatMap { $0.isEmpty ? nil : $0 },
                    from: strings("logbook.from", ["column": column]),
                    finishedAt: strings("logbook.finishedAt", ["time": clock.time(finished)]), finishedISO: finished.formatted(.iso8601),
                    path: Route.logbookEntry(task.id).path, putBackPath: Route.putBack(task.id).path, deletePath: Route.logbookDelete(task.id).path,
                    putBackLabel: strings("logbook.putBackLabel", ["title": task.title, "column": column]),
                    deleteLabel: strings("logbook.deleteLabel", ["title": task.title]),
                    putBack: strings("logbook.putBack"), delete: strings("logbook.delete"), colon: strings("punctuation.colon"),
                    importantTitle: strings("card.important"), importantText: strings("task.important"))
            })
        }
        close()
        self.days = days
        isEmpty = firstPage && page.entries.isEmpty
        emptyText = strings("logbook.empty", ["hour": clock.dayStart])
        self.clock = strings("logbook.clock", ["zone": clock.zone, "hour": clock.dayStart])
        olderPath = page.next.map { Route.logbook.path(query: $0.query) }
        newestPath = firstPage ? nil : Route.logbook.path
        self.banner = banner
        self.notice = notice
    }
}

/// One entry of the logbook opened: its notes (sanitized again on their way out, as the task page
/// does), when it was finished and where from, with Put back and Delete.
package struct LogbookEntryPage: PageView {
    package static let template = "logbook-entry"

    let csrf: String
    let heading: String
    let important: Bool
    let finished: String
    let finishedISO: String
    let notesHTML: SanitizedHTML?
    let putBackPath: String
    let deletePath: String
    let putBackLabel: String
    let deleteLabel: String

    init(task: PlanTask, clock: BoardClockText, notesHTML: SanitizedHTML?, csrf: String) {
        let strings = clock.strings
        let instant = task.finishedAt ?? task.updated
        let day = task.finishedDay ?? clock.calendar.day(of: instant)
        let column = strings.column(task.column)
        self.csrf = csrf
        heading = task.title
        important = task.important
        finished = strings("logbook.entry.finished", ["date": clock.day(day), "time": clock.time(instant), "column": column])
        finishedISO = instant.formatted(.iso8601)
        self.notesHTML = notesHTML.flatMap { $0.isEmpty ? nil : $0 }
        putBackPath = Route.putBack(task.id).path
        deletePath = Route.logbookDelete(task.id).path
        putBackLabel = strings("logbook.putBackLabel", ["title": task.title, "column": column])
        deleteLabel = strings("logbook.deleteLabel", ["title": task.title])
    }
}

/// Every logbook entry's drawing on the list (`partials/logbook-entry`), kept until the entry or the
/// board's clock changes: a page of 50 entries drawn through Mustache cost ~10 ms, most of the page.
final class LogbookEntryCache: Sendable {
    /// The entries of the pages people open are kept (a few pages' worth per language).
    private let drawn = DrawingCache<DrawnFrom>(limit: 2_000)
    private let renderer: PageRenderer

    /// What an entry's drawing depends on, besides its id and the reader's language.
    private struct DrawnFrom: Equatable, Sendable {
        let title: String
        let important: Bool
        let excerpt: String?
        let column: BoardColumn
        let finished: Date
        /// The board's clock: "finished at 14:05" is read on it.
        let zone: String

        init(_ task: PlanTask, clock: BoardClockText) {
            title = task.title
            important = task.important
            excerpt = task.excerpt
            column = task.column
            finished = task.finishedAt ?? task.updated
            zone = clock.zone
        }
    }

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// `task`'s entry on the list, drawn from `entry()` when none is kept.
    func drawing(of task: PlanTask, clock: BoardClockText, entry: () -> LogbookListPage.Entry) throws -> RenderedHTML {
        try drawn.drawing(of: task.id, from: DrawnFrom(task, clock: clock), in: clock.strings.language) {
            try renderer.drawn(entry(), template: "partials/logbook-entry")
        }
    }
}

extension LogbookCursor {
    /// The cursor as the "Older" link carries it: `after=DAY.ID` (`2026-11-20.123`).
    var query: String { "after=\(day.iso).\(id)" }

    /// Reads `DAY.ID` back; nil for anything else (a changed or cut-short address).
    init?(query value: some StringProtocol) {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = BoardDay(iso: parts[0]), parts[1].utf8.count <= 18,
              parts[1].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let id = TaskID(parts[1]), id > 0
        else { return nil }
        self.init(id: id, day: day)
    }
}

/// A logbook entry as scripts see it: the task, when it was finished and on which board day.
struct LogbookEntryJSON: Encodable, Sendable {
    let id: TaskID
    let title: String
    let column: String
    let important: Bool
    let notes: String
    let notesSource: String
    let notesFormat: String
    let created: Date
    let updated: Date
    let finishedAt: Date?
    let finishedDay: BoardDay?

    init(_ task: PlanTask) {
        id = task.id
        title = task.title
        column = task.column.rawValue
        important = task.important
        notes = task.notes
        notesSource = task.notesSource
        notesFormat = task.notesFormat.rawValue
        created = task.created
        updated = task.updated
        finishedAt = task.finishedAt
        finishedDay = task.finishedDay
    }
}

/// A page of the logbook as scripts see it; `next` is the `after` value of the following page.
struct LogbookJSON: Encodable, Sendable {
    let entries: [LogbookEntryJSON]
    let next: String?

    init(_ page: LogbookPage) {
        entries = page.entries.map(LogbookEntryJSON.init)
        next = page.next.map { String($0.query.dropFirst("after=".count)) }
    }

    private enum CodingKeys: String, CodingKey { case entries, next }

    /// `next` is written as null on the last page (not left out), so a script can test for it.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(next, forKey: .next)
    }
}

/// What clearing a column's finished tasks did, for scripts.
struct ClearedJSON: Encodable, Sendable {
    let revision: Int64
    let column: String
    /// The tasks sent to the logbook.
    let cleared: [TaskID]
}

// MARK: - Mustache

// Answered by switches rather than reflection, like the board's view models (`Views+Mustache.swift`).

extension LogbookListPage: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "csrf": csrf
        case "days": days
        case "isEmpty": isEmpty
        case "emptyText": emptyText
        case "clock": clock
        case "olderPath": olderPath
        case "newestPath": newestPath
        case "banner": banner
        case "notice": notice
        default: nil
        }
    }
}

extension LogbookListPage.Day: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "iso": iso
        case "entries": entries
        default: nil
        }
    }
}

extension LogbookListPage.Entry: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "important": important
        case "excerpt": excerpt
        case "from": from
        case "finishedAt": finishedAt
        case "finishedISO": finishedISO
        case "path": path
        case "putBackPath": putBackPath
        case "deletePath": deletePath
        case "putBackLabel": putBackLabel
        case "deleteLabel": deleteLabel
        case "putBack": putBack
        case "delete": delete
        case "colon": colon
        case "importantTitle": importantTitle
        case "importantText": importantText
        default: nil
        }
    }
}

extension LogbookEntryPage: MustacheParent {
    package func child(named name: String) -> Any? {
        switch name {
        case "csrf": csrf
        case "heading": heading
        case "important": important
        case "finished": finished
        case "finishedISO": finishedISO
        case "notesHTML": notesHTML
        case "putBackPath": putBackPath
        case "deletePath": deletePath
        case "putBackLabel": putBackLabel
        case "deleteLabel": deleteLabel
        default: nil
        }
    }
}
