/// The order modifiers may come in on one term, so that every term means one thing and can be
/// weighed exactly: one explosion at most, keep and drop side by side, counting after the
/// modifiers that change a die.
struct DiceModifierOrder {
    private var exploded = false
    private var ranked = false
    private var rankingClosed = false
    private var counting = false

    /// Nil when `modifier` may follow the ones admitted so far; otherwise why not.
    mutating func admit(_ modifier: DiceModifier) -> String? {
        switch modifier {
        case .keep, .drop:
            if rankingClosed {
                return "keep and drop stand together, side by side: write 4d6ro1kh3 or 4d6kh3ro1, not kh and dl apart"
            }
            ranked = true
        case .explode, .reroll, .minimum, .maximum:
            if counting {
                return "successes and failures are counted last, after rerolls, explosions and min/max"
            }
            if case .explode = modifier {
                if exploded { return "a die explodes one way only: write one of ! !! !p !o once (!!!! is two)" }
                exploded = true
            }
            rankingClosed = ranked
        case .successes, .failures:
            counting = true
        }
        return nil
    }
}
