import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PlanCore
import PlanNotes
import Testing
@testable import PlanWeb

/// The board in English, Traditional and Simplified Chinese: complete catalogs, the language
/// chosen by the browser or the switch, and no English left on a page read in Chinese.
@Suite struct LanguageTests {
    static let chinese: [Language] = [.traditionalChinese, .simplifiedChinese]

    /// `{name}` placeholders of a catalog text.
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: #/\{(\w+)\}/#).map { String($0.1) })
    }

    // MARK: - The catalogs

    @Test func everyTextHasATranslationWithTheSamePlaceholders() throws {
        let catalogs = try TestApp.catalogs()
        let english = try #require(catalogs[.english])
        #expect(english.keys.count > 250)
        for key in english.keys where key.hasSuffix(".one") {
            let other = String(key.dropLast(4)) + ".other"
            let hasOther = english.has(other)
            #expect(hasOther, "\(key) has no .other form")
            #expect(Self.placeholders(english(key)).isSubset(of: Self.placeholders(english(other))), "\(key)")
        }
        for language in Self.chinese {
            let strings = try #require(catalogs[language])
            // Chinese has no singular form: a counting text needs only `.other`.
            for key in english.keys where !key.hasSuffix(".one") {
                let translated = strings.has(key)
                #expect(translated, "\(language.tag) has no text for \(key)")
                #expect(Self.placeholders(strings(key)) == Self.placeholders(english(key)), "\(language.tag) \(key): placeholders differ")
                #expect(!strings(key).isEmpty || key == "punctuation.gap", "\(language.tag) \(key) is empty")
            }
            for key in strings.keys {
                let inEnglish = english.has(key)
                #expect(inEnglish, "\(language.tag) has \(key), which English does not")
            }
        }
    }

    /// A text left as its English original is a text not translated, unless it is a name.
    /// Placeholders are filled in one pass: what a value holds is never read as a placeholder,
    /// and a placeholder with no value, or a lone brace, stays as written.
    @Test func placeholdersAreFilledOnceAndValuesStayAsTyped() {
        let strings = Strings(language: .english, table: [
            "moved": "Moved “{title}” to {column}.",
            "odd": "{ {column} {missing} {column",
        ], fallback: [:])
        #expect(strings("moved", ["title": "Plan {column} and {title}", "column": "Next"]) == "Moved “Plan {column} and {title}” to Next.")
        #expect(strings("odd", ["column": "Today"]) == "{ Today {missing} {column")
        #expect(strings("moved") == "Moved “{title}” to {column}.")
        #expect(strings("unknown.key", ["x": 1]) == "unknown.key")
    }

    @Test func noChineseTextIsTheEnglishOneLeftAsItWas() throws {
        let catalogs = try TestApp.catalogs()
        let english = try #require(catalogs[.english])
        // (and "2/5", a checklist's progress: numbers only; its spoken words are translated.)
        let names: Set<String> = ["task.format.markdown", "task.format.html", "punctuation.gap", "card.progress"]
        for language in Self.chinese {
            let strings = try #require(catalogs[language])
            for key in english.keys where !key.hasSuffix(".one") && !names.contains(key) {
                #expect(strings(key) != english(key), "\(language.tag) \(key) is still in English")
                // Chinese, or nothing to translate (placeholders, names, punctuation).
                let words = Self.latinWords(strings(key).replacing(#/\{\w+\}/#, with: ""))
                #expect(strings(key).contains { Self.isHan($0) } || words.isEmpty, "\(language.tag) \(key): \(strings(key))")
            }
        }
    }

    /// Characters that exist in one script only, so a Simplified text pasted into the Traditional
    /// catalog (or the other way round) shows up.
    @Test func eachChineseCatalogKeepsToItsScript() throws {
        let catalogs = try TestApp.catalogs()
        let simplifiedOnly = Set("个们这从时会为与体后来开关对项动标显隐务导败当击键删简单换无长应钟页读写输设选")
        let traditionalOnly = Set("個們這從時會為與體後來開關對項動標顯隱務導敗當擊鍵刪簡單換無長應鐘頁讀寫輸設選")
        let traditional = try #require(catalogs[.traditionalChinese])
        let simplified = try #require(catalogs[.simplifiedChinese])
        for key in traditional.keys {
            let wrong = traditional(key).filter { simplifiedOnly.contains($0) }
            #expect(wrong.isEmpty, "zh-Hant \(key) has Simplified characters: \(wrong)")
        }
        for key in simplified.keys {
            let wrong = simplified(key).filter { traditionalOnly.contains($0) }
            #expect(wrong.isEmpty, "zh-Hans \(key) has Traditional characters: \(wrong)")
        }
    }

    /// A key that is also the start of another (`a.b` beside `a.b.c`) cannot be reached from a
    /// template for both: Mustache looks `c` up in the text of `a.b` and prints nothing.
    @Test func noKeyIsTheStartOfAnother() throws {
        for language in Language.allCases {
            let file = TestApp.root.appendingPathComponent("Templates/strings/\(language.tag).json")
            let keys = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]).keys
            #expect(keys.count > 100)
            let clashes = keys.filter { key in keys.contains { $0.hasPrefix(key + ".") } }
            #expect(clashes.isEmpty, "\(language.tag): \(clashes.sorted())")
        }
    }

    /// Every `{{t.…}}` in a template, every key the Swift code names and every `t('…')` of the
    /// drag layer exists in English (and so, by the test above, in every language).
    @Test func everyKeyInUseExists() throws {
        let english = try TestApp.strings(.english)
        var used: [(key: String, place: String)] = []
        func files(_ folder: String, _ suffix: String) -> [URL] {
            let base = TestApp.root.appendingPathComponent(folder)
            return (FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(suffix) }.map { base.appendingPathComponent($0) }
        }
        for file in files("Templates", ".mustache") {
            let text = try String(contentsOf: file, encoding: .utf8)
            used += text.matches(of: #/\{\{\s*[#^/]?\s*t\.([\w.]+)\s*\}\}/#).map { (String($0.1), file.lastPathComponent) }
        }
        for file in files("Sources/PlanWeb", ".swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            used += text.matches(of: #/(?:strings|self)\(\s*"([a-z][\w.]*)"/#).map { (String($0.1), file.lastPathComponent) }
                .filter { $0.0.contains(".") }
            used += text.matches(of: #/count\(\s*"([a-z][\w.]*)"/#).map { (String($0.1) + ".other", file.lastPathComponent) }
        }
        for file in files("Public", ".js") {
            let text = try String(contentsOf: file, encoding: .utf8)
            used += text.matches(of: #/\bt\('([\w.]+)'/#).map { ("js." + $0.1, file.lastPathComponent) }
            used += text.matches(of: #/\btn\('([\w.]+)'/#).map { ("js." + $0.1 + ".other", file.lastPathComponent) }
        }
        #expect(used.count > 200)
        for (key, place) in used {
            let known = english.has(key)
            #expect(known, "\(place) uses \(key), which no catalog has")
        }
    }

    @Test func everyRefusalHasItsOwnWordsInEveryLanguage() throws {
        let notesLimits: [NotesLimit] = [.tooLarge(kilobytes: 70, limitKilobytes: 64), .tooLargeOnceCleaned(kilobytes: 65, limitKilobytes: 64), .nestedTooDeeply(levels: 40), .unreadable]
        let fieldProblems: [FieldProblem] = [
            .missingColumn, .notATaskID, .notAWholeNumber, .notABoolean, .tooLong(limit: 64), .unknownPlace, .upOrDownInAnotherColumn,
            .unknownNotesFormat, .unknownListChoice, .unknownLanguage,
        ]
        let importProblems: [ImportProblem] = [
            .empty, .notJSON, .notAnObject, .malformed(path: "cards[3].name", .missing), .malformed(path: "", .shouldBe(.object)),
            .malformed(path: "a", .shouldBe(.text)), .malformed(path: "b", .null(.boolean)), .malformed(path: "c", .shouldBe(.number)),
            .malformed(path: "d", .shouldBe(.list)), .malformed(path: "e", .unreadable), .unsupportedVersion("9", lowest: 1, highest: 2),
            .noColumns, .unknownColumn("someday"), .neitherFormat, .tooManyTasks(limit: 10_000), .notes(title: "t", .unreadable), .noFile,
        ]
        var errors: [PlanError] = [
            .titleEmpty, .titleTooLong(count: 201), .titleControlCharacters, .unknownColumn("x"), .taskNotFound(3), .taskDeleted(title: "t"),
            .taskFinished(title: "t"), .anchorIsTask, .staleAnchor(anchor: nil), .staleAnchor(anchor: "t"), .movedSince(title: "t"),
            .moveIDReused("m"), .nothingToUndo, .editedElsewhere(title: "t"), .changedSince(title: "t"), .cannotGoBack(title: "t"),
            .importNotUndoable, .uploadsWaiting(limit: 3), .uploadRoomFull,
        ]
        errors += fieldProblems.map { .invalidField(name: "after", problem: $0) }
        errors += notesLimits.map { .notesRejected($0) }
        errors += importProblems.map { .importRejected($0) }
        let badRequests: [BadRequest] = [
            .noBoundary, .tooManyFields(limit: 9), .notAFlatJSONObject, .badPercentEncoding, .invalidUTF8, .malformedMultipart,
            .tooManyParts(limit: 9), .unterminatedPartHeaders, .truncated, .fieldNotUTF8(name: "n"), .partWithoutName, .malformedHost,
        ]
        let webErrors: [WebError] = [
            .forbidden, .tooLarge(limit: 1 << 20), .notFound, .unsupportedMediaType("text/csv"), .misdirected, .crossSite, .methodNotAllowed,
            .unauthorized(next: "/"), .timeout, .tooManyStreams, .uploadGone, .tooManyGuesses(retryAfter: .seconds(60)),
        ] + badRequests.map { .badRequest($0) }
        for language in Language.allCases {
            let strings = try TestApp.strings(language)
            let messages = errors.map { strings.message($0) } + webErrors.map { strings.message($0) }
            for message in messages {
                #expect(message.firstMatch(of: #/\b[a-z]+\.[a-z][A-Za-z.]*\b|\{\w+\}/#) == nil, "\(language.tag): a key or placeholder shows in “\(message)”")
                #expect(message.last.map { ".。？?）)".contains($0) } == true, "\(language.tag): “\(message)” does not end a sentence")
                if language != .english { #expect(message.contains { Self.isHan($0) }, "\(language.tag): “\(message)”") }
            }
            #expect(Set(messages).count == messages.count, "\(language.tag): two refusals read the same")
            // What sanitizing removed, counted in the language's own way.
            let report = RemovalReport(counts: Dictionary(uniqueKeysWithValues: RemovalReport.Category.allCases.map { ($0, 2) }))
            let removal = strings.removal(report)
            #expect(removal.firstMatch(of: #/\b[a-z]+\.[a-z]|\{\w+\}/#) == nil, "\(language.tag): \(removal)")
            for column in BoardColumn.allCases { #expect(strings.column(column) != "column.\(column.rawValue)") }
        }
        let english = try TestApp.strings(.english), traditional = try TestApp.strings(.traditionalChinese)
        #expect(english.tasks(1) == "1 task")
        #expect(english.tasks(2) == "2 tasks")
        #expect(traditional.tasks(1) == "1 項任務")
    }

    // MARK: - Choosing the language

    /// The welcome's bold words run straight into their sentence in Chinese, and are a word apart
    /// in English (`punctuation.gap`).
    @Test(arguments: [
        ("en", "<strong>Add</strong> a task", "<strong>Undo</strong> with"),
        ("zh-Hans", "<strong>添加</strong>任务：", "<strong>撤销</strong>：按"),
        ("zh-Hant", "<strong>新增</strong>任務：", "<strong>復原</strong>：按"),
    ])
    func theWelcomeHasNoStraySpaces(language: String, add: String, undo: String) async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: language, .cookie: TestApp.cookieHeader()]).text
            #expect(page.contains("welcome-title"))
            #expect(page.contains(add))
            #expect(page.contains(undo))
        }
    }

    @Test(arguments: [
        ("zh-TW,zh;q=0.9,en;q=0.8", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("zh-MO", "zh-Hant"),
        ("zh-CN,zh;q=0.9", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"),
        ("en-US,en;q=0.9,zh-TW;q=0.8", "en"), ("fr-FR, zh-TW;q=0.5, en;q=0.4", "zh-Hant"), ("de, fr", "en"), ("*", "en"),
        ("zh-TW;q=0, en", "en"), ("", "en"), ("zh-tw", "zh-Hant"), (";;;,,q=x", "en"),
    ])
    func theBrowsersLanguageIsUsed(acceptLanguage: String, expected: String) async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: acceptLanguage, .cookie: TestApp.cookieHeader()])
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<html lang="\#(expected)">"#))
            #expect(page.headers[.contentLanguage] == expected)
            #expect(page.headers[.vary]?.contains("Accept-Language") == true)
        }
    }

    @Test func theSwitchIsRememberedAndWinsOverTheBrowser() async throws {
        try await TestApp.make().test(.router) { client in
            let chosen = try await client.post("/language", ["lang": "zh-Hant", "next": "/tasks/1?x=1"])
            #expect(chosen.status == .seeOther)
            #expect(chosen.headers[.location] == "/tasks/1?x=1")
            let cookie = try #require(chosen.headers[.setCookie])
            #expect(cookie.hasPrefix("pb_lang=zh-Hant;"))
            #expect(cookie.contains("Max-Age=") && cookie.contains("Path=/"))
            let page = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "en-US", .cookie: TestApp.cookieHeader() + "; pb_lang=zh-Hant"])
            #expect(page.text.contains(#"<html lang="zh-Hant">"#))
            #expect(page.text.contains(#"<h2 id="column-today-title">今天</h2>"#))
            #expect(page.text.contains(#"<button type="submit" name="lang" value="zh-Hant" lang="zh-Hant" aria-current="true">繁體中文</button>"#))
            // The same board in another language is another page: its validator differs.
            let english = try await client.execute(uri: "/", method: .get, headers: [.cookie: TestApp.cookieHeader()])
            #expect(english.headers[.eTag] != page.headers[.eTag])
            // Off-site destinations are not followed; an unknown language is a 400 that says so.
            let away = try await client.post("/language", ["lang": "zh-Hans", "next": "https://evil.example/"])
            #expect(away.headers[.location] == "/")
            let unknown = try await client.post("/language", ["lang": "klingon", "next": "/"])
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.text.contains("English, 繁體中文 or 简体中文") || unknown.text.contains("en, zh-Hant"))
            // A cookie naming no language of ours is ignored.
            let odd = try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "zh-CN", .cookie: TestApp.cookieHeader() + "; pb_lang=xx"])
            #expect(odd.text.contains(#"<html lang="zh-Hans">"#))
        }
    }

    @Test func scriptsGetRefusalsInTheReadersLanguage() async throws {
        try await TestApp.make().test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=zh-Hans") {
                let refused = try await client.post("/tasks", ["title": " ", "column": "today"], json: true)
                #expect(refused.status == .unprocessableContent)
                let error = try #require(try refused.jsonObject()["error"] as? [String: Any])
                #expect(error["code"] as? String == "invalid_title")
                #expect(error["message"] as? String == (try TestApp.strings(.simplifiedChinese)).message(.titleEmpty))
                #expect((error["message"] as? String)?.contains("标题") == true)
                #expect(refused.headers[.contentLanguage] == "zh-Hans")
            }
        }
    }

    @Test func timesAreShownInTheReadersTimeZoneAndLocale() async throws {
        try await TestApp.make().test(.router) { client in
            try await client.addTasks(["a"])
            let utc = try await client.get("/tasks/1").text
            #expect(utc.contains("22 Nov 2026 at 9:00 UTC"), "without a zone, times say they are UTC")
            try await TestApp.$cookies.withValue("pb_tz=Asia/Taipei") {
                let taipei = try await client.get("/tasks/1").text
                #expect(taipei.contains("17:00"))
                #expect(!taipei.contains("UTC"))
            }
            try await TestApp.$cookies.withValue("pb_tz=Asia/Taipei; pb_lang=zh-Hant") {
                let page = try await client.get("/tasks/1").text
                #expect(page.contains("2026年11月22日"), "dates are written the Chinese way: \(page.firstMatch(of: #/<time[^>]*>[^<]*/#)?.0 ?? "")")
                #expect(page.contains("17:00") && !page.contains("下午"), "on a 24-hour clock, as in the other languages")
            }
            try await TestApp.$cookies.withValue("pb_tz=Asia/Taipei; pb_lang=zh-Hans") {
                let simplified = try await client.get("/tasks/1").text
                #expect(simplified.contains("17:00"))
            }
            try await TestApp.$cookies.withValue("pb_tz=Not/AZone") {
                let page = try await client.get("/tasks/1").text
                #expect(page.contains("9:00 UTC"), "an unknown zone falls back to UTC")
            }
        }
    }

    // MARK: - No English on a page read in Chinese

    /// Words a Chinese page may show in Latin letters: names, and the keys a keyboard has.
    static let latinAllowed: Set<String> = ["PlanBoard", "Markdown", "HTML", "JSON", "Trello", "https", "UTC", "Ctrl", "Cmd", "Shift", "Enter", "Esc", "Escape", "Tab", "F", "M", "N", "Z"]

    /// The Latin words a person reads on `html`: its text and the attributes shown to them, less
    /// what the person wrote (the notes editor), the strings handed to scripts (checked key by key
    /// above) and each language's name in the switch (written in that language on purpose).
    static func latinWords(_ html: String) -> [String] {
        var page = html
        page.replace(#/<script[\s\S]*?</script>/#, with: " ")
        page.replace(#/<textarea[\s\S]*?</textarea>/#, with: " ")
        page.replace(#/<button[^>]*\slang="[^"]*"[^>]*>[^<]*</button>/#, with: " ")
        // Command-line flags and environment variables are typed as they are.
        page.replace(#/--[a-z][a-z-]*|\b[A-Z]+_[A-Z_]+\b/#, with: " ")
        var read = page.matches(of: #/\s(?:title|placeholder|aria-label|alt)="([^"]*)"/#).map { String($0.1) }
        read.append(page.replacing(#/<[^>]*>/#, with: " ").replacing(#/&#?\w+;/#, with: " "))
        return read.flatMap { $0.matches(of: #/[A-Za-z][A-Za-z'’]*/#).map { String($0.0) } }.filter { !latinAllowed.contains($0) }
    }

    @Test(arguments: [Language.traditionalChinese, .simplifiedChinese])
    func everyPageReadsInChineseThroughout(language: Language) async throws {
        var pages = try await TestApp.make().test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=\(language.tag); pb_tz=Asia/Taipei") {
                var pages: [(name: String, response: TestResponse)] = []
                pages.append(("empty board with the welcome", try await client.get("/")))
                try await client.addTasks(["買牛奶", "寫季度報告", "打電話給安娜"])
                try await client.addTasks(["檢查 #42"], to: "next")
                _ = try await client.post("/tasks", ["title": "計畫旅行", "column": "later", "important": "true", "notes": "先訂**機票**\n\n- 護照\n- 轉接頭", "notes_format": "markdown"], json: true)
                _ = try await client.post("/tasks/2/finish", ["finished": "true"], json: true)
                pages.append(("board", try await client.get("/")))
                pages.append(("board with a refused title", try await client.post("/tasks", ["title": "", "column": "next"])))
                pages.append(("task", try await client.get("/tasks/5")))
                pages.append(("task with a refused edit", try await client.post("/tasks/5", ["title": "", "notes": "x", "notes_format": "plain"])))
                pages.append(("task preview", try await client.post("/tasks/5", ["title": "計畫旅行", "notes": "<p onclick=x>好</p><script>x</script>", "notes_format": "html", "preview": "1"])))
                pages.append(("move or delete", try await client.get("/tasks/3/actions")))
                pages.append(("finished task's moves", try await client.get("/tasks/2/actions")))
                pages.append(("select", try await client.get("/select")))
                pages.append(("refused selection", try await client.post("/select", ["task-2": "true", "action": "later"])))
                pages.append(("refused move", try await client.post("/tasks/2/move", ["to": "top", "revision": "0"])))
                let deleted = try await client.post("/tasks/4/delete", ["delete": "delete"])
                let notice = try #require(deleted.headers[.setCookie]?.split(separator: ";").first.map(String.init))
                try await TestApp.$cookies.withValue(TestApp.cookies + "; " + notice) {
                    pages.append(("board after a delete without JavaScript", try await client.get("/")))
                }
                pages.append(("import", try await client.get("/import")))
                pages.append(("import of a bad file", try await TransferRouteTests.upload(client, Array("{not json".utf8), json: false)))
                let trello = try JSONSerialization.data(withJSONObject: [
                    "name": "家裡整修",
                    "lists": [["id": "L1", "name": "待辦"], ["id": "L2", "name": "完成"], ["id": "L3", "name": "也許"]],
                    "cards": [["id": "c1", "name": "買油漆", "idList": "L1"], ["id": "c2", "name": "量窗戶", "idList": "L2"], ["id": "c3", "name": "換地板", "idList": "L3"]],
                ] as [String: Any])
                let (review, reviewPage) = try await ImportFlowTests.review(client, Array(trello))
                pages.append(("Trello review", try await client.get(review)))
                #expect(!reviewPage.isEmpty)
                let confirmed = try await client.post(review, [("list-L1", "today"), ("list-L2", "next"), ("finished-L2", "true"), ("list-L3", "skip")])
                pages.append(("import summary", try await client.get(try #require(confirmed.headers[.location]))))
                let (again, _) = try await ImportFlowTests.review(client, Array(trello))
                pages.append(("review of a repeated import", try await client.get(again)))
                pages.append(("not found", try await client.get("/tasks/999")))
                pages.append(("gone review", try await client.get("/import/review/nosuchuploadnosuchupload")))
                pages.append(("stale form", try await client.post("/tasks", ["title": "x", "column": "today"], csrf: "wrong")))
                return pages
            }
        }
        let away = AwayStore(base: try TestApp.store())
        pages += try await TestApp.make(store: away).test(.router) { client in
            try await TestApp.$cookies.withValue("pb_lang=\(language.tag)") {
                away.isAway = true
                return [(name: "database away", response: try await client.get("/"))]
            }
        }
        pages += try await ThreatModelTests.lockedApp().test(.router) { client in
            let login = try await client.execute(uri: "/login", method: .get, headers: [.cookie: "pb_lang=\(language.tag)"])
            let wrong = try await client.execute(
                uri: "/login", method: .post, headers: [.cookie: "pb_lang=\(language.tag); pb_session=\(TestApp.token)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "csrf=\(TestApp.token)&token=wrong&next=%2F"))
            return [("login", login), ("refused login", wrong)]
        }
        #expect(pages.count == 23)
        for (name, response) in pages {
            let html = response.text
            #expect(html.contains(#"<html lang="\#(language.tag)">"#), "\(name) (\(response.status.code)) is not marked \(language.tag)")
            #expect(response.headers[.contentLanguage] == language.tag, "\(name)")
            let english = Self.latinWords(html)
            #expect(english.isEmpty, "\(language.tag) \(name) (\(response.status.code)) shows English: \(english)")
        }
    }

    @Test func theCheckFindsEnglishWhereThereIsSome() {
        #expect(Self.latinWords(#"<p title="Hide">今天</p>"#) == ["Hide"])
        #expect(Self.latinWords("<h1>Move “買牛奶”</h1>") == ["Move"])
        #expect(Self.latinWords(#"<button lang="en">English</button><textarea>typed</textarea> PlanBoard &amp; HTML"#).isEmpty)
    }

    static func isHan(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value) }
    }
}
