import StoreTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// A test that takes half a second or more: left out while `APPCORE_TEST_QUICK` is set (see `TestLane`).
    static var slow: Self { .disabled(if: TestLane.leavesOutSlowTests, Comment(rawValue: TestLane.slowTestLeftOut)) }
}
