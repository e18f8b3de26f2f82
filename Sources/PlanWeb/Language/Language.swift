import Foundation
import Hummingbird

/// The languages the board speaks.
enum Language: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    /// Traditional Chinese (Taiwan, Hong Kong, Macau).
    case traditionalChinese = "zh-Hant"
    /// Simplified Chinese (mainland China, Singapore).
    case simplifiedChinese = "zh-Hans"

    /// The cookie that remembers a language chosen with the switch.
    static let cookieName = "pb_lang"

    /// For `<html lang>` and catalog file names.
    var tag: String { rawValue }

    /// Its name in itself, for the switch.
    var nativeName: String {
        switch self {
        case .english: "English"
        case .traditionalChinese: "繁體中文"
        case .simplifiedChinese: "简体中文"
        }
    }

    /// A short mark for the switch's button.
    var shortName: String {
        switch self {
        case .english: "EN"
        case .traditionalChinese: "繁"
        case .simplifiedChinese: "简"
        }
    }

    /// The locale dates are written in, with a 24-hour clock in every language (Taiwan's own
    /// locale writes 下午7:06 where the other two write 19:06; one form across the board's pages).
    var locale: Locale {
        switch self {
        case .english: Locale(identifier: "en-GB-u-hc-h23")
        case .traditionalChinese: Locale(identifier: "zh-Hant-TW-u-hc-h23")
        case .simplifiedChinese: Locale(identifier: "zh-Hans-CN-u-hc-h23")
        }
    }

    /// The language of a request: the one chosen with the switch (a cookie), else the first the
    /// browser accepts (Accept-Language, by quality), else English.
    init(_ request: Request) {
        if let chosen = request.cookies[Self.cookieName].flatMap({ Language(rawValue: $0.value) }) {
            self = chosen
        } else {
            self = Self.preferred(request.headers[values: .acceptLanguage]) ?? .english
        }
    }

    /// The best of ours in an Accept-Language header; nil when none of them is wanted.
    static func preferred(_ headerValues: [String]) -> Language? {
        var ranked: [(language: Language, quality: Double, order: Int)] = []
        var order = 0
        for value in headerValues {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let range = parts.first, !range.isEmpty else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)) ?? 0
                }
                order += 1
                if quality > 0, let language = Self.matching(range) { ranked.append((language, quality, order)) }
            }
        }
        return ranked.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }.first?.language
    }

    /// Which of ours a language range names: a Chinese script or region decides between the two
    /// Chinese; bare "zh" is read as Simplified, the more widely used.
    static func matching(_ range: String) -> Language? {
        let subtags = range.lowercased().split(separator: "-").map(String.init)
        switch subtags.first {
        case "en": return .english
        case "zh":
            let rest = Set(subtags.dropFirst())
            if !rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) { return .traditionalChinese }
            return .simplifiedChinese
        default: return nil
        }
    }
}
