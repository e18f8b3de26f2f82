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
    /// `byFirst` again, as it is looked up for every character folded: the rules beginning with a
    /// character of the Basic Multilingual Plane are `groups[slot[value] - 1]` (0: none), found
    /// without hashing; the few beginning beyond it stay in `beyondPlane`.
    private let groups: [[Rule]]
    private let slot: [UInt16]
    private let beyondPlane: [Unicode.Scalar: [Rule]]

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
        guard !byFirst.isEmpty, byFirst.count < Int(UInt16.max) else { return nil }
        self.byFirst = byFirst
        var groups: [[Rule]] = []
        var slot = [UInt16](repeating: 0, count: 0x10000)
        var beyondPlane: [Unicode.Scalar: [Rule]] = [:]
        for (first, rules) in byFirst {
            if first.value < 0x10000 {
                groups.append(rules)
                slot[Int(first.value)] = UInt16(groups.count)
            } else {
                beyondPlane[first] = rules
            }
        }
        self.groups = groups
        self.slot = slot
        self.beyondPlane = beyondPlane
    }

    /// The rules that begin with `scalar`, in the order they are tried.
    private func rules(beginningWith scalar: Unicode.Scalar) -> [Rule]? {
        if scalar.value < 0x10000 {
            let index = Int(slot[Int(scalar.value)])
            return index == 0 ? nil : groups[index - 1]
        }
        return beyondPlane.isEmpty ? nil : beyondPlane[scalar]
    }

    /// `text` with the rules carried out from its start to its end. Text no rule changes (most
    /// Simplified text, and rules such as `曲 > 曲`) comes back as it is, without being copied.
    func apply(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { rules(beginningWith: $0) != nil }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var at = 0
        next: while at < scalars.count {
            if let rules = rules(beginningWith: scalars[at]) {
                for rule in rules {
                    let end = at + rule.source.count
                    guard end <= scalars.count, scalars[at..<end].elementsEqual(rule.source) else { continue }
                    if rule.changes, !changed {
                        changed = true
                        out.reserveCapacity(text.utf8.count)
                        out.append(contentsOf: scalars[..<at])
                    }
                    if changed { out.append(contentsOf: rule.target) }
                    at = end
                    continue next
                }
            }
            if changed { out.append(scalars[at]) }
            at += 1
        }
        return changed ? String(out) : text
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
