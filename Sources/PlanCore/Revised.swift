/// A change the store made, with the revision it produced.
public struct Revised<Value: Sendable>: Sendable {
    public let revision: Int64
    public let value: Value

    public init(revision: Int64, value: Value) {
        self.revision = revision
        self.value = value
    }
}

extension Revised: Equatable where Value: Equatable {}
