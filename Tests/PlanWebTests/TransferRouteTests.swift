import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import PlanWeb

@Suite struct TransferRouteTests {
    static let fixtures = TestApp.root.appendingPathComponent("Tests/PlanWebTests/Fixtures")
    static let shared = TestApp.root.deletingLastPathComponent().appendingPathComponent("shared/trello")

    /// A multipart upload as a browser's file input sends it, with the CSRF field.
    static func upload(
        _ client: some TestClientProtocol, _ bytes: [UInt8], filename: String = "board.json", json: Bool = true, fields: [String: String] = [:]
    ) async throws -> TestResponse {
        let boundary = "----PlanBoardTestBoundary7MA4YWxk"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(TestApp.token)\r\n".utf8)
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\nContent-Type: application/json\r\n\r\n".utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        var headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: TestApp.cookieHeader()]
        if json { headers[.accept] = "application/json" }
        return try await client.execute(uri: "/import", method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// A Trello board export with one list holding one card.
    static func trelloBoard(card name: String, description: String, list: String = "Today") throws -> [UInt8] {
        let card: [String: Any] = ["id": "5f1a2b3c0000000000000009", "name": name, "desc": description, "idList": "L1"]
        let board: [String: Any] = ["name": "Test board", "lists": [["id": "L1", "name": list]], "cards": [card]]
        return Array(try JSONSerialization.data(withJSONObject: board))
    }

    /// The export without what differs from board to board and moment to moment (the board's own id, when, revision).
    static func exportWithoutTimestamp(_ client: some TestClientProtocol) async throws -> [String: Any] {
        var export = try await client.get("/export").jsonObject()
        for key in ["exported", "revision", "board"] { export.removeValue(forKey: key) }
        return export
    }

    @Test func exportDownloadsTheWholeBoardAsVersionedJSON() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a", "b"])
            _ = try await client.post("/tasks", ["title": "c", "column": "later", "important": "true", "notes": "<p>n</p>"], json: true)
            let response = try await client.get("/export")
            #expect(response.status == .ok)
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"planboard-2026-11-22.json\"")
            let export = try response.jsonObject()
            #expect(export["format"] as? String == "planboard-export")
            #expect(int64(export["version"]) == 4)
            let columns = try #require(export["columns"] as? [String: [[String: Any]]])
            #expect(columns["today"]?.map { $0["title"] as? String } == ["a", "b"])
            #expect(columns["later"]?.first?["notes"] as? String == "<p>n</p>")
            #expect(columns["later"]?.first?["important"] as? Bool == true)
        }
    }

    @Test func exportThenImportIntoAnEmptyBoardGivesBackTheSameBoard() async throws {
        let original = try await TestApp.make().test(.router) { client -> [UInt8] in
            let ids = try await client.addTasks(["Buy milk", "写报告 📝", "Call Anna"])
            try await client.addTasks(["Plan trip"], to: "next")
            _ = try await client.post("/tasks", ["title": "Later thing", "column": "later", "important": "true", "notes": "<h2>Plan</h2><ul><li>one</li></ul><a href=\"https://example.com\">link</a>"], json: true)
            _ = try await client.post("/tasks/\(ids[1])/finish", ["finished": "true"], json: true)
            _ = try await client.post("/tasks/\(ids[2])/move", ["column": "today", "after": ""], json: true)
            _ = try await client.post("/tasks/\(ids[0])/delete", json: true)
            return Array(try await client.get("/export").body.readableBytesView)
        }
        try await TestApp.make().test(.router) { client in
            let imported = try await Self.upload(client, original)
            #expect(imported.status == .ok)
            #expect(int64(try imported.jsonObject()["total"]) == 4)
            var before = try #require(try JSONSerialization.jsonObject(with: Data(original)) as? [String: Any])
            for key in ["exported", "revision", "board"] { before.removeValue(forKey: key) }
            let again = try await Self.exportWithoutTimestamp(client)
            #expect(NSDictionary(dictionary: again).isEqual(to: before), "the re-exported board equals the original, ids, timestamps, notes as written and origins included")
        }
    }

    @Test func trelloListsCardsChecklistsAndFlagsAreMapped() async throws {
        try await TestApp.make().test(.router) { client in
            let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent("trello-small.json")))
            let response = try await Self.upload(client, bytes)
            #expect(response.status == .ok)
            let summary = try response.jsonObject()
            #expect(summary["added"] as? [String: Int] == ["today": 2, "next": 1, "later": 1])
            // An archived card marked complete was done: it goes to the logbook; the other archived one is left out.
            #expect(int64(summary["toLogbook"]) == 1)
            #expect(int64(summary["skippedArchivedCards"]) == 1)
            #expect(int64(summary["skippedCardsInArchivedLists"]) == 1)
            #expect(int64(summary["titlesChanged"]) == 1)
            #expect(int64(summary["notesCleaned"]) == 1, "only the javascript: link needed cleaning; raw HTML in Markdown is shown as text")
            #expect(summary["removed"] as? String == "Removed 1 unsafe link.")

            let board = try await client.get("/", json: true).jsonObject()
            let columns = try #require(board["columns"] as? [String: [[String: Any]]])
            // Doing → Today in card order; To Do → Next; the rest → Later.
            #expect(columns["today"]?.map { $0["title"] as? String } == ["Order tiles", "Paint the hallway"])
            #expect(columns["next"]?.map { $0["title"] as? String } == ["Call the plumber about the leak"])
            #expect(columns["later"]?.map { $0["title"] as? String } == ["Build a sauna"])
            let logbook = try await client.get("/logbook").text
            #expect(logbook.contains("Tiled the bathroom") && logbook.contains("Monday, 20 July 2020"), "under the day of its last activity")
            let tiles = try #require(columns["today"]?[0])
            #expect(tiles["finished"] as? Bool == true, "dueComplete marks finished")
            #expect(tiles["updated"] as? String == "2020-07-25T08:00:00Z")
            let paint = try #require(columns["today"]?[1])
            #expect(paint["important"] as? Bool == true, "a red label marks important")
            let notes = try #require(paint["notes"] as? String)
            // Trello shows raw HTML in a description as the characters typed, and so does the import.
            #expect(notes == """
                <p>Pick a <strong>warm white</strong>.</p>
                <ul>
                <li>buy brushes</li>
                <li>tape the edges</li>
                </ul>
                <p>&lt;script&gt;alert('x')&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>
                <h3>Supplies</h3>
                <ul>
                <li><input type="checkbox" checked="" disabled=""> Rollers</li>
                <li><input type="checkbox" checked="" disabled=""> Primer</li>
                <li><input type="checkbox" disabled=""> Paint &lt;2 tins&gt;</li>
                </ul>
                """)
            // The description stays Markdown, to be edited as Markdown; the checklist follows it as a task list.
            #expect(paint["notesFormat"] as? String == "markdown")
            let source = try #require(paint["notesSource"] as? String)
            #expect(source.hasPrefix("Pick a **warm white**."))
            #expect(source.hasSuffix("### Supplies\n\n- [x] Rollers\n- [x] Primer\n- [ ] Paint \\<2 tins\\>"))
            #expect(!notes.contains("<script") && !notes.contains("<img"))
            #expect(paint["created"] as? String == "2020-07-24T00:28:44Z", "created from the Trello id's timestamp (0x5f1a2b3c)")
            let plumber = try #require(columns["next"]?[0]["notes"] as? String)
            #expect(plumber.contains(#"<a href="https://plumber.example/contact" rel="noopener noreferrer nofollow">Plumber&#39;s site</a>"#) || plumber.contains(#"<a href="https://plumber.example/contact" rel="noopener noreferrer nofollow">Plumber's site</a>"#))
            #expect(!plumber.contains("javascript"))
        }
    }

    @Test(arguments: [
        ("trello2planka-simple-project-board.json", ["today": 2, "next": 3, "later": 4], 1),
        ("trello2md-productivity-workflow.json", ["today": 0, "next": 0, "later": 21], 0),
        ("nextcloud-deck-data-trelloJson.json", ["today": 0, "next": 1, "later": 0], 0),
    ])
    func publicTrelloExportsImport(file: String, added: [String: Int], archived: Int) async throws {
        try await TestApp.make().test(.router) { client in
            let bytes = Array(try Data(contentsOf: Self.shared.appendingPathComponent(file)))
            let response = try await Self.upload(client, bytes)
            #expect(response.status == .ok, "\(file): \(response.text)")
            let summary = try response.jsonObject()
            #expect(summary["added"] as? [String: Int] == added)
            #expect(int64(summary["skippedArchivedCards"]) == Int64(archived))
            let board = try await client.get("/", json: true).jsonObject()
            let tasks = (board["columns"] as? [String: [[String: Any]]])?.values.flatMap { $0 } ?? []
            #expect(tasks.count == added.values.reduce(0, +))
        }
    }

    /// Trello's checklists come in as task lists, so a card with them shows how far it has come
    /// (trello2planka's board: one card with two checklists, 1 of 2 + 3 items done; one with 2 of 3;
    /// one with 4 of 4).
    @Test func trelloChecklistsShowTheirProgressOnTheCard() async throws {
        try await TestApp.make().test(.router) { client in
            let bytes = Array(try Data(contentsOf: Self.shared.appendingPathComponent("trello2planka-simple-project-board.json")))
            #expect(try await Self.upload(client, bytes).status == .ok)
            let board = try await client.get("/").text
            let progress = board.components(separatedBy: #"<span class="task-progress"#).dropFirst().map { $0.prefix(while: { $0 != "<" }) }
            // (and the finished card from the list "DONE! 🙌🏽", every item ticked.)
            #expect(progress.sorted() == [#" is-complete" aria-hidden="true">4/4"#, #"" aria-hidden="true">1/5"#, #"" aria-hidden="true">2/3"#])
            #expect(board.contains(">1 of 5 done</span>") && board.contains(">2 of 3 done</span>"))
        }
    }

    @Test(arguments: [
        ("not JSON at all", "the file is not JSON"),
        ("", "the file is empty"),
        ("[1, 2, 3]", "the file is JSON, but not an object"),
        (#"{"hello": "world"}"#, "neither a PlanBoard export"),
        (#"{"lists": [], "cards": [{"id": "x", "idList": "y"}]}"#, "cards[0].name is missing"),
        (#"{"lists": [{"id": "l", "name": 5}], "cards": []}"#, "lists[0].name should be text"),
        (#"{"format": "planboard-export", "version": 7, "columns": {}}"#, "this export is version 7"),
        (#"{"format": "planboard-export", "version": 1, "columns": {"someday": []}}"#, "a column called “someday”"),
    ])
    func aBadFileChangesNothingAndSaysWhatIsWrong(content: String, reason: String) async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["keep"])
            let response = try await Self.upload(client, Array(content.utf8))
            #expect(response.status == .unprocessableContent)
            #expect(try response.errorCode() == "invalid_import")
            let message = (try response.jsonObject()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains(reason), "\(message)")
            #expect(try await client.titles() == ["today": ["keep"], "next": [], "later": []])
        }
    }

    @Test func aRefusedPasteIsShownAgainWithTheTextKept() async throws {
        try await TestApp.make().test(.router) { client in
            let boundary = "----PlanBoardPaste"
            let pasted = #"{"lists": [], "cards": [{"id": "x", "idList": "y"}]} <not json>"#
            let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(TestApp.token)\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"json\"\r\n\r\n\(pasted)\r\n--\(boundary)--\r\n"
            let page = try await client.execute(
                uri: "/import", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: "pb_session=\(TestApp.token)"],
                body: ByteBuffer(string: body))
            #expect(page.status == .unprocessableContent)
            #expect(page.text.contains("Nothing was imported: the file is not JSON."))
            #expect(page.text.contains("&lt;not json&gt;</textarea>"))
        }
    }

    @Test func importIsAllOrNothing() async throws {
        try await TestApp.make().test(.router) { client in
            let huge = String(repeating: "x", count: 300 * 1024)
            let file = #"{"lists": [{"id": "l", "name": "Today"}], "cards": [{"id": "a", "name": "fine", "idList": "l"}, {"id": "b", "name": "too big", "idList": "l", "desc": "\#(huge)"}]}"#
            let response = try await Self.upload(client, Array(file.utf8))
            #expect(response.status == .unprocessableContent)
            let message = (try response.jsonObject()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("the notes of “too big”: Notes are 300 KB; the limit is 256 KB."), "\(message)")
            #expect(try await client.titles()["today"] == [])
        }
    }

    @Test func importedIdsCannotExhaustTheIdSpace() async throws {
        try await TestApp.make().test(.router) { client in
            let file = #"{"format": "planboard-export", "version": 1, "columns": {"today": [{"id": 9223372036854775807, "title": "huge"}, {"id": 7, "title": "small"}]}}"#
            #expect(try await Self.upload(client, Array(file.utf8)).status == .ok)
            let board = try await client.get("/", json: true).jsonObject()
            let ids = ((board["columns"] as? [String: [[String: Any]]])?["today"] ?? []).compactMap { int64($0["id"]) }
            #expect(ids.count == 2)
            #expect(ids.contains(7), "an unused small id is kept")
            #expect(ids.allSatisfy { $0 < 1 << 40 }, "a huge id is replaced")
            // New tasks still get ids.
            #expect(try await client.post("/tasks", ["title": "after", "column": "today"], json: true).status == .created)
        }
    }

    /// Card descriptions that crashed (`* ` then a space-led line) or hung (a run of `[`) the
    /// Markdown library used before PlanMarkdown; found by fuzzing the import path.
    @Test(arguments: [
        ("* \n ", "<ul>\n<li></li>\n</ul>"),
        ("Blo work on" + String(repeating: "[", count: 5_000), "<p>Blo work on" + String(repeating: "[", count: 5_000) + "</p>"),
        (String(repeating: "*a ", count: 5_000), "<p>" + String(repeating: "*a ", count: 4_999) + "*a</p>"),
    ])
    func hostileMarkdownDescriptionsImport(description: String, notes: String) async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await Self.upload(client, try Self.trelloBoard(card: "Hostile", description: description, list: "To Do"))
            #expect(response.status == .ok, "\(response.text)")
            let board = try await client.get("/", json: true).jsonObject()
            let task = (board["columns"] as? [String: [[String: Any]]])?["next"]?.first
            #expect(task?["title"] as? String == "Hostile")
            #expect(task?["notes"] as? String == notes)
        }
    }

    @Test func aDeeplyNestedListImportsWithItsDeepestLevelsAsText() async throws {
        try await TestApp.make().test(.router) { client in
            let desc = (0..<40).map { String(repeating: "  ", count: $0) + "- level \($0 + 1)" }.joined(separator: "\n")
            let response = try await Self.upload(client, try Self.trelloBoard(card: "Deep", description: desc))
            #expect(response.status == .ok, "\(response.text)")
            let notes = try #require((try await client.get("/", json: true).jsonObject()["columns"] as? [String: [[String: Any]]])?["today"]?.first?["notes"] as? String)
            #expect(notes.components(separatedBy: "<ul>").count - 1 == 20, "twenty levels are lists")
            #expect(notes.contains("level 20<br>\n- level 21"), "deeper levels stay as the lines typed")
            #expect(notes.contains("- level 40"))
        }
    }

    @Test func theDeepestMarkdownStillFitsTheNotesNestingLimit() async throws {
        try await TestApp.make().test(.router) { client in
            // 40 levels of lists, the last holding a link around 300 stars each side of a word.
            let stars = String(repeating: "*", count: 300)
            let lines = (0..<40).map { String(repeating: "  ", count: $0) + "- level \($0 + 1)" }
            let desc = lines.joined(separator: "\n") + " [" + stars + "deep" + stars + "](https://example.com)"
            let response = try await Self.upload(client, try Self.trelloBoard(card: "Deepest", description: desc))
            #expect(response.status == .ok, "\(response.text)")
            let notes = try #require((try await client.get("/", json: true).jsonObject()["columns"] as? [String: [[String: Any]]])?["today"]?.first?["notes"] as? String)
            #expect(notes.components(separatedBy: "<strong>").count - 1 == 16)
            #expect(notes.contains("deep"))
        }
    }

    @Test func aDescriptionTooLongForNotesIsRefusedBeforeConverting() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await Self.upload(client, try Self.trelloBoard(card: "Long", description: String(repeating: "- a\n  - b\n", count: 30_000)))
            #expect(response.status == .unprocessableContent)
            let message = (try response.jsonObject()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("the notes of “Long”: Notes are 293 KB; the limit is 256 KB."), "\(message)")
            #expect(try await client.titles() == ["today": [], "next": [], "later": []])
        }
    }

    @Test func anOversizeFileIs413() async throws {
        try await TestApp.make().test(.router) { client in
            let response = try await Self.upload(client, Array(repeating: UInt8(ascii: " "), count: 9 << 20))
            #expect(response.status == .contentTooLarge)
            #expect(try response.errorCode() == "too_large")
        }
    }

    @Test func aJSONBodyImportsToo() async throws {
        try await TestApp.make().test(.router) { client in
            let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("trello-small.json"))
            let response = try await client.execute(
                uri: "/import", method: .post,
                headers: [.contentType: "application/json", .accept: "application/json", .cookie: "pb_session=\(TestApp.token)", .csrfToken: TestApp.token],
                body: ByteBuffer(data: bytes))
            #expect(response.status == .ok)
            #expect(int64(try response.jsonObject()["total"]) == 5, "four cards to the board, one to the logbook")
            // An import is one change; undo does not take it apart, and says so.
            let undo = try await client.post("/undo", json: true)
            #expect(try undo.errorCode() == "not_undoable")
        }
    }
}

@Suite struct MultipartFormTests {
    @Test func boundaryIsReadQuotedOrNot() {
        #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=abc123") == "abc123")
        #expect(MultipartForm.boundary(in: #"multipart/form-data; charset=utf-8; boundary="a b:c""#) == "a b:c")
        #expect(MultipartForm.boundary(in: "multipart/form-data") == nil)
        #expect(MultipartForm.boundary(in: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
    }

    @Test func fieldsAndFilesAreSeparated() throws {
        let body = "--B\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a \\\"quoted\\\".json\"\r\nContent-Type: application/json\r\n\r\n{\"x\":\r\n1}\r\n"
            + "--B--\r\n"
        let (fields, files) = try MultipartForm.parse(ByteBuffer(string: body), boundary: "B")
        #expect(fields["csrf"] == "token")
        #expect(files == [UploadedFile(field: "file", filename: "a \"quoted\".json", bytes: ByteBuffer(string: "{\"x\":\r\n1}"))])
    }

    @Test func malformedBodiesAreRefusedWithAReason() throws {
        let cases = [
            "no boundary at all",
            "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
            "--B\r\nX: y\r\n\r\nno name\r\n--B--",
            "--B\r\nContent-Disposition: form-data; name=\"a\"",
        ]
        for body in cases {
            #expect(throws: WebError.self, "\(body)") { try MultipartForm.parse(ByteBuffer(string: body), boundary: "B") }
        }
        // A field repeated keeps its first value; headers past the limit are refused.
        let repeated = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nfirst\r\n--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nsecond\r\n--B--"
        let (fields, _) = try MultipartForm.parse(ByteBuffer(string: repeated), boundary: "B")
        #expect(fields["a"] == "first")
        let longHeaders = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Pad: " + String(repeating: "p", count: 9_000) + "\r\n\r\nx\r\n--B--"
        #expect(throws: WebError.badRequest(.unterminatedPartHeaders)) { try MultipartForm.parse(ByteBuffer(string: longHeaders), boundary: "B") }
        let many = (0...MultipartForm.maxParts).map { "--B\r\nContent-Disposition: form-data; name=\"f\($0)\"\r\n\r\nx\r\n" }.joined() + "--B--"
        #expect(throws: WebError.badRequest(.tooManyParts(limit: MultipartForm.maxParts))) { try MultipartForm.parse(ByteBuffer(string: many), boundary: "B") }
    }
}
