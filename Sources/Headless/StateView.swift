import AppCore
import Foundation

/// The state as `expect state` sees it: each feature's part by name, the to-dos as the records
/// `todo list --json` prints, so that paths read as a person would write them
/// (`todos.count = 3`, `coins.tosses.0.flips = "HHT"`).
public enum StateView {
    public static func of(_ state: AppState) throws -> JSONValue {
        try JSONValue(encoding: View(state))
    }

    private struct View: Encodable {
        struct Coins: Encodable { let tosses: [CoinToss] }
        struct EightBall: Encodable { let answers: [EightBallAnswer] }
        struct Dice: Encodable { let rolls: [DiceRoll] }

        let coins: Coins
        let eightBall: EightBall
        let dice: Dice
        let todos: [TodoRecord]
        let journal: [JournalEntry]

        init(_ state: AppState) {
            coins = Coins(tosses: Array(state.coins.tosses))
            eightBall = EightBall(answers: Array(state.eightBall.answers))
            dice = Dice(rolls: Array(state.dice.rolls))
            todos = state.todos.items.values.map(TodoRecord.init)
            journal = Array(state.todos.journal)
        }
    }
}
