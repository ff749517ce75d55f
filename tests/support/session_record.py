"""A record of ordinary sessions, as a card room's tables leave it: the floor's and the
trainer's tests run on this, not on hands that all start at the buy-in.

Three tables — fixed $1-2, spread $1-5, Hi-Lo $10-20 — each dealt ``hands`` hands by the live
controller (every input recorded as the dealer's window records it), with what happens at real
tables: players who lose chips and go on short, bust and top up, leave and come back with their
chips, join, sit out and in; undos and redos; every irregularity of catalog §9 (I-1, I-2, I-4,
I-5, and the floor's voids I-6 and I-7); and floor rulings at the table that move chips.
Seeded: the same seed gives the same record.
"""

from __future__ import annotations

import contextlib
import random
from typing import TYPE_CHECKING

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store
from tests.support.floor_accounts import MARIA
from tests.support.live_random import DECK, random_input

if TYPE_CHECKING:
    from pathlib import Path

FLOOR = MARIA
TABLES = (  # limit table, players (seat, name, buy-in in cents)
    ("stud-1-2", [(1, "Ann", 2000), (2, "Bob", 2500), (3, "Cy", 2000), (5, "Dee", 3000), (6, "Eve", 2000)]),
    ("stud-1-5-spread", [(1, "Fay", 3000), (3, "Gus", 4000), (4, "Hal", 3000), (7, "Ida", 3500)]),
    ("stud8-10-20", [(2, "Jo", 10000), (3, "Kai", 12000), (4, "Lu", 10000), (5, "Mo", 15000), (8, "Ned", 10000)]),
)
IRREGULARITIES = ("I-1", "I-2", "I-4", "I-5", "I-6", "I-7")


def ordinary_sessions(path: Path, anchors: Path, hands: int = 22, seed: int = 2026) -> dict:
    """Write the record to ``path`` (its seals to ``anchors``); returns what it holds:
    {"sessions": [...], "hands": n, "irregularities": {code: n}, "rulings": n, "undos": n,
    "short_starts": n (hands in which a player started below the table's buy-in), "leaves",
    "returns", "top_ups", "joins"}. DEALER_APP_CONFIG must name a folder of the test's own (its key
    and anchors); the floor's acts are Maria's (tests/support/floor_accounts.py)."""
    rng = random.Random(seed)
    store = Store(path, anchors=anchors)
    made = {
        "sessions": [],
        "hands": 0,
        "irregularities": dict.fromkeys(IRREGULARITIES, 0),
        "rulings": 0,
        "undos": 0,
        "short_starts": 0,
        "leaves": 0,
        "returns": 0,
        "top_ups": 0,
        "joins": 0,
    }
    for t_i, (table, players) in enumerate(TABLES):
        c = TableController(store)
        c.open_table(table, None, players)
        made["sessions"].append(c.session_id)
        newcomers = iter([(f"New{t_i}{k}", 0) for k in range(5)])
        for n in range(hands):
            _between_hands(c, rng, made, newcomers)
            try:
                c.start_hand()
            except InputError:  # fewer than two with chips: someone buys in
                _buy_in_someone(c, made, newcomers)
                c.start_hand()
            made["hands"] += 1
            buy_in = c.session.table.buy_in
            if any(p.start < buy_in for p in c.hand.players):
                made["short_starts"] += 1
            _play_hand(c, rng, made, wanted=IRREGULARITIES[(n + t_i) % len(IRREGULARITIES)] if n % 2 else None)
            dealt = [p.seat for p in c.hand.players]
            c.finish_hand()
            if n % 5 == 3:
                _ruling_with_chips(c, made, dealt)
        c.close_table()
    store.close()
    return made


def _between_hands(c: TableController, rng: random.Random, made: dict, newcomers) -> None:
    s = c.session
    if s.redeal_due:
        return  # I-6, I-7: the void hand is dealt again to the same players first
    buy_in = s.table.buy_in
    for seat, p in sorted(s.seats.items()):
        if p.stack == 0:  # busted: tops up, or leaves
            if rng.random() < 0.6:
                c.top_up(seat, buy_in)
                made["top_ups"] += 1
            else:
                c.leave(seat)
                made["leaves"] += 1
    if len(s.seats) > 3 and rng.random() < 0.15:  # someone leaves with chips…
        seat = rng.choice(sorted(s.seats))
        c.leave(seat)
        made["leaves"] += 1
    back = [(name, chips) for name, chips in c.departed() if chips > 0]
    free = [seat for seat in range(1, s.rules.max_players + 1) if seat not in s.seats]
    if back and free and rng.random() < 0.5:  # …and comes back with the chips they took
        name, chips = back[0]
        c.seat_player(free[0], name, chips)
        made["returns"] += 1
    elif free and len(s.seats) < 4:
        _buy_in_someone(c, made, newcomers)
    for seat, p in sorted(s.seats.items()):
        if p.sitting_out and rng.random() < 0.5:
            c.set_sitting_out(seat, False)
        elif not p.sitting_out and len(s.seats) > 3 and rng.random() < 0.05:
            c.set_sitting_out(seat, True)


def _buy_in_someone(c: TableController, made: dict, newcomers) -> None:
    s = c.session
    free = [seat for seat in range(1, s.rules.max_players + 1) if seat not in s.seats]
    name, _ = next(newcomers)
    c.seat_player(free[0], name, s.table.buy_in)
    made["joins"] += 1


def _play_hand(c: TableController, rng: random.Random, made: dict, wanted: str | None) -> None:
    """Play to the award prompt at random, with undos and redos, and the irregularity ``wanted``
    reported at the first moment its remedy applies."""
    guard = 0
    while c.hand.phase != "done":
        guard += 1
        assert guard < 2000, "a hand that does not end"
        if wanted is not None and wanted in c.irregularities_now() and _report(c, wanted, rng):
            made["irregularities"][wanted] += 1
            wanted = None
            continue
        if c.inputs and rng.random() < 0.06 and c.inputs[-1][0] != "irregularity":
            c.undo()
            made["undos"] += 1
            if rng.random() < 0.5:
                c.redo()
            continue
        with contextlib.suppress(InputError):  # (a random show the rules refuse: the next try differs)
            random_input(c, rng)


def _report(c: TableController, code: str, rng: random.Random) -> bool:
    """Report ``code`` now, with what it needs; False if this moment does not suit it."""
    h = c.hand
    try:
        if code == "I-1":
            seat = c.prompt().seat
            card = rng.choice(sorted(set(DECK) - c.seen_cards()))
            c.report_irregularity("I-1", seat=seat, card=card)
        elif code == "I-4":
            door = {p.seat: p.up[0] for p in h.players if p.up}
            seat = h.bring_in_seat
            others = [s for s in door if s != seat]
            if not others or len([e for e in h.events if type(e).__name__ == "ActionTaken"]) > 1:
                return False
            free = sorted(set(DECK) - c.seen_cards())
            c.report_irregularity("I-4", seat=seat, card=free[-1])  # its door was misread: an ace, say
        elif code == "I-5":
            to_act = h.to_act.seat
            later = [p.seat for p in h.players if p.seat != to_act and not p.folded and p.stack > 0]
            if not later:
                return False
            c.report_irregularity("I-5", seat=later[-1], action="fold")
        elif code in ("I-6", "I-7"):
            c.report_irregularity(code, floor=FLOOR)
        else:
            c.report_irregularity(code)
    except InputError:
        return False
    return True


def _ruling_with_chips(c: TableController, made: dict, dealt: list[int]) -> None:
    """A dispute over the last hand, settled by the floor at the table: one chip unit moves
    from one player to another (between hands, as I-3 has it)."""
    from dealer_app.floor.ruling import Ruling
    from dealer_app.floor.rulings import rule_at_table

    s = c.session
    payers = [seat for seat, p in sorted(s.seats.items()) if seat in dealt and p.stack >= s.rules.chip * 4]
    if len(payers) < 2:
        return
    unit = s.rules.chip * 4
    ruling = Ruling(
        c.session_id,
        c.hand_no,
        1,
        f"seat {payers[0]} says seat {payers[1]} was paid short",
        ("I-3", "P-1"),
        f"seat {payers[1]} pays seat {payers[0]}",
        "adjust",
        {payers[0]: unit, payers[1]: -unit},
        "dealer Jo",
        "cam 2",
    )
    rule_at_table(c, ruling, FLOOR)
    made["rulings"] += 1
