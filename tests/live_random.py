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


def play(c, seed: int, calls: int, on_accept):
    """Open a table and make ``calls`` accepted inputs (undo/redo among them)."""
    rng = random.Random(seed)
    c.open_table("stud-5-10", None, PLAYERS)
    on_accept(c)
    done = 0
    while done < calls:
        p = c.prompt()
        if p.kind in ("between", "award"):
            if p.kind == "award" and rng.random() < 0.3 and c.undo():
                pass
            elif p.kind == "award":
                c.finish_hand()
            else:
                c.start_hand()
        elif c.inputs and rng.random() < 0.1:
            c.undo()
        elif c.redo_stack and rng.random() < 0.3:
            c.redo()
        elif p.kind in ("card", "common"):
            c.enter_card(rng.choice(sorted(set(DECK) - c.seen_cards())))
        elif p.kind == "river":
            c.deal_river()
        elif p.kind == "action":
            choice = rng.choice(c.choices())
            c.act(choice.action, choice.to if choice.min_to is None else choice.min_to)
        elif p.kind == "show":
            n = len(c.hand.by_seat[p.seat].down)
            try:
                c.show(p.seat, " ".join(rng.sample(sorted(set(DECK) - c.seen_cards()), n)))
            except InputError:
                c.muck(p.seat)
        done += 1
        on_accept(c)
