"""A random but repeatable live-table session, for the kill and two-process tests: the same
seed makes the same calls, so a run that was killed can be compared with one that was not."""

import random

from dealer_app.engine.cards import format_card
from dealer_app.live.controller import InputError

DECK = [format_card(c) for c in range(52)]
PLAYERS = [(1, "Ann", 20000), (2, "Bob", 20000), (3, "Cy", 20000), (4, "Dee", 20000)]


def fingerprint(c) -> str:
    """What the dealer sees, as one line: stacks, bets, cards, the prompt, undo depth."""
    seats = ";".join(f"{s.seat}:{s.stack}:{s.round_to}:{''.join(s.up)}:{int(s.folded)}" for s in c.seats())
    p = c.prompt()
    return f"h{c.hand_no}|{seats}|{p.kind}:{p.seat}|i{len(c.inputs)}|r{len(c.redo_stack)}"


def random_input(c, rng):
    """One input a dealer could make now, chosen at random among the legal ones."""
    p = c.prompt()
    if p.kind in ("card", "common"):
        c.enter_card(rng.choice(sorted(set(DECK) - c.seen_cards())))
    elif p.kind == "river":
        c.deal_river()
    elif p.kind == "action":
        choice = rng.choice(c.choices())
        to = choice.to
        if choice.min_to is not None:  # spread and split: any amount in the range, often the top
            chip = c.session.rules.chip
            to = choice.min_to + rng.randint(0, (choice.max_to - choice.min_to) // chip) * chip
            if rng.random() < 0.2:
                to = choice.max_to
        c.act(choice.action, to)
    elif p.kind == "show":
        if rng.random() < 0.25:
            try:
                c.muck(p.seat)
                return
            except InputError:
                pass  # the first to show may not muck here: show instead
        n = len(c.hand.by_seat[p.seat].down)
        c.show(p.seat, " ".join(rng.sample(sorted(set(DECK) - c.seen_cards()), n)))


def play(c, seed: int, calls: int, on_accept):
    """Open a table and make ``calls`` accepted inputs (undo/redo among them)."""
    rng = random.Random(seed)
    c.open_table("stud-5-10", None, PLAYERS)
    on_accept(c)
    for _ in range(calls):
        p = c.prompt()
        if p.kind == "award" and rng.random() < 0.3 and c.undo():
            pass
        elif p.kind == "award":
            c.finish_hand()
        elif p.kind == "between":
            c.start_hand()
        elif c.inputs and rng.random() < 0.1:
            c.undo()
        elif c.redo_stack and rng.random() < 0.3:
            c.redo()
        else:
            random_input(c, rng)
        on_accept(c)
