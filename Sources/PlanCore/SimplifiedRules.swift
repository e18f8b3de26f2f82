import Foundation
#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// ICU's `Hant-Hans` transform, carried out from its own rules read once, instead of through
/// Foundation's `applyingTransform` on every call, whose rule matching was most of a search
/// page's highlighting (perf, release build).
///
/// The transform's rules are plain replacements, `source > target`, some of them phrases
/// (`著名 > 著名` keeps 著 where `著 > 着` changes it alone). ICU tries the rules that begin with a
/// character in the order they are written (a phrase before its first character, which ICU
/// requires) and moves on past what it replaced; `apply` does the same. Rules of any other form
/// (contexts, variables, quoting, filters) make `shared` nil and folding asks ICU itself.
struct SimplifiedRules: Sendable {
    /// A replacement; one that `changes` nothing (`曲 > 曲`) still keeps a shorter rule from
    /// applying there.
    typealias Rule = (source: [Unicode.Scalar], target: String.UnicodeScalarView, changes: Bool)
    /// The rules, by the scalar they begin with, in the order ICU tries them.
    let byFirst: [Unicode.Scalar: [Rule]]

    /// The rules of this process's ICU, when they can be read and are all plain replacements.
    static let shared: SimplifiedRules? = icuRules().flatMap(SimplifiedRules.init(rules:))

    /// Reads rules written as `source > target;`, one after another. Nil on anything else.
    init?(rules: String) {
        var byFirst: [Unicode.Scalar: [Rule]] = [:]
        for written in rules.split(separator: ";") {
            let parts = written.components(separatedBy: ">")
            guard parts.count == 2 else {
                if written.allSatisfy(\.isWhitespace) { continue }
                return nil
            }
            // Whitespace means nothing in a rule; every other character must be a plain one.
            let source = parts[0].unicodeScalars.filter { !$0.properties.isWhitespace }
            let target = parts[1].unicodeScalars.filter { !$0.properties.isWhitespace }
            guard let first = source.first,
                (source + target).allSatisfy({ !$0.isASCII || $0.properties.isAlphabetic || $0.properties.numericType != nil })
            else { return nil }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: target)
            byFirst[first, default: []].append((Array(source), view, !view.elementsEqual(source)))
        }
        guard !byFirst.isEmpty else { return nil }
        self.byFirst = byFirst
    }

    /// `text` with the rules carried out from its start to its end. Text no rule changes (most
    /// Simplified text, and rules such as `曲 > 曲`) comes back as it is, without being copied.
    func apply(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var out: String?
        var copied = scalars.startIndex
        var at = scalars.startIndex
        next: while at < scalars.endIndex {
            if let rules = byFirst[scalars[at]] {
                for rule in rules {
                    var end = at
                    var matched = true
                    for scalar in rule.source {
                        guard end < scalars.endIndex, scalars[end] == scalar else {
                            matched = false
                            break
                        }
                        end = scalars.index(after: end)
                    }
                    guard matched else { continue }
                    if rule.changes {
                        if out == nil { out = String(); out?.reserveCapacity(text.utf8.count) }
                        out?.append(contentsOf: Substring(scalars[copied..<at]))
                        out?.unicodeScalars.append(contentsOf: rule.target)
                        copied = end
                    }
                    at = end
                    continue next
                }
            }
            at = scalars.index(after: at)
        }
        guard var out else { return text }
        out.append(contentsOf: Substring(scalars[copied...]))
        return out
    }

    /// The rules of ICU's own `Hant-Hans` transform, as ICU writes them out.
    private static func icuRules() -> String? {
        #if canImport(_FoundationICU)
        var status = U_ZERO_ERROR
        let id = Array("Hant-Hans".utf16)
        guard let transform = swift_utrans_openU(id, Int32(id.count), UTRANS_FORWARD, nil, 0, nil, &status),
            status.rawValue <= U_ZERO_ERROR.rawValue
        else { return nil }
        defer { swift_utrans_close(transform) }
        var needed = U_ZERO_ERROR
        let length = swift_utrans_toRules(transform, 0, nil, 0, &needed)
        guard length > 0 else { return nil }
        var buffer = [UChar](repeating: 0, count: Int(length) + 1)
        status = U_ZERO_ERROR
        let written = swift_utrans_toRules(transform, 0, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, written == length else { return nil }
        return String(decoding: buffer[0..<Int(written)], as: UTF16.self)
        #else
        return nil
        #endif
    }
}
