import AppCore
import Benchmark
import Foundation
import Stores

/// Allocations are counted exactly and are the same on every run: CI checks them against the
/// thresholds saved in `Thresholds/`. Wall time and throughput wander on shared machines and are
/// for reading, not for failing a build.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000,
        // Per sample of 1,000 messages: one allocation more per message is 1,000 more; a few
        // allocations of the run's own bookkeeping may come and go.
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 50])]
    )

    floor()
    reducers()
    stores()
    hotPaths()
    tallies()
    shortIDs()
    growth()
    startUp()
}

// MARK: The floor

func floor() {
    Benchmark("floor-switch-reducer") { benchmark in
        var state = PlainState()
        for index in benchmark.scaledIterations {
            state.reduce(index & 1 == 0 ? .increment : .toggle)
        }
        blackHole(state)
    }
}

// MARK: Reducers: one `apply` of an AppState change, in place

func reducers() {
    Benchmark("reducer-coin-flip") { benchmark in
        var state = AppState.initial
        let toss = CoinToss(flips: [.heads], at: benchmarkMoment)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try state.apply(.coins(.record(toss))) }
        blackHole(state)
    }

    Benchmark("reducer-dice-roll") { benchmark in
        var state = AppState.initial
        let roll = DiceRoll(expression: "4d6kh3", results: [RollResult(total: 14, terms: [])], at: benchmarkMoment)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { try state.apply(.dice(.record(roll))) }
        blackHole(state)
    }

    Benchmark("reducer-todo-add") { benchmark in
        var state = AppState.initial
        let random = RandomSource.seeded(2)
        let items = try (0..<benchmark.scaledIterations.count).map { index in
            try TodoItem(id: TodoID.draw(from: random), title: "item \(index)", created: benchmarkMoment)
        }
        benchmark.startMeasurement()
        for item in items {
            try state.apply(
                .todos(.perform(TodoBatch(label: "add", at: benchmarkMoment, edits: [.add(item, as: .added)]))))
        }
        blackHole(state)
    }

    Benchmark("reducer-todo-toggle") { benchmark in
        var (state, ids) = try todoState(count: 100)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            let change = TodoItem.Change.completed(index & 1 == 0 ? benchmarkMoment : nil)
            try state.apply(
                .todos(
                    .perform(
                        TodoBatch(label: "done", at: benchmarkMoment, edits: [.alter(ids[index % 100], [change])]))))
        }
        blackHole(state)
    }

    Benchmark("reducer-todo-edit") { benchmark in
        var (state, ids) = try todoState(count: 100)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            try state.apply(
                .todos(
                    .perform(
                        TodoBatch(
                            label: "edit", at: benchmarkMoment, edits: [.alter(ids[index % 100], [.priority(.high)])])))
            )
        }
        blackHole(state)
    }
}

// MARK: Stores: `change`

func stores() {
    Benchmark("store-memory-change") { benchmark in
        let store = createMemoryStore(initial: Counter())
        for _ in benchmark.scaledIterations { try store.change(.add(1)) }
        blackHole(try store.state())
    }

    for (name, open) in durableStores {
        let single = Fixture<Store<Counter>>()
        Benchmark(
            "store-\(name)-change", configuration: .init(scalingFactor: .one, maxIterations: 500),
            closure: { benchmark in
                let store = single.value
                for _ in benchmark.scaledIterations { try store.change(.add(1)) }
            },
            setup: { single.set(try open(scratchPath(name))) },
            teardown: { try single.value.destroy() })

        // The same change where a sync is next to free: what a durable change costs above its
        // `fsync`, the store's own work (Linux only: `/dev/shm` is a memory file system).
        let synced = Fixture<Store<Counter>>()
        Benchmark(
            "store-\(name)-change-above-sync", configuration: .init(scalingFactor: .one, maxIterations: 10_000),
            closure: { benchmark in
                let store = synced.value
                for _ in benchmark.scaledIterations { try store.change(.add(1)) }
            },
            setup: { synced.set(try open(scratchPath(name, inMemory: true))) },
            teardown: { try synced.value.destroy() })

        let batched = Fixture<Store<Counter>>()
        Benchmark(
            "store-\(name)-batch-1000", configuration: .init(scalingFactor: .kilo, maxIterations: 100),
            closure: { benchmark in
                try batched.value.change(.addEach([Int](repeating: 1, count: benchmark.scaledIterations.count)))
            },
            setup: { batched.set(try open(scratchPath(name))) },
            teardown: { try batched.value.destroy() })
    }
}

let durableStores: [(String, @Sendable (String) throws -> Store<Counter>)] = [
    ("disk", { try createDiskStore(at: $0, initial: Counter()) }),
    ("sqlite", { try createSQLiteStore(at: $0, initial: Counter()) }),
]

// MARK: The whole hot path: a command in, through its feature and use case, into the store, the answer out

func hotPaths() {
    Benchmark("hotpath-coin-flip") { benchmark in
        let store = createMemoryStore(initial: AppState.initial)
        var answers = 0
        let coin = createAppCore(store: store, random: .seeded(1), clock: benchmarkClock).connect(CoinFeature.self) {
            _ in answers += 1
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { coin(.flip(count: 1)) }
        blackHole(answers)
    }

    for count in [100, 10_000, 100_000] {
        let core = Fixture<(Input<TodoCommand>, [TodoCommand])>()
        Benchmark(
            "hotpath-todo-toggle-\(count >= 1_000 ? "\(count / 1_000)k" : "\(count)")",
            closure: { benchmark in
                let (todo, commands) = core.value
                for index in benchmark.scaledIterations { todo(commands[index % commands.count]) }
            },
            setup: {
                let (state, ids) = try todoState(count: count)
                let store = createMemoryStore(initial: state)
                let todo = createAppCore(store: store, random: .seeded(1), clock: benchmarkClock).connect(
                    TodoFeature.self
                ) {
                    _ in
                }
                // Done, then open again: the same hundred items, whatever the size of the list.
                let commands = ids.prefix(100).flatMap {
                    [TodoCommand.complete(references: [$0.value]), .reopen(references: [$0.value])]
                }
                core.set((todo, commands))
            })
    }
}

// MARK: Tallies: many rolls of one expression, counted (`dice 3d6 --times 1000000 --summary`)

func tallies() {
    // One iteration is one roll: a tally of 1,000 rolls a sample, so that one allocation more a
    // roll is 1,000 more a sample. The few a tally makes once (its parse, its answer) stay.
    for expression in ["3d6", "4d6kh3"] {
        Benchmark("tally-dice-\(expression)") { benchmark in
            var tallied = 0
            let dice = createDiceFeature(
                store: createMemoryStore(initial: DiceHistory()), random: .seeded(1), clock: benchmarkClock
            ) { answer in
                if case .tallied = answer { tallied += 1 }
            }
            benchmark.startMeasurement()
            dice(.tally(expression: expression, times: benchmark.scaledIterations.count))
            blackHole(tallied)
        }
    }
}

// MARK: Short ids: a to-do named as `todo list` shows it, the shortest start no other id shares

func shortIDs() {
    for count in [1_000, 100_000] {
        let core = Fixture<(Input<TodoCommand>, [TodoCommand])>()
        Benchmark(
            "short-id-toggle-\(count / 1_000)k",
            closure: { benchmark in
                let (todo, commands) = core.value
                for index in benchmark.scaledIterations { todo(commands[index % commands.count]) }
            },
            setup: {
                let (state, ids) = try todoState(count: count)
                let short = { (id: TodoID) in String(id.value.prefix(state.todos.abbreviation)) }
                let todo = createAppCore(
                    store: createMemoryStore(initial: state), random: .seeded(1), clock: benchmarkClock
                )
                .connect(TodoFeature.self) { _ in }
                let commands = ids.prefix(100).flatMap {
                    [TodoCommand.complete(references: [short($0)]), .reopen(references: [short($0)])]
                }
                core.set((todo, commands))
            })
    }
}

// MARK: Growth: a durable change after a long history

func growth() {
    for (name, open) in durableStores {
        for history in [1_000, 1_000_000] {
            let store = Fixture<Store<Counter>>()
            Benchmark(
                "store-\(name)-change-after-\(history == 1_000 ? "1k" : "1m")",
                configuration: .init(scalingFactor: .one, maxIterations: 200),
                closure: { benchmark in
                    for _ in benchmark.scaledIterations { try store.value.change(.add(1)) }
                },
                setup: {
                    let opened = try open(scratchPath(name))
                    // The history is written a thousand at a time: what is measured is one change after it.
                    for _ in 0..<(history / 1_000) { try opened.change(.add(1_000)) }
                    store.set(opened)
                },
                teardown: { try store.value.destroy() })
        }
    }
}

// MARK: Start-up: what every run of a program pays before its first message

func startUp() {
    let stores: [(String, @Sendable (String, AppState) throws -> Store<AppState>)] = [
        ("disk", { try createDiskStore(at: $0, initial: $1) }),
        ("sqlite", { try createSQLiteStore(at: $0, initial: $1) }),
    ]
    for (name, open) in stores {
        for count in [1_000, 10_000] {
            let path = Fixture<String>()
            Benchmark(
                "open-\(name)-todos-\(count / 1_000)k", configuration: .init(scalingFactor: .one, maxIterations: 200),
                closure: { benchmark in
                    for _ in benchmark.scaledIterations { blackHole(try open(path.value, AppState.initial).state()) }
                },
                setup: {
                    // The to-dos, a journal entry for each, and the command that made them.
                    let (state, _) = try todoState(count: count)
                    path.set(scratchPath(name))
                    _ = try open(path.value, state)
                },
                teardown: { try open(path.value, AppState.initial).destroy() })
        }
    }
}
