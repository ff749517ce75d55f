"""The irregularity quiz (catalog §9, I-1…I-8): a situation at a real moment of an engine-made
hand, and the remedy that governs it, with whether it applies now.

Whether it applies is never decided here: the remedy is applied to a copy of the hand with the
engine's own operation (engine/irregularities.py), and its events or its refusal are the answer.
The answer is ``{"remedy": "I-4", "applies": False}``: the rule whose remedy the dealer gives,
and whether it is carried out now (I-4 corrected, I-5 binding, I-6 a misdeal, …) or not (the
bring-in stands, the action out of turn is void, the hand plays on). Where the engine refuses
and leaves the case to the floor (an exposed card on a later street, a fouled deck found after
the awards, HOUSE ``out_of_turn: floor``), the remedy is I-3, the floor decides, and it applies.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from dealer_app.engine.cards import format_card
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import ActedOutOfTurn, ActionTaken, BringInChosen, DealPlanned, OutOfTurnSettled
from dealer_app.engine.simulate import choose_action

if TYPE_CHECKING:
    import random

    from dealer_app.engine.hand import Hand

# the situations, each with the rule it is about
KINDS = (
    "exposed",
    "flashed",
    "both-exposed",
    "exposed-late",
    "dealt-early",
    "wrong-bring-in",
    "out-of-turn",
    "misdeal",
    "fouled-deck",
)
MISDEAL_CAUSES = ("first-card-wrong-seat", "not-entitled", "dealt-out", "wrong-number")
REMEDIES = ("I-1", "I-2", "I-3", "I-4", "I-5", "I-6", "I-7", "I-8")


def _unseen(h: Hand, rng: random.Random, n: int = 1) -> list[int]:
    return rng.sample([c for c in range(52) if c not in h.seen], n)


def _street_actions(h: Hand) -> int:
    """The betting actions of the street being played so far."""
    n = 0
    for e in reversed(h.events):
        if isinstance(e, DealPlanned):
            break
        n += isinstance(e, ActionTaken)
    return n


def _try(h: Hand, remedy):
    """The remedy applied to a copy of the hand: (its events, None) or (None, the refusal)."""
    c = copy.deepcopy(h)
    try:
        return remedy(c), None
    except EngineError as exc:
        return None, exc


def _floor_or(rule: str, refused: EngineError | None, rules: tuple[str, ...]):
    """A remedy with no 'not now' of its own: refused, the engine leaves it to the floor (I-3)."""
    if refused is None:
        return {"remedy": rule, "applies": True}, rules
    assert "I-3" in refused.rules, refused
    return {"remedy": "I-3", "applies": True}, tuple(dict.fromkeys(rules + refused.rules))


class Asker:
    """One hand's question: the kind is chosen when the hand starts; ``__call__`` is asked at
    each step of the hand and gives (answer, rules, case, the hand shown) at its moment."""

    def __init__(self, rng: random.Random):
        self.kind = rng.choice(KINDS)
        self.bring_in: dict | None = None  # wrong-bring-in: the misread door card, found at the bring-in
        self.dead = False

    def __call__(self, h: Hand, rng: random.Random):
        if self.dead:
            return None
        k = self.kind
        if k in ("exposed", "flashed", "both-exposed", "exposed-late"):
            return self._exposed(h, rng)
        if k == "dealt-early":
            if h.phase == "bet" and 3 <= h.street <= 6 and h.round_started and rng.random() < 0.2:
                _events, refused = _try(h, lambda c: c.card_dealt_early())
                answer, rules = _floor_or("I-2", refused, ("I-2",))
                seat = next(p.seat for p in h.players if not p.folded)
                return answer, rules, {"kind": k, "seat": seat, "street": h.street + 1}, h
            return None
        if k == "wrong-bring-in":
            return self._wrong_bring_in(h, rng)
        if k == "out-of-turn":
            return self._out_of_turn(h, rng)
        if k == "misdeal":
            return self._misdeal(h, rng)
        # fouled deck: any moment, the awards too
        if (h.phase in ("bet", "deal", "showdown") and rng.random() < 0.05) or h.phase == "done":
            _events, refused = _try(h, lambda c: c.fouled_deck())
            answer, rules = _floor_or("I-7", refused, ("I-7",))
            return answer, rules, {"kind": k, "cause": rng.choice(("twice", "missing"))}, h
        return None

    def _exposed(self, h: Hand, rng: random.Random):
        k = self.kind
        street = 7 if k == "exposed-late" else 3
        if h.phase != "deal" or h.street != street or not h.deal_queue or rng.random() > 0.4:
            return None
        seat = h.deal_queue[0].seat
        cards = _unseen(h, rng, 2)
        case = {"kind": k, "seat": seat, "cards": [format_card(c) for c in cards[: 2 if k == "both-exposed" else 1]]}
        if k == "both-exposed":  # I-1: both downcards exposed is a misdeal (I-6)
            _events, refused = _try(h, lambda c: c.misdeal())
            assert refused is None
            return {"remedy": "I-6", "applies": True}, ("I-1", "I-6"), case, h
        if k == "exposed-late":
            case["flashed"] = rng.random() < 0.5
        _events, refused = _try(h, lambda c: c.expose_downcard(seat, cards[0]))
        own = ("I-8", "I-1") if k == "flashed" or case.get("flashed") else ("I-1",)
        answer, rules = _floor_or(own[0], refused, own)
        return answer, rules, case, h

    def _wrong_bring_in(self, h: Hand, rng: random.Random):
        if h.street != 3 or h.phase != "bet":
            if self.bring_in is not None:
                self.dead = True  # third street is over: this hand asks nothing
            return None
        if self.bring_in is None:
            if h.round_started or h.bring_in_decision is None:
                self.dead = True
                return None
            # the bring-in is decided: a door card misread, found with the engine to change who
            # brings in (it would, were the card entered right now)
            for _try_card in range(20):
                p = rng.choice([p for p in h.players if p.up])
                real = _unseen(h, rng)[0]
                fixed, _refused = _try(h, lambda c, p=p, real=real: (c.correct_bring_in(p.seat, real), c)[1])
                if fixed is not None and fixed.bring_in_seat != h.bring_in_seat:
                    self.bring_in = {"seat": p.seat, "read_as": format_card(p.up[0]), "card": real}
                    return None
            self.dead = True
            return None
        if not h.round_started or rng.random() > 0.45:
            return None
        b = self.bring_in
        _events, refused = _try(h, lambda c: c.correct_bring_in(b["seat"], b["card"]))
        rules = ("I-4",) if refused is None else refused.rules
        case = {
            "kind": self.kind,
            "seat": b["seat"],
            "read_as": b["read_as"],
            "card": format_card(b["card"]),
            "brought_in": h.bring_in_seat,
        }
        return {"remedy": "I-4", "applies": refused is None}, rules, case, h

    def _out_of_turn(self, h: Hand, rng: random.Random):
        if h.phase != "bet" or h.to_act is None or not h.round_started or rng.random() > 0.25:
            return None  # (before the bring-in, nobody has an action to take out of turn)
        owed = h.to_act
        order = [p for p in h.players if not p.folded and p.stack > 0]
        i = order.index(owed)
        # acts after the player owed, and still has to: it has not acted this round, or faces a bet
        later = [q for q in order[i + 1 :] + order[:i] if not q.acted or q.round_to < h.current_to]
        if not later:
            return None
        p = rng.choice(later)
        facing = h.current_to - p.round_to
        if facing > p.stack:
            return None
        action = rng.choice(("call", "call", "fold")) if facing else rng.choice(("check", "check", "fold"))
        if action == "fold" and not facing and not h.rules.fold_when_check_free:
            action = "check"
        case = {"kind": self.kind, "seat": p.seat, "action": action, "owed": owed.seat, "house": h.rules.out_of_turn}
        c = copy.deepcopy(h)
        said = c.act_out_of_turn(p.seat, action)
        if next(e for e in said if isinstance(e, ActedOutOfTurn)).handling == "floor":
            return {"remedy": "I-3", "applies": True}, ("I-5", "I-3"), case, h
        case["at"] = _street_actions(c)
        for _step in range(20):  # the players in between act; stop just before the turn comes to it
            if c.phase != "bet" or c.to_act is None:
                return None
            a, to = choose_action(c, rng, 0.3, 0.12)
            after = copy.deepcopy(c)
            start = len(after.events)
            after.act(c.to_act.seat, a, to)
            settled = [e for e in after.events[start:] if isinstance(e, OutOfTurnSettled)]
            if settled:
                case["then"] = {"seat": c.to_act.seat, "action": a, "to": to}
                return {"remedy": "I-5", "applies": settled[0].binding}, ("I-5",), case, c
            if after.street != c.street:
                return None
            c = after
        return None

    def _misdeal(self, h: Hand, rng: random.Random):
        third = h.street == 3 and rng.random() < (0.03 if h.phase == "deal" else 0.3 if h.phase == "bet" else 0)
        later = h.street > 3 and h.phase in ("deal", "bet") and rng.random() < 0.3 and self._acted_after_bring_in(h)
        if not (third or later):
            return None
        seat = rng.choice([p.seat for p in h.players])
        _events, refused = _try(h, lambda c: c.misdeal())
        rules = ("I-6",) if refused is None else refused.rules
        return (
            {"remedy": "I-6", "applies": refused is None},
            rules,
            {"kind": self.kind, "cause": rng.choice(MISDEAL_CAUSES), "seat": seat},
            h,
        )

    @staticmethod
    def _acted_after_bring_in(h: Hand) -> bool:
        """Later streets are asked only where two players acted after the bring-in on third
        street (the catalog's words leave a heads-up hand's later streets open)."""
        acted, seen = 0, False
        for e in h.events:
            if isinstance(e, BringInChosen):
                seen = True
            elif seen and isinstance(e, ActionTaken):
                acted += 1
            elif seen and isinstance(e, DealPlanned):
                break
        return acted >= 3  # the bring-in and two more
