import Testing
@testable import PlanNotes

/// Each call has its own libxml2 parser context, so many tasks may sanitize at once.
struct ConcurrencyTests {
    @Test func sixtyFourConcurrentTasksGetTheSerialResults() async throws {
        let inputs = Fixture.all.map(\.input)
        let sanitizer = NoteSanitizer()
        let serial = try inputs.map { try sanitizer.sanitize($0) }

        let concurrent = try await withThrowingTaskGroup(of: (Int, [SanitizedNote]).self) { group in
            for task in 0..<64 {
                group.addTask {
                    // Each task walks the inputs from a different starting point so that
                    // different notes are in flight at the same moment.
                    let rotated = Array(inputs[(task % inputs.count)...] + inputs[..<(task % inputs.count)])
                    let notes = try rotated.map { try sanitizer.sanitize($0) }
                    let offset = task % inputs.count
                    return (task, Array(notes[(notes.count - offset)...] + notes[..<(notes.count - offset)]))
                }
            }
            var results: [Int: [SanitizedNote]] = [:]
            for try await (task, notes) in group {
                results[task] = notes
            }
            return results
        }
        #expect(concurrent.count == 64)
        for (task, notes) in concurrent {
            #expect(notes == serial, "task \(task) saw different results")
        }
    }
}
