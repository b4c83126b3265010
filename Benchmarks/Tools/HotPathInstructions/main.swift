import AppCore
import Essentials
import Foundation

// Sends `.flip(count: 1)` to the coin feature of a core on a memory store N times (the first argument), so
// that `count-instructions` can weigh one message: callgrind counts every instruction of a run,
// and two runs of different lengths differ by the messages alone.
let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000
let store = createMemoryStore(initial: AppState.initial)
var answers = 0
let coin = createAppCore(store: store, random: .seeded(1), clock: .fixed(Date(milliseconds: 1_795_348_800_000)))
    .connect(CoinFeature.self) { _ in answers += 1 }
for _ in 0..<count { coin(.flip(count: 1)) }
guard answers == count else { fatalError("\(answers) answers to \(count) commands") }
