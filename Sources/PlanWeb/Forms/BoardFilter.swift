import PlanCore
import Foundation

/// What the board is narrowed to: `GET /?q=…&important=1&deadline=1&overdue=1&scheduled=1`.
///
/// The page's script filters the same way in the browser (Public/filter.js) and keeps these in the
/// address, so a filtered board survives a reload and can be bookmarked; without JavaScript the
/// server draws only the matching cards. Words match as search does (`SearchQuery`).
struct BoardFilter: Equatable, Sendable {
    var query: SearchQuery?
    var important = false
    var deadline = false
    var overdue = false
    var scheduled = false

    /// The switches beside the search field, in the order they are drawn.
    static let switches = ["important", "deadline", "overdue", "scheduled"]

    /// No filter: the whole board.
    init() {}

    /// Reads the address's query. A switch is `1` or `true` (on), `0`, `false` or empty (off); anything else, and a
    /// query search would refuse, is refused with the field's name.
    init(_ parameters: [String: String]) throws(PlanError) {
        query = try SearchQuery(parameters["q"] ?? "")
        important = try Self.flag("important", parameters)
        deadline = try Self.flag("deadline", parameters)
        overdue = try Self.flag("overdue", parameters)
        scheduled = try Self.flag("scheduled", parameters)
    }

    private static func flag(_ name: String, _ parameters: [String: String]) throws(PlanError) -> Bool {
        switch parameters[name] {
        case nil, "", "0", "false": false
        case "1", "true": true
        default: throw .invalidField(name: name, problem: .notABoolean)
        }
    }

    /// Whether anything narrows the board.
    var isActive: Bool { query != nil || important || deadline || overdue || scheduled }

    func isOn(_ name: String) -> Bool {
        switch name {
        case "important": important
        case "deadline": deadline
        case "overdue": overdue
        case "scheduled": scheduled
        default: false
        }
    }

    /// Whether a task is shown on the board's `today`: every switch that is on, and every word.
    /// Overdue is a deadline before the board's day; scheduled is having a when-day.
    func matches(_ task: PlanTask, today: BoardDay) -> Bool {
        if important && !task.important { return false }
        if deadline && task.deadline == nil { return false }
        if overdue && !(task.deadline.map { $0 < today } ?? false) { return false }
        if scheduled && task.when == nil { return false }
        if let query, !query.matches(SearchText.of(task)) { return false }
        return true
    }

    /// The address's query for this filter with one switch turned the other way ("" for none).
    func address(toggling name: String? = nil) -> String {
        var items: [String] = []
        if let query { items.append("q=" + Self.encode(query.text)) }
        for switchName in Self.switches where isOn(switchName) != (switchName == name) {
            items.append(switchName + "=1")
        }
        return items.joined(separator: "&")
    }

    /// Part of the board page's entity tag: the same address draws the same page.
    var fingerprint: String { address() }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
