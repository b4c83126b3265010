@_exported import Fractal

/// The AppCore: one input that every program sends its messages to.
///
/// Each message goes to the receivers (the program) and to every feature; a feature's answers come
/// back through the same road. The core holds no state of its own: all of it is in `store`.
public func createAppCore(
    store: AppStore,
    random: RandomSource,
    clock: TimeSource,
    receivers: [Output<Message>]
) -> Input<Message> {
    createLoop(receivers: receivers) { send in
        [
            createCoinFeature(store: store, random: random, clock: clock, output: send),
            createEightBallFeature(store: store, random: random, clock: clock, output: send),
            createDiceFeature(store: store, random: random, clock: clock, output: send),
            createTodoFeature(store: store, random: random, clock: clock, output: send),
        ]
    }
}
