import Foundation
import PlanCore

/// The fields of a submitted form (or of a flat JSON object), read once per request.
///
/// Parsing is strict where a browser never sends anything else: invalid UTF-8 or a body with more
/// fields than any PlanBoard form has are refused with a 400 rather than guessed at.
public struct FormFields: Sendable, Equatable {
    /// Refuses bodies that are clearly not one of our forms, so a flood of fields costs nothing.
    static let maxFields = 200

    private(set) var values: [String: String] = [:]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> String? { values[name] }

    /// A checkbox or a JSON boolean: present and not "false"/"0"/"off".
    func flag(_ name: String) -> Bool {
        guard let value = values[name]?.lowercased() else { return false }
        return !["", "false", "0", "off", "no"].contains(value)
    }

    /// Reads `application/x-www-form-urlencoded` bytes.
    static func urlEncoded(_ bytes: some Collection<UInt8>) throws(WebError) -> FormFields {
        var fields = FormFields()
        var count = 0
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            count += 1
            if count > maxFields { throw .badRequest(.tooManyFields(limit: maxFields)) }
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try decode(parts[0])
            let value = parts.count > 1 ? try decode(parts[1]) : ""
            // The first value wins: a form never repeats a field, and a smuggled second csrf must not override the first.
            if fields.values[name] == nil { fields.values[name] = value }
        }
        return fields
    }

    /// Reads a flat JSON object; strings, numbers, booleans and null become text values.
    static func json(_ bytes: some Collection<UInt8>) throws(WebError) -> FormFields {
        let object: [String: JSONScalar]
        do {
            object = try JSONDecoder().decode([String: JSONScalar].self, from: Data(bytes))
        } catch {
            throw .badRequest(.notAFlatJSONObject)
        }
        if object.count > maxFields { throw .badRequest(.tooManyFields(limit: maxFields)) }
        return FormFields(object.mapValues(\.text))
    }

    /// Percent-decoding with `+` as space, as browsers encode forms.
    private static func decode(_ bytes: some Collection<UInt8>) throws(WebError) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): out.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest(.badPercentEncoding)
                }
                out.append(high << 4 | low)
            default: out.append(byte)
            }
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw .badRequest(.invalidUTF8)
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// One value of a flat JSON body, kept as the text a form would have sent.
private struct JSONScalar: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = ""
        } else if let value = try? container.decode(Bool.self) {
            text = value ? "true" : "false"
        } else if let value = try? container.decode(Int64.self) {
            text = String(value)
        } else if let value = try? container.decode(Double.self) {
            text = String(value)
        } else {
            text = try container.decode(String.self)
        }
    }
}

extension FormFields {
    /// The target column; absent or unknown names are the person's error.
    func column() throws(PlanError) -> BoardColumn {
        guard let raw = self["column"], !raw.isEmpty else {
            throw .invalidField(name: "column", problem: .missingColumn)
        }
        return try BoardColumn(parsing: raw)
    }

    /// An optional task id: absent or empty is nil.
    func optionalTaskID(_ name: String) throws(PlanError) -> TaskID? {
        guard let raw = self[name], !raw.isEmpty else { return nil }
        guard let id = TaskID(raw), id > 0 else { throw .invalidField(name: name, problem: .notATaskID) }
        return id
    }

    /// An optional whole number (a version or revision the client saw); absent or empty is nil.
    func optionalNumber(_ name: String) throws(PlanError) -> Int64? {
        guard let raw = self[name], !raw.isEmpty else { return nil }
        guard let value = Int64(raw), value >= 0 else { throw .invalidField(name: name, problem: .notAWholeNumber) }
        return value
    }

    /// An optional true/false field, as a checkbox or JSON sends it; absent is nil.
    func optionalBool(_ name: String) throws(PlanError) -> Bool? {
        guard let raw = self[name] else { return nil }
        switch raw.lowercased() {
        case "true", "on", "1", "yes": return true
        case "false", "off", "0", "no", "": return false
        default: throw .invalidField(name: name, problem: .notABoolean)
        }
    }
}
