// sanitize-notes: reads JSON lines {"input": "..."} from standard input and writes one JSON
// line {"output": "...", "removed": {...}, "summary": "...", "error": null | "message"} per
// input line, in order. Used by the browser vector test and the benchmark.
import Foundation
import PlanNotes

/// One line of input.
struct Request: Decodable {
    let input: String
}

/// One line of output; `error` is written as null rather than left out, so readers can rely on it.
struct Response: Encodable {
    let output: String
    let removed: [String: Int]
    let summary: String
    let error: String?

    enum CodingKeys: String, CodingKey {
        case output, removed, summary, error
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(removed, forKey: .removed)
        try container.encode(summary, forKey: .summary)
        if let error {
            try container.encode(error, forKey: .error)
        } else {
            try container.encodeNil(forKey: .error)
        }
    }
}

func respond(to line: String, with sanitizer: NoteSanitizer, decoder: JSONDecoder) -> Response {
    let request: Request
    do {
        request = try decoder.decode(Request.self, from: Data(line.utf8))
    } catch {
        return Response(output: "", removed: [:], summary: "", error: "not a JSON object with a string \"input\"")
    }
    do {
        let note = try sanitizer.sanitize(request.input)
        var removed: [String: Int] = [:]
        for category in RemovalReport.Category.allCases where note.removed[category] > 0 {
            removed[category.key] = note.removed[category]
        }
        return Response(output: note.html.html, removed: removed, summary: note.removed.summary, error: nil)
    } catch {
        return Response(output: "", removed: [:], summary: "", error: error.message)
    }
}

let sanitizer = NoteSanitizer()
let decoder = JSONDecoder()
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
var pending = Data()
while let line = readLine(strippingNewline: true) {
    guard !line.isEmpty else { continue }
    // Encoding a plain struct of strings and ints cannot fail.
    pending.append(try! encoder.encode(respond(to: line, with: sanitizer, decoder: decoder)))
    pending.append(0x0A)
    if pending.count > 1 << 16 {
        FileHandle.standardOutput.write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
FileHandle.standardOutput.write(pending)
