import AppCore
import Essentials
import Foundation

/// A fixed moment, so that every run does the same work.
let benchmarkMoment = Date(milliseconds: 1_795_348_800_000)
let benchmarkClock = TimeSource.fixed(benchmarkMoment)

/// A state holding `count` open to-dos, and their ids.
func todoState(count: Int) throws -> (AppState, [TodoID]) {
    var state = AppState.initial
    let random = RandomSource.seeded(1)
    var ids: [TodoID] = []
    let items = try (0..<count).map { index in
        let id = TodoID.draw(from: random)
        ids.append(id)
        return try TodoItem(id: id, title: "to-do number \(index)", created: benchmarkMoment)
    }
    // One command adds them all: what matters is the size of the list, not how it was made.
    try state.apply(
        .todos(.perform(TodoBatch(label: "setup", at: benchmarkMoment, edits: items.map { .add($0, as: .added) }))))
    return (state, ids)
}

/// A folder for a durable store, new for each benchmark: in the system's temporary folder, or in
/// memory (`/dev/shm`), where a sync costs next to nothing, to measure what a change costs above it.
func scratchPath(_ name: String, inMemory: Bool = false) -> String {
    let base = inMemory ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    let folder = base.appendingPathComponent("appcore-benchmarks-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}
