import PlanCore
import Synchronization

/// Every card's drawn HTML, kept until its task changes.
///
/// Drawing a card with Mustache costs tens of microseconds; a board of 3,000 would spend most of
/// its time there on every request. A card's markup depends only on its `CardView`, so the cache
/// compares the view it drew with the one wanted now and redraws only what changed.
final class CardCache: Sendable {
    /// Per language (a card's labels are in the reader's language), by task.
    private let drawn = Mutex<[Language: [TaskID: Entry]]>([:])
    private let renderer: PageRenderer

    private struct Entry: Sendable {
        let drawnFrom: DrawnFrom
        let html: RenderedHTML
    }

    /// What a card's drawing depends on, compared without building labels (strings are shared, not copied).
    private struct DrawnFrom: Equatable, Sendable {
        let title: String
        let important: Bool
        let finished: Bool
        let excerpt: String?
        let when: BoardDay?
        let deadline: BoardDay?
        let repeats: RepeatRule?
        /// The board's today, for a card with days (what they say depends on it); nil for one
        /// without, so the day's turn redraws only dated cards.
        let today: BoardDay?

        init(_ task: PlanTask, today: BoardDay) {
            title = task.title
            important = task.important
            finished = task.finished
            excerpt = task.excerpt
            when = task.when
            deadline = task.deadline
            repeats = task.repeats
            self.today = task.when != nil || task.deadline != nil || task.repeats != nil ? today : nil
        }
    }

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The cards of `tasks`, in order, as seen on the board's `today`.
    func cards(_ tasks: [PlanTask], today: BoardDay, strings: Strings) throws -> [RenderedHTML] {
        try drawn.withLock { languages in
            try tasks.map { task in
                try Self.card(task, today: today, in: &languages[strings.language, default: [:]], strings: strings, renderer: renderer)
            }
        }
    }

    /// One task's card, as seen on the board's `today`.
    func card(_ task: PlanTask, today: BoardDay, strings: Strings) throws -> RenderedHTML {
        try drawn.withLock { languages in
            try Self.card(task, today: today, in: &languages[strings.language, default: [:]], strings: strings, renderer: renderer)
        }
    }

    /// Forgets the cards of tasks no longer on the board, once the cache has grown well past it.
    func keepOnly(_ ids: Set<TaskID>) {
        drawn.withLock { languages in
            for (language, entries) in languages where entries.count > ids.count * 2 + 64 {
                languages[language] = entries.filter { ids.contains($0.key) }
            }
        }
    }

    private static func card(
        _ task: PlanTask, today: BoardDay, in entries: inout [TaskID: Entry], strings: Strings, renderer: PageRenderer
    ) throws -> RenderedHTML {
        let drawnFrom = DrawnFrom(task, today: today)
        if let entry = entries[task.id], entry.drawnFrom == drawnFrom { return entry.html }
        let html = try renderer.drawn(CardView(task, today: today, strings: strings), template: "partials/card")
        entries[task.id] = Entry(drawnFrom: drawnFrom, html: html)
        return html
    }
}
