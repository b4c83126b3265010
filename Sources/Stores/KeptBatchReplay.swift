extension RecordCoding {
    /// Replays onto `state` the batch of changes a store kept, which fills `range` of `bytes`,
    /// after `steps`: a batch of one change, as a store keeps nearly every change, is applied as it
    /// is read (`takeOnlyChange`); any other is read whole first, so that none of it is applied
    /// where any of it cannot be read. An error of reading is the store's (`StoreError.reading`,
    /// naming `path`); one of applying a change is what `refused` makes of it.
    func replay<State: StoredState>(
        batchIn bytes: [UInt8], in range: Range<Int>, after steps: ArraySlice<Migration>, to state: inout State,
        path: @autoclosure () -> String, refused: (any Error) -> any Error
    ) throws {
        var refusal: (any Error)?
        let applied = try StoreError.reading(path()) {
            try takeOnlyChange(ofBatchIn: bytes, in: range, fields: steps.isEmpty ? State.changeFields : nil) {
                do { try state.replay($0) } catch { refusal = error }
            }
        }
        if let refusal { throw refused(refusal) }
        guard !applied else { return }
        let batch = try StoreError.reading(path()) {
            try decode(batch: [State.Change].self, from: bytes, in: range, after: steps, fields: State.changeFields)
        }
        do {
            try state.replay(batch)
        } catch {
            throw refused(error)
        }
    }
}
