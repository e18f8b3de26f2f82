import Foundation

/// The board's scripts joined into one file as they are served (`board.js`, see `StaticAssets`).
///
/// The scripts are written as small ES modules with one job each and stay so in `Public/` (no build
/// step, nothing generated in the repository). Sent as they are, a cold 300-task board asked for 30
/// of them over HTTP/1.1's six connections, three import levels deep, and a level was asked for only
/// once the one before had arrived and the page's main thread was free of parsing and the first
/// layout: that was half of its DOMContentLoaded (202–283 → 104–131 ms joined, README).
///
/// Each module becomes a function scope, evaluated once and in the order the browser evaluates
/// modules: a module's imports first, depth first in the order written, then the module; the entries
/// in the order given. Its exports are returned as an object and each of its imports becomes a
/// `const` taken from the object of the module named. That keeps the modules' meaning only for the
/// forms they use — single-line named imports of `./NAME.js`, `export` before a `function`, a
/// `class` or `const NAME =` — so anything else (a default or re-export, `export let`, a
/// destructuring export, an import spread over lines, `import()` or `import.meta`, an import
/// cycle, importing a name no `export` line of that module names) is refused with its file and
/// line rather than joined into something else.
enum ScriptBundle {
    /// A module that cannot be joined without changing its meaning.
    struct Refused: Error, Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let reason: String

        var description: String { "\(file):\(line): \(reason) (Public/ scripts are joined into one when served; see ScriptBundle)" }
    }

    /// The modules reachable from `entries`, joined; `modules` holds each module's source by file name.
    static func join(entries: [String], modules: [String: String]) throws(Refused) -> String {
        var joiner = Joiner(modules: modules)
        for entry in entries { try joiner.visit(entry, from: nil) }
        let names = entries.joined(separator: ", ")
        return "// PlanBoard's page scripts (\(names) and what they import), joined as served: "
            + "Sources/PlanWeb/Assets/ScriptBundle.swift says how.\n" + joiner.output
    }

    private struct Joiner {
        let modules: [String: String]
        var exports: [String: Set<String>] = [:]
        var visiting: [String] = []
        var identifiers: [String: String] = [:]
        var output = ""

        mutating func visit(_ file: String, from importer: (file: String, line: Int)?) throws(Refused) {
            if exports[file] != nil { return }
            if visiting.contains(file) {
                let (at, line) = importer ?? (file, 0)
                throw Refused(file: at, line: line, reason: "import cycle: " + (visiting + [file]).joined(separator: " → "))
            }
            guard let source = modules[file] else {
                let (at, line) = importer ?? (file, 0)
                throw Refused(file: at, line: line, reason: "no module named \(file)")
            }
            visiting.append(file)
            var body: [Substring] = []
            var exported: [String] = []
            for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let number = index + 1
                let refuse = { (reason: String) in Refused(file: file, line: number, reason: reason) }
                if line.contains("import(") || line.contains("import.meta") {
                    throw refuse("import() and import.meta have no meaning in a joined script")
                }
                let statement = line.drop(while: { $0 == " " || $0 == "\t" })
                if statement.hasPrefix("import ") || statement.hasPrefix("import{") {
                    guard let match = statement.wholeMatch(of: /import \{([^}]*)\} from '\.\/([A-Za-z0-9_-]+\.js)';\s*/) else {
                        throw refuse("only `import { a, b as c } from './name.js';` on one line can be joined")
                    }
                    let dependency = String(match.2)
                    try visit(dependency, from: (file, number))
                    var bindings: [String] = []
                    for specifier in match.1.split(separator: ",") {
                        let trimmed = specifier.trimmingCharacters(in: .whitespaces)
                        if trimmed.isEmpty { continue }
                        guard let named = trimmed.wholeMatch(of: /([A-Za-z_$][A-Za-z0-9_$]*)(?: as ([A-Za-z_$][A-Za-z0-9_$]*))?/) else {
                            throw refuse("cannot read the import `\(trimmed)`")
                        }
                        guard exports[dependency]?.contains(String(named.1)) == true else {
                            throw refuse("\(dependency) does not export \(named.1)")
                        }
                        bindings.append(named.2.map { "\(named.1): \($0)" } ?? String(named.1))
                    }
                    body.append("const { \(bindings.joined(separator: ", ")) } = \(identifiers[dependency]!);")
                } else if statement.hasPrefix("export ") || statement.hasPrefix("export{") {
                    guard let match = statement.prefixMatch(of: /export ((?:async )?function\*? ?|const |class )([A-Za-z_$][A-Za-z0-9_$]*)(?![A-Za-z0-9_$])/) else {
                        throw refuse("only `export` before a function, a class or a single const can be joined")
                    }
                    if match.1 == "const ", statement[match.range.upperBound...].drop(while: { $0 == " " }).first != "=" {
                        throw refuse("only `export const name = …` (one name) can be joined")
                    }
                    exported.append(String(match.2))
                    body.append(line[line.startIndex..<statement.startIndex] + statement.dropFirst("export ".count))
                } else {
                    body.append(line)
                }
            }
            visiting.removeLast()
            let identifier = try identifier(for: file)
            exports[file] = Set(exported)
            output += "\n// \(file)\nconst \(identifier) = (() => {\n"
            output += body.joined(separator: "\n")
            output += "\nreturn { \(exported.joined(separator: ", ")) };\n})();\n"
        }

        /// `module$card_actions` for card-actions.js: readable in a stack trace, unique in the file.
        mutating func identifier(for file: String) throws(Refused) -> String {
            let stem = file.dropLast(".js".count).map { $0 == "-" ? "_" : $0 }
            let identifier = "module$" + String(stem)
            if identifiers.values.contains(identifier) {
                throw Refused(file: file, line: 0, reason: "its joined name \(identifier) is taken by another module")
            }
            identifiers[file] = identifier
            return identifier
        }
    }
}
