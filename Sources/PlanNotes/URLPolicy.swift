/// Decides whether a link or image address may stay, reading it the way a browser's URL parser
/// would, and returns the cleaned address to write out.
enum URLPolicy {
    /// The schemes a note may use.
    enum Scheme: String, Sendable {
        case http, https, mailto

        /// Links that leave PlanBoard get `rel="noopener noreferrer nofollow"`.
        var isExternal: Bool { self != .mailto }
    }

    /// A cleaned, allowed address.
    struct CleanURL: Equatable, Sendable {
        let scheme: Scheme
        /// The address as UTF-8, still to be escaped by the writer.
        let bytes: [UInt8]

        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// A link target: http, https or mailto.
    static func link(_ raw: UnsafeBufferPointer<UInt8>) -> CleanURL? {
        clean(raw, allowingHTTP: true, allowingMailto: true)
    }

    /// An image source: https only, so a note cannot make the browser fetch over plain http.
    static func imageSource(_ raw: UnsafeBufferPointer<UInt8>) -> CleanURL? {
        clean(raw, allowingHTTP: false, allowingMailto: false)
    }

    /// `link(_:)` for a string; used by tests.
    static func link(_ raw: String) -> CleanURL? {
        var raw = raw
        return raw.withUTF8 { link($0) }
    }

    /// `imageSource(_:)` for a string; used by tests.
    static func imageSource(_ raw: String) -> CleanURL? {
        var raw = raw
        return raw.withUTF8 { imageSource($0) }
    }

    /// Applies the browser's clean-up, then the scheme allowlist.
    ///
    /// libxml2 has already decoded character references, so `&#106;avascript:` arrives here as
    /// `javascript:`. A browser strips leading and trailing C0 controls and spaces and removes
    /// tab, LF and CR anywhere; it does not strip other Unicode spaces, so `\u{2028}javascript:`
    /// is a relative URL to it. Here the scheme must be plain ASCII and start the address, so
    /// any such character before the colon rejects the address; after the colon, control
    /// characters reject it (they have no place in a real address) and spaces and invisible
    /// formatting characters are percent-encoded, as the browser would do when following it.
    /// Works on UTF-8 bytes: every character that matters to the decision is ASCII.
    private static func clean(_ raw: UnsafeBufferPointer<UInt8>, allowingHTTP: Bool, allowingMailto: Bool) -> CleanURL? {
        var start = raw.startIndex
        var end = raw.endIndex
        while start < end, raw[start] <= 0x20 { start += 1 }
        while end > start, raw[end - 1] <= 0x20 { end -= 1 }
        var input: [UInt8] = []
        input.reserveCapacity(end - start)
        for byte in raw[start..<end] where byte != 0x09 && byte != 0x0A && byte != 0x0D {
            input.append(byte)
        }

        // Scheme: ASCII letter, then letters, digits, "+", "-", "."; then ":".
        guard let first = input.first, first.isASCIILetter else { return nil }
        var colon = 1
        while colon < input.count, input[colon].isSchemeByte { colon += 1 }
        guard colon < input.count, input[colon] == UInt8(ascii: ":") else { return nil }
        let schemeName = String(decoding: input[..<colon].map { $0 | 0x20 }, as: UTF8.self)
        guard let scheme = Scheme(rawValue: schemeName) else { return nil }
        switch scheme {
        case .http: guard allowingHTTP else { return nil }
        case .mailto: guard allowingMailto else { return nil }
        case .https: break
        }

        let rest = input[(colon + 1)...]
        switch scheme {
        case .http, .https:
            // Only absolute "scheme://host…" addresses: "http:foo" would resolve relative to the page.
            guard rest.count > 2, rest.starts(with: "//".utf8),
                  !"/\\?#".utf8.contains(rest[rest.startIndex + 2])
            else { return nil }
        case .mailto:
            guard !rest.isEmpty else { return nil }
        }

        var output = Array(scheme.rawValue.utf8)
        output.reserveCapacity(input.count + 16)
        output.append(UInt8(ascii: ":"))
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte > 0x20, byte < 0x7F {
                output.append(byte)
                index += 1
                continue
            }
            if byte < 0x20 || byte == 0x7F { return nil }
            let length = byte == 0x20 ? 1 : utf8SequenceLength(lead: byte)
            guard length > 0, index + length <= rest.endIndex,
                  let scalar = decodeScalar(rest[index..<(index + length)])
            else { return nil }
            switch scalar.properties.generalCategory {
            case .control:
                return nil
            case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                for encoded in rest[index..<(index + length)] {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigits[Int(encoded >> 4)])
                    output.append(hexDigits[Int(encoded & 0xF)])
                }
            default:
                output.append(contentsOf: rest[index..<(index + length)])
            }
            index += length
        }
        return CleanURL(scheme: scheme, bytes: output)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func utf8SequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }

    private static func decodeScalar(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

private extension UInt8 {
    // Unicode letter properties would accept "é" or fullwidth letters, which no real scheme has.
    var isASCIILetter: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }

    var isSchemeByte: Bool {
        isASCIILetter || (0x30...0x39).contains(self) || self == UInt8(ascii: "+") || self == UInt8(ascii: "-")
            || self == UInt8(ascii: ".")
    }
}
