import PlanCore
import Synchronization

/// Drawings of tasks (a card, a logbook entry), kept per language and task until what one was
/// drawn from changes.
///
/// Drawing with Mustache costs tens of microseconds a drawing; a board of 3,000 cards or a page of
/// 50 logbook entries would spend most of its time there on every request. A drawing depends only
/// on its `DrawnFrom` (compared without building labels: strings are shared, not copied) and the
/// reader's language, so only what changed is drawn again.
final class DrawingCache<DrawnFrom: Equatable & Sendable>: Sendable {
    private let drawn = Mutex<[Language: [TaskID: Entry]]>([:])
    /// The most drawings kept per language; past it they are all forgotten (nil: no bound, for
    /// the board's cards, which `keepOnly` bounds).
    private let limit: Int?

    init(limit: Int? = nil) {
        self.limit = limit
    }

    private struct Entry: Sendable {
        let drawnFrom: DrawnFrom
        let html: RenderedHTML
    }

    /// Task `id`'s drawing from `drawnFrom` in `language`: the one kept, or `draw()` kept now.
    func drawing(of id: TaskID, from drawnFrom: DrawnFrom, in language: Language, draw: () throws -> RenderedHTML) throws -> RenderedHTML {
        try drawn.withLock { languages in
            if let entry = languages[language]?[id], entry.drawnFrom == drawnFrom { return entry.html }
            let html = try draw()
            if let limit, languages[language]?.count ?? 0 >= limit { languages[language] = [:] }
            languages[language, default: [:]][id] = Entry(drawnFrom: drawnFrom, html: html)
            return html
        }
    }

    /// Forgets the drawings of tasks not among `ids`, once the cache has grown well past them.
    func keepOnly(_ ids: Set<TaskID>) {
        drawn.withLock { languages in
            for (language, entries) in languages where entries.count > ids.count * 2 + 64 {
                languages[language] = entries.filter { ids.contains($0.key) }
            }
        }
    }
}

/// Every card's drawn HTML, kept until its task changes.
final class CardCache: Sendable {
    private let drawn = DrawingCache<DrawnFrom>()
    private let renderer: PageRenderer

    /// What a card's drawing depends on.
    private struct DrawnFrom: Equatable, Sendable {
        let title: String
        let important: Bool
        let finished: Bool
        let excerpt: String?
        /// Ticking an item changes no text of the excerpt, only this.
        let progress: ChecklistProgress?
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
            progress = ChecklistProgress(task)
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
        try tasks.map { try card($0, today: today, strings: strings) }
    }

    /// One task's card, as seen on the board's `today`.
    func card(_ task: PlanTask, today: BoardDay, strings: Strings) throws -> RenderedHTML {
        try drawn.drawing(of: task.id, from: DrawnFrom(task, today: today), in: strings.language) {
            try renderer.drawn(CardView(task, today: today, strings: strings), template: "partials/card")
        }
    }

    /// Forgets the cards of tasks no longer on the board, once the cache has grown well past it.
    func keepOnly(_ ids: Set<TaskID>) {
        drawn.keepOnly(ids)
    }
}
