import Foundation
import Testing
@testable import PlanWeb

/// The page's modules joined into one served script: the order the browser would evaluate them,
/// imports turned into names taken from the module's object, and every form it cannot join refused.
@Suite struct ScriptBundleTests {
    /// The `// NAME.js` line that opens each joined module, in order.
    static func order(_ script: String) -> [String] {
        script.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\/\/ ([a-z-]+\.js)/).map { String($0.1) }
        }
    }

    @Test func modulesComeInTheOrderTheBrowserEvaluatesThemEachOnce() throws {
        let modules = [
            "a.js": "import { b } from './b.js';\nimport { c } from './c.js';\nexport function a() { return b() + c; }",
            "b.js": "import { c } from './c.js';\nexport const b = () => c;",
            "c.js": "export const c = 1;",
            "d-e.js": "import { c as one } from './c.js';\nexport class D {}\nconsole.log(one);",
        ]
        let script = try ScriptBundle.join(entries: ["a.js", "d-e.js"], modules: modules)
        #expect(Self.order(script) == ["c.js", "b.js", "a.js", "d-e.js"])
        #expect(script.contains("const module$c = (() => {\nconst c = 1;\nreturn { c };\n})();"))
        #expect(script.contains("const { b } = module$b;\nconst { c } = module$c;\nfunction a() { return b() + c; }\nreturn { a };"))
        #expect(script.contains("const { c: one } = module$c;\nclass D {}\nconsole.log(one);\nreturn { D };"))
        #expect(!script.contains("import "))
        #expect(!script.contains("export "))
    }

    @Test(arguments: [
        ("export default function a() {}", 1),
        ("export { a };", 1),
        ("let a = 1;\nexport let b = 2;", 2),
        ("export const { a } = object;", 1),
        ("import {\n  c } from './c.js';", 1),
        ("import c from './c.js';", 1),
        ("import * as c from './c.js';", 1),
        ("import { c } from '/c.js';", 1),
        ("const one = 1;\nconst c = await import('./c.js');", 2),
        ("console.log(import.meta.url);", 1),
        ("import { d } from './c.js';", 1),
        ("import { c } from './nowhere.js';", 1),
    ])
    func aFormItCannotJoinIsRefusedWithItsFileAndLine(source: String, line: Int) throws {
        let modules = ["a.js": source, "c.js": "export const c = 1;"]
        let error = #expect(throws: ScriptBundle.Refused.self) { try ScriptBundle.join(entries: ["a.js"], modules: modules) }
        #expect(error?.file == "a.js")
        #expect(error?.line == line, "\(String(describing: error))")
    }

    @Test func anImportCycleIsRefused() {
        let modules = ["a.js": "import { b } from './b.js';\nexport const a = 1;", "b.js": "import { a } from './a.js';\nexport const b = 2;"]
        do {
            _ = try ScriptBundle.join(entries: ["a.js"], modules: modules)
            Issue.record("a cycle was joined")
        } catch {
            #expect(error.file == "b.js" && error.line == 1)
            #expect(error.reason == "import cycle: a.js → b.js → a.js")
        }
    }

    @Test func theBoardIsServedItsScriptsJoinedAndEachModuleOnItsOwnToo() async throws {
        try await TestApp.make().test(.router) { client in
            let page = try await client.get("/").text
            let scripts = page.matches(of: /<script type="module" src="([^"]+)"/).map { String($0.1) }
            #expect(scripts.map { $0.split(separator: "/").last! } == ["page.js", "board.js"])
            let joined = try await client.get(scripts[1])
            #expect(joined.status == .ok)
            #expect(joined.headers[.contentType] == "text/javascript; charset=utf-8")
            // Every module the three entries reach, once, each before the modules that import it.
            let order = Self.order(joined.text)
            #expect(Set(order).count == order.count)
            #expect(Array(order.suffix(1)) == ["filter.js"])
            let folder = TestApp.root.appendingPathComponent("Public")
            for module in order {
                let source = try String(contentsOf: folder.appendingPathComponent(module), encoding: .utf8)
                for imported in source.matches(of: /from '\.\/([a-z-]+\.js)'/) {
                    let dependency = String(imported.1)
                    #expect(order.firstIndex(of: dependency)! < order.firstIndex(of: module)!, "\(dependency) before \(module)")
                }
            }
            #expect(order.contains("drag.js") && order.contains("live.js") && order.contains("pointer.js"))
            let alone = try await client.get(scripts[1].replacingOccurrences(of: "board.js", with: "cards.js"))
            #expect(alone.text == (try String(contentsOf: folder.appendingPathComponent("cards.js"), encoding: .utf8)))
        }
    }

    @Test func aModuleEditedWhileServingIsJoinedAgainOrItsRefusalShownInThePage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-joined-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let module = folder.appendingPathComponent("a.js")
        try "export const a = 1;".write(to: module, atomically: true, encoding: .utf8)
        let assets = try StaticAssets(folder: folder, joined: ["all.js": ["a.js"]])
        func served(_ name: String) throws -> String { String(buffer: try #require(assets.file(named: name)).body) }
        try "export const a = 'edited';".write(to: module, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(1_100))  // files are looked at again at most once a second
        #expect(try served("all.js").contains("const a = 'edited';"))
        try "export default 'refused';".write(to: module, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(1_100))
        #expect(try served("a.js") == "export default 'refused';")
        let joined = try served("all.js")
        #expect(joined.hasPrefix("throw new SyntaxError(\"a.js:1: only `export` before"), "\(joined)")
    }

    @Test func aPublicFileWithTheJoinedNameStopsTheStartWithAClearError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("planboard-joined-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "export const a = 1;".write(to: folder.appendingPathComponent("a.js"), atomically: true, encoding: .utf8)
        let joined = try StaticAssets(folder: folder, joined: ["all.js": ["a.js"]])
        #expect(joined.file(named: "all.js") != nil)
        #expect(try StaticAssets(folder: folder, joined: ["all.js": ["a.js", "b.js"]]).file(named: "all.js") == nil, "not all its modules are here")
        try "// mine".write(to: folder.appendingPathComponent("all.js"), atomically: true, encoding: .utf8)
        #expect(throws: ScriptBundle.Refused.self) { try StaticAssets(folder: folder, joined: ["all.js": ["a.js"]]) }
    }
}
