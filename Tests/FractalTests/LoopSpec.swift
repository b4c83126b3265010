import Fractal
import Testing

@Suite("Loop")
struct LoopSpec {
    enum Ping: Equatable { case ping, pong }

    @Test func aMessageReachesTheReceiversAndThePartsAnswerThroughTheLoop() {
        var heard: [Ping] = []
        let send = createLoop(receivers: [{ heard.append($0) }]) { send in
            [{ message in if message == .ping { send(.pong) } }]
        }
        send(.ping)
        #expect(heard == [.ping, .pong])
    }

    @Test func everyReceiverHearsEveryMessageInOrder() {
        var first: [Ping] = []
        var second: [Ping] = []
        let send = createLoop(receivers: [{ first.append($0) }, { second.append($0) }]) { _ in [] }
        send(.ping)
        send(.pong)
        #expect(first == [.ping, .pong])
        #expect(second == [.ping, .pong])
    }
}

extension LoopSpec {
    /// Something a part holds, to see when the part is freed.
    final class Witness {}

    @Test func aLoopNobodyHoldsIsFreedWithItsParts() {
        weak var witness: Witness?
        do {
            let send: Input<Ping> = createLoop(receivers: []) { send in
                let held = Witness()
                witness = held
                return [{ _ in withExtendedLifetime((held, send)) {} }]
            }
            send(.ping)
            #expect(witness != nil)
        }
        #expect(witness == nil)
    }
}
