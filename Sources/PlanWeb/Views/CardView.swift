import PlanCore

/// One card as the board draws it (`partials/card.mustache`).
///
/// It holds nothing that depends on the session or on the card's neighbours — the forms share the
/// page's one CSRF token, and the move and delete choices live behind the card's "⋯" — so the same
/// drawing serves every tab, every live update and every later page until the task changes.
struct CardView: Sendable, Equatable {
    let id: TaskID
    let title: String
    let important: Bool
    let finished: Bool
    let excerpt: String?
    /// Its checklist's progress ("2/5"); nil when its notes hold no task list.
    let progress: CardProgress?
    /// "important, finished" for screen readers; nil for an ordinary open task.
    let state: String?
    /// The card's accessible name: its title, state, checklist progress and days in words, as the
    /// visually hidden parts say them. Given as `aria-label`, not by `aria-labelledby` pointing at
    /// those parts: Chromium names a card whose drawing `content-visibility` skipped (one scrolled
    /// out of view) with nothing from the parts it points at.
    let name: String
    /// What the round check sends: finishing an open task, reopening a finished one.
    let finishValue: Bool
    let finishLabel: String
    let moreLabel: String
    /// The tooltip of the star.
    let importantLabel: String
    /// Where its title, its check and its "⋯" lead.
    let paths: TaskPaths
    /// Its when-date, deadline and repeat as seen from the board's today; nil when it has none to show.
    let dates: CardDates?
    /// Its title and notes folded as search folds them (`SearchText`), for the board's filter: the
    /// first `searchLimit` characters, so a card with long notes stays small in pages and events.
    let search: String
    /// Whether `search` stops short of the whole folded text.
    let searchCut: Bool
    /// How much of a task's folded text its card carries for the filter.
    static let searchLimit = 1_000
    /// The Traditional characters that fold to the Simplified ones in `search`, in pairs, so the
    /// filter folds a typed query the same way (`SearchText.traditionalPairs`).
    let fold: String?
    /// What the board's filter switches ask of it: a deadline, one before the board's today, a when-day.
    let hasDeadline: Bool
    let overdue: Bool
    let scheduled: Bool

    init(_ task: PlanTask, today: BoardDay, strings: Strings) {
        id = task.id
        title = task.title
        important = task.important
        finished = task.finished
        let text = task.excerpt ?? Excerpt.of(task)
        excerpt = text.flatMap { $0.isEmpty ? nil : $0 }
        progress = ChecklistProgress(task).map { CardProgress($0, strings: strings) }
        state = Self.state(of: task, strings)
        finishValue = !task.finished
        finishLabel = strings(task.finished ? "card.reopen" : "card.finish", ["title": task.title])
        moreLabel = strings("card.more", ["title": task.title])
        importantLabel = strings("card.important")
        paths = TaskPaths(id: task.id)
        dates = CardDates(task, today: today, strings: strings)
        name = [task.title, state, progress?.spoken, dates?.spoken].compactMap { $0 }.joined(separator: " ")
        let folded = SearchText.of(task)
        // A card goes into every live event and every page: long notes are not copied into it whole.
        searchCut = folded.count > Self.searchLimit
        search = searchCut ? String(folded.prefix(Self.searchLimit)) : folded
        let pairs = SearchText.traditionalPairs(in: search)
        fold = pairs.isEmpty ? nil : pairs
        hasDeadline = task.deadline != nil
        overdue = task.deadline.map { $0 < today } ?? false
        scheduled = task.when != nil
    }

    /// "important", "finished" or both, as the card (and the Select page) says it; nil for neither.
    static func state(of task: PlanTask, _ strings: Strings) -> String? {
        switch (task.important, task.finished) {
        case (true, true): strings("card.state.both")
        case (true, false): strings("card.state.important")
        case (false, true): strings("card.state.finished")
        case (false, false): nil
        }
    }
}
