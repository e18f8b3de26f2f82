import Foundation
import Mustache
import PlanCore
import PlanStore
import Testing
@testable import PlanWeb

/// The view models answer Mustache's lookups through hand-written switches (for speed); every stored
/// property must be answered, with its own value, or a template would silently print nothing.
@Suite struct ViewModelLookupTests {
    static func check(_ model: some MustacheParent, _ label: String) {
        for property in Mirror(reflecting: model).children {
            guard let name = property.label else { continue }
            let answered = model.child(named: name)
            #expect(answered != nil || "\(property.value)" == "nil", "\(label).\(name) is not answered by child(named:)")
            if let answered {
                #expect("\(answered)" == "\(Self.unwrap(property.value))", "\(label).\(name) answers another value")
            }
        }
    }

    static func unwrap(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let wrapped = mirror.children.first else { return value }
        return wrapped.value
    }

    @Test func everyBoardViewModelFieldIsAnswered() throws {
        let now = Date(timeIntervalSince1970: 0)
        let keys = OrderKey.spread(count: 3)
        var tasks: [PlanTask] = []
        for index in 0..<3 {
            tasks.append(PlanTask(
                id: TaskID(index + 1), title: "t\(index)", column: .today, orderKey: keys[index],
                important: index == 0, finished: index == 2, notes: TaskNotes(source: "n", format: .plain, html: "<p>n</p>", excerpt: "n"), created: now, updated: now))
        }
        let board = Board(revision: 7, tasks: tasks)
        let strings = try TestApp.strings()
        let page = BoardPage(
            board: board, csrf: "token", strings: strings, cards: [:], menu: RenderedHTML.empty, scriptStrings: RenderedHTML.empty,
            banner: .error("b"), notice: Notice(message: "n"),
            addForms: [.next: BoardPage.AddForm(title: "typed", important: true, error: "e")])
        Self.check(page, "BoardPage")
        Self.check(try #require(page.banner), "Banner")
        for filterSwitch in page.filterSwitches { Self.check(filterSwitch, "FilterSwitch") }
        for column in page.columns {
            Self.check(column, "ColumnView")
            Self.check(column.add, "AddForm")
        }
        #expect(page.columns.map(\.finishedCount) == [1, 0, 0])
        for task in tasks { Self.check(CardView(task, today: BoardDay(iso: "2026-11-22")!, strings: strings), "CardView") }
        Self.check(try #require(page.notice), "Notice")
        Self.check(ActionsView.menuTemplate(strings), "ActionsView")
        for item in ActionsView(task: tasks[0], index: 0, count: 3, today: BoardDay(iso: "2026-11-22")!, strings: strings).items { Self.check(item, "ActionsView.Item") }
    }

    @Test func everySearchViewModelFieldIsAnswered() throws {
        let strings = try TestApp.strings()
        let now = Date(timeIntervalSince1970: 0)
        let tasks = [
            PlanTask(
                id: 1, title: "Call the dentist", column: .next, orderKey: OrderKey.between(nil, nil), important: true, finished: false,
                notes: .none, created: now, updated: now),
            PlanTask(
                id: 2, title: "Plan", column: .today, orderKey: OrderKey.between(nil, nil), important: false, finished: true,
                notes: TaskNotes(source: "ask the dentist", format: .plain, html: "<p>ask the dentist</p>", excerpt: "ask the dentist"),
                created: now, updated: now),
        ]
        let query = try #require(try SearchQuery("dentist"))
        let page = SearchResultsPage(query: query, page: SearchPage(tasks: tasks, next: 2), offset: 0, strings: strings) { $0.notesSource }
        Self.check(page, "SearchResultsPage")
        #expect(page.results.compactMap(\.snippet).count == 1, "the notes' match is shown")
        Self.check(SearchResultsPage(typed: "x", error: "refused", strings: strings), "SearchResultsPage (refused)")
    }
}
