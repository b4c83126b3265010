/// What a module accepts: a message in.
///
/// Every module, from the whole AppCore down to a single use case, has one input and one output,
/// and both are plain functions, each of the module's own vocabulary: a feature takes its own
/// commands and answers with its own answers, and never sees another's.
public typealias Input<Message> = (Message) -> Void

/// What a module emits: a message out.
public typealias Output<Message> = (Message) -> Void
