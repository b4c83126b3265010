import AppCore
import Essentials
import Foundation

// Sends `.coin(.flip(count: 1))` into a core on a memory store N times (the first argument), so
// that `count-instructions` can weigh one message: callgrind counts every instruction of a run,
// and two runs of different lengths differ by the messages alone.
let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
let store = createMemoryStore(initial: AppState.initial)
var answers = 0
let core = createAppCore(
    store: store, random: .seeded(1), clock: .fixed(Date(milliseconds: 1_795_348_800_000)),
    output: { _ in answers += 1 })
let command = Command.coin(.flip(count: 1))
for _ in 0..<count { core(command) }
guard answers == count else { fatalError("\(answers) answers to \(count) commands") }
