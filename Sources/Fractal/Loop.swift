/// Closes the one-way loop of a module made of parts.
///
/// Every message sent in, and every message a part answers with, goes to each receiver and then
/// to each part, in order. Parts are built with the loop's own input as their output, so an
/// answer travels the same road as a command. The loop holds no state of its own.
///
///     let core = createLoop(receivers: [render]) { send in
///         [createCoinFeature(store: store, random: random, clock: clock, output: send)]
///     }
@inlinable
public func createLoop<Message>(
    receivers: [Output<Message>],
    parts makeParts: (_ send: @escaping Output<Message>) -> [Input<Message>]
) -> Input<Message> {
    let parts = PartsSlot<Message>()
    let deliver: (PartsSlot<Message>, Message) -> Void = { parts, message in
        for receive in receivers { receive(message) }
        for part in parts.inputs { part(message) }
    }
    // The parts reach the loop weakly: the input returned owns them, and they must not own it back.
    parts.inputs = makeParts { [weak parts] message in
        if let parts { deliver(parts, message) }
    }
    return { message in deliver(parts, message) }
}

/// The parts need the loop's input before the loop can hold them: a slot filled once, just after
/// the loop is made. A class because the loop and its parts must share this one reference.
@usableFromInline
final class PartsSlot<Message> {
    @usableFromInline var inputs: [Input<Message>] = []

    @inlinable
    init() {}
}
