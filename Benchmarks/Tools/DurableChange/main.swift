import AppCore
import Foundation
import Stores

// Makes N single changes (the second argument) to a new durable store of the kind named first
// (`disk` or `sqlite`), in the folder named third, so that `count-durable-instructions` can weigh
// one change: callgrind counts the program's own instructions and none of the kernel's, so the
// `fsync` of each change is left out, and two runs of different lengths differ by the changes alone.
//   DurableChange sqlite 2000 /dev/shm/somewhere
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let kind = arguments.first, let count = Int(arguments.dropFirst().first ?? ""),
    let folder = arguments.last
else {
    FileHandle.standardError.write(Data("usage: DurableChange disk|sqlite <changes> <folder>\n".utf8))
    exit(64)
}

/// The smallest state a store can keep.
struct Tally: StoredState {
    enum Change: Codable, Equatable, Sendable {
        case add(Int)
    }

    private(set) var value = 0

    mutating func apply(_ change: Change) {
        switch change {
        case .add(let amount): value &+= amount
        }
    }
}

let path = URL(fileURLWithPath: folder).appendingPathComponent("store").path
let store =
    switch kind {
    case "disk": try createDiskStore(at: path, initial: Tally())
    case "sqlite": try createSQLiteStore(at: path, initial: Tally())
    default: fatalError("a store is disk or sqlite, not \(kind)")
    }
for _ in 0..<count { try store.change(.add(1)) }
let kept = try store.state().value
guard kept == count else { fatalError("\(kept) kept of \(count) changes") }
try store.destroy()
