"""PokerKit's legal actions in our vocabulary, shared by the two PokerKit oracle tests."""


def pokerkit_legal(state):
    """PokerKit's legal actions in our vocabulary, as a set of (kind, to) pairs."""
    out = set()
    i = state.actor_index
    bet_now = state.bets[i]
    if state.can_post_bring_in():
        out.add(("bring_in", bet_now + min(state.bring_in, state.stacks[i])))
    if state.can_fold():
        out.add(("fold", None))
    if state.can_check_or_call():
        amount = state.checking_or_calling_amount
        out.add(("call", bet_now + amount) if amount else ("check", None))
    if state.can_complete_bet_or_raise_to():
        out.add(("aggr", state.min_completion_betting_or_raising_to_amount))
        out.add(("aggr", state.max_completion_betting_or_raising_to_amount))
    # a bring-in player short of the force: PokerKit also offers "completing" to the same
    # all-in amount; that is the one action "bring in all-in" (B-4)
    out -= {("aggr", to) for kind, to in list(out) if kind == "bring_in"}
    return out
