import Foundation

/// The parts of a Trello "Export as JSON" board file that PlanBoard reads; everything else is ignored.
struct TrelloBoard: Decodable, Sendable {
    struct List: Decodable, Sendable {
        let id: String
        let name: String
        let closed: Bool?
        let pos: Position?
    }

    struct Label: Decodable, Sendable {
        let name: String?
        let color: String?
    }

    struct Card: Decodable, Sendable {
        let id: String
        let name: String
        let desc: String?
        let closed: Bool?
        let idList: String
        let pos: Position?
        let dueComplete: Bool?
        let dateLastActivity: Date?
        let labels: [Label]?
    }

    struct Checklist: Decodable, Sendable {
        let id: String
        let idCard: String
        let name: String?
        let pos: Position?
        let checkItems: [CheckItem]?
    }

    struct CheckItem: Decodable, Sendable {
        let name: String
        let state: String?
        let pos: Position?
    }

    /// Trello writes positions as numbers, and in some older files as strings.
    struct Position: Decodable, Sendable, Comparable {
        let value: Double

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                value = number
            } else if let text = try? container.decode(String.self), let number = Double(text) {
                value = number
            } else {
                value = 0
            }
        }

        static func < (lhs: Position, rhs: Position) -> Bool { lhs.value < rhs.value }
    }

    let name: String?
    let lists: [List]
    let cards: [Card]
    let checklists: [Checklist]?

    init(name: String?, lists: [List], cards: [Card], checklists: [Checklist]?) {
        self.name = name
        self.lists = lists
        self.cards = cards
        self.checklists = checklists
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        // Trello's timestamps carry milliseconds ("2019-11-28T14:03:12.345Z").
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)) { return date }
            if let date = try? Date(text, strategy: .iso8601) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        return decoder
    }

    /// When a Trello object was made: its id starts with the Unix time in hexadecimal.
    static func creationDate(ofID id: String) -> Date? {
        guard id.count >= 8, let seconds = UInt32(id.prefix(8), radix: 16) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
