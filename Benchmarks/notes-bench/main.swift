// notes-bench: sanitizer throughput on a generated corpus; run through scripts/bench-notes.
//
//   notes-bench [--rounds N] [--write-corpus PATH]
//
// Prints median MB/s and notes/s over N rounds for the small notes, the large note, and the
// whole corpus, plus one "RESULT" line that scripts/bench-notes reads. --write-corpus writes
// the same corpus as JSON lines {"input": ...} (small notes first, the large note last) so the
// nh3 comparison measures exactly the same notes.
import Foundation
import PlanNotes

var rounds = 11
var corpusPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
    case "--write-corpus": corpusPath = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

var generator = CorpusGenerator(seed: 20_260_101)
let (smallNotes, largeNote) = generator.corpus(smallNotes: 2_000)
let smallBytes = smallNotes.reduce(0) { $0 + $1.utf8.count }
let largeRepeats = 20 // the large note alone is too quick to time once

if let corpusPath {
    let encoder = JSONEncoder()
    var lines = Data()
    for note in smallNotes + [largeNote] {
        lines.append(try encoder.encode(["input": note]))
        lines.append(0x0A)
    }
    try lines.write(to: URL(fileURLWithPath: corpusPath))
}

let sanitizer = NoteSanitizer()
// Checks the corpus is accepted whole and has something to remove, so the figures mean what they say.
var removed = RemovalReport()
var outputBytes = 0
for note in smallNotes + [largeNote] {
    let result = try sanitizer.sanitize(note)
    removed.merge(result.removed)
    outputBytes += result.html.html.utf8.count
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let clock = ContinuousClock()
var smallTimes: [Double] = []
var largeTimes: [Double] = []
var checksum = 0 // keeps the optimiser from discarding the work
for _ in 0..<rounds {
    let smallStart = clock.now
    for note in smallNotes {
        checksum &+= try sanitizer.sanitize(note).html.html.utf8.count
    }
    smallTimes.append(seconds(clock.now - smallStart))
    let largeStart = clock.now
    for _ in 0..<largeRepeats {
        checksum &+= try sanitizer.sanitize(largeNote).html.html.utf8.count
    }
    largeTimes.append(seconds(clock.now - largeStart) / Double(largeRepeats))
}

let small = median(smallTimes)
let large = median(largeTimes)
let megabyte = 1_000_000.0
let smallMBps = Double(smallBytes) / small / megabyte
let smallNotesPerSecond = Double(smallNotes.count) / small
let largeMBps = Double(largeNote.utf8.count) / large / megabyte
let allMBps = Double(smallBytes + largeNote.utf8.count) / (small + large) / megabyte
let allNotesPerSecond = Double(smallNotes.count + 1) / (small + large)

print("corpus: \(smallNotes.count) small notes, \(smallBytes) bytes (mean \(smallBytes / smallNotes.count)); "
    + "large note \(largeNote.utf8.count) bytes; output \(outputBytes) bytes")
print("removed per pass: \(removed.summary)")
print("rounds: \(rounds), median shown (MB = 10^6 bytes of input)")
print(String(format: "  small notes: %8.2f MB/s %10.0f notes/s", smallMBps, smallNotesPerSecond))
print(String(format: "  large note:  %8.2f MB/s %10.1f notes/s", largeMBps, 1 / large))
print(String(format: "  whole corpus:%8.2f MB/s %10.0f notes/s", allMBps, allNotesPerSecond))
print(String(format: "RESULT small_mbps=%.4f small_nps=%.2f large_mbps=%.4f all_mbps=%.4f all_nps=%.2f checksum=%d",
             smallMBps, smallNotesPerSecond, largeMBps, allMBps, allNotesPerSecond, checksum))
