/// What a module accepts: a message in.
///
/// Every module, from the whole AppCore down to a single use case, has at most one input and at
/// most one output, and both are plain functions.
public typealias Input<Message> = (Message) -> Void

/// What a module emits: a message out.
public typealias Output<Message> = (Message) -> Void
