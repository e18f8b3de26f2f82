import Foundation
import HummingbirdTesting
import Testing
@testable import PlanWeb

/// Several tasks at once over HTTP (issue 23 item 2): the board's selection as one JSON request,
/// and the Select page's checkboxes without JavaScript; all or nothing, one Undo.
@Suite struct SelectRoutesTests {
    @Test func aSelectionIsOneRequestOneRevisionAndOneUndo() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b", "c"])
            let answer = try await client.post("/select", ["ids": "\(ids[2]),\(ids[0])", "action": "later"], json: true)
            #expect(answer.status == .ok)
            #expect(answer.headers[.boardRevision] == "4")
            let body = try answer.jsonObject()
            #expect(body["revision"] as? Int == 4)
            #expect(body["message"] as? String == "Moved 2 tasks to Later.")
            #expect((body["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["a", "c"])
            #expect(try await client.titles() == ["today": ["b"], "next": [], "later": ["a", "c"]])
            let undone = try await client.post("/undo", json: true)
            #expect(undone.status == .ok)
            #expect(try await client.titles()["today"] == ["a", "b", "c"])
        }
    }

    @Test func aRefusedSelectionSaysWhyAndChangesNothing() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"], json: true)
            let finished = try await client.post("/select", ["ids": "\(ids[0]),\(ids[1])", "action": "next"], json: true)
            #expect(finished.status == .unprocessableContent)
            #expect(try finished.errorCode() == "task_finished")
            for (fields, code) in [(["ids": "", "action": "delete"], "invalid_field"), (["ids": "1,x", "action": "delete"], "invalid_field"), (["ids": "1", "action": "explode"], "invalid_field")] {
                let refused = try await client.post("/select", fields.map { ($0.key, $0.value) }, json: true)
                #expect(refused.status.code / 100 == 4, "\(fields)")
                #expect(try refused.errorCode() == code, "\(fields)")
            }
            #expect(try await client.titles()["today"] == ["a", "b"])
        }
    }

    @Test func withoutJavaScriptTheSelectPageTicksAndComesBackToTheBoardSayingWhatItDid() async throws {
        try await TestApp.make().test(.router) { client in
            let ids = try await client.addTasks(["Buy <milk>", "Call Anna", "Pay rent"])
            let page = try await client.get("/select").text
            #expect(page.contains(#"<form class="select-form" method="post" action="/select">"#))
            #expect(page.contains(#"<input type="checkbox" name="task-\#(ids[0])" value="true"> <span class="select-title">Buy &lt;milk&gt;</span>"#))
            #expect(page.contains(#"name="action" value="finish">Mark as finished</button>"#))
            #expect(page.contains(#"name="action" value="delete">Delete</button>"#))
            #expect(try await client.get("/").text.contains(#"<a href="/select">Select</a>"#))

            let done = try await client.post("/select", ["csrf": TestApp.token, "task-\(ids[0])": "true", "task-\(ids[2])": "true", "action": "important"])
            #expect(done.status == .seeOther)
            #expect(done.headers[.location] == "/")
            let notice = try #require(done.headers[values: .setCookie].first { $0.hasPrefix("pb_notice=") })
            let board = try await TestApp.$cookies.withValue(TestApp.cookies + "; " + String(notice.split(separator: ";")[0])) {
                try await client.get("/").text
            }
            #expect(board.contains("Marked 2 tasks important."))
            let important = try await client.get("/", json: true).jsonObject()
            let today = try #require((important["columns"] as? [String: Any])?["today"] as? [[String: Any]])
            #expect(today.map { $0["important"] as? Bool } == [true, false, true])

            // Nothing ticked: the page again, saying why.
            let none = try await client.post("/select", ["csrf": TestApp.token, "action": "delete"])
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("Nothing changed."))
            // A refusal keeps the ticks.
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"], json: true)
            let refused = try await client.post("/select", ["csrf": TestApp.token, "task-\(ids[0])": "true", "task-\(ids[1])": "true", "action": "later"])
            #expect(refused.text.contains("Nothing changed."))
            #expect(refused.text.contains(#"name="task-\#(ids[1])" value="true" checked>"#))
            #expect(refused.text.contains(#"name="task-\#(ids[0])" value="true" checked>"#))
            #expect(!refused.text.contains(#"name="task-\#(ids[2])" value="true" checked>"#))
            #expect(try await client.titles()["today"] == ["Buy <milk>", "Call Anna", "Pay rent"])
        }
    }
}
