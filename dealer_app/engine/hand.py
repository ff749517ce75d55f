"""One hand of Seven Card Stud as a state machine.

The dealer (or a replayed file) feeds it cards in dealing order and each player's action; it
answers with events. At every point it knows who must act, exactly what is legal, the pots,
the stub, and the rule IDs behind each decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NoReturn

from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.events import (
    ActionTaken,
    Event,
    FirstToAct,
    LegalAction,
    NoBetting,
    RoundOver,
    RulingApplied,
    UncalledBetReturned,
)
from dealer_app.engine.irregularities import IrregularityLayer

# SeatSpec is part of what a Hand is made from: its callers import it from here (a re-export)
from dealer_app.engine.player import Player
from dealer_app.engine.player import SeatSpec as SeatSpec
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ActionArg, ListArg, MoneyArg, PhaseArg, Says, says

if TYPE_CHECKING:
    from dealer_app.engine.limits import BettingRules

AGGRESSIVE: Final = ("bring_in", "complete", "bet", "raise")
ACTIONS: Final = ("fold", "check", "call", *AGGRESSIVE)


class Hand(IrregularityLayer):
    """The state machine; dealing, betting and the showdown live in their own modules."""

    def __init__(self, rules: BettingRules, seats: list[SeatSpec], unknown_upcards: bool = False):
        """``unknown_upcards`` admits ``??`` upcards, only for replaying a record that lacks
        them (some PHH files do); a dealer at the table always sees the upcards (D-4)."""
        if not 2 <= len(seats) <= rules.max_players:
            raise EngineError(f"a hand needs 2 to {rules.max_players} players, got {len(seats)}", ("T-1",))
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers):
            raise EngineError(f"seat numbers repeat: {numbers}", ("T-1",))
        for s in seats:
            if s.stack <= 0:
                raise EngineError(f"seat {s.seat} has no chips and is not dealt in", ("T-5",))
        self.rules = rules
        self.max_levels = 1 + rules.max_raises  # L-6
        self.unknown_upcards = unknown_upcards
        self.players = [Player(s) for s in sorted(seats, key=lambda s: s.seat)]
        self.by_seat = {p.seat: p for p in self.players}
        n = len(self.players)
        for i, p in enumerate(self.players):
            p.index = i
        # the next-actor search runs after every action: it walks a prepared tuple
        ring = self.players * 2
        self._after = [tuple(ring[i + 1 : i + 1 + n]) for i in range(n)]
        self.n_live = n
        self.events = []
        self.street = 3
        self.phase = "deal"
        self.stub = 52
        self.burns = 0
        self.common = None
        self.seen = {}
        self.deal_queue = []
        self.pots_awarded, self._awards = [], []
        self.showdown_order = []
        self._pending_show = []
        self.last_round_players = []
        self.street_first = {}
        self.bring_in_seat = None
        self.bring_in_decision = None
        self.opening_decision = None
        self.shortage_warning = None
        self.showdown_decision = None
        self.to_act = None
        self.decision_rules = ()
        self._legal = []
        self._reset_round()
        self.last_round_aggressor = None
        self.last_round_first = None
        self.held, self.early_burn, self.voided, self.reported = {}, False, None, 0
        self._post_antes()
        self._begin_deal()

    # --- who acts ---------------------------------------------------------------------------
    def _begin_betting(self) -> None:
        self._reset_round()
        self.round_open_pair = self._board_has_open_pair()
        self.phase = "bet"
        able = 0
        for p in self.players:
            if not p.folded and p.stack > 0:
                able += 1
        if able < 2:
            self.street_first[self.street] = None
            self.events.append(NoBetting(self.street))
            self._end_round()
            return
        if self.street == 3:
            first, bring_in = self._bring_in()
            self.bring_in_seat = first.seat
            self.bring_in_decision = bring_in
            self.events.append(bring_in)
            opening = FirstToAct(first.seat, 3, ("A-1",), "bring-in")  # the bring-in acts first
        else:
            first, opening = self._first_actor()
        self.street_first[self.street] = first.seat
        self.round_first = first
        self.opening_decision = opening
        self.events.append(opening)
        self.to_act = first
        self._prepare_decision()

    # --- applying an action -----------------------------------------------------------------
    def act(self, seat: int, action: str, to: object = None, ruling: bool = False) -> list[Event]:
        """Apply a betting action; refuse an illegal one with the reason and the rule IDs.

        ``ruling=True`` is the floor's override (I-3): an action in turn that the rules refuse
        is applied anyway and recorded as a ruling, so a replay of a disputed hand can go on.
        """
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            raise IllegalAction(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1: the amount %2 is not a whole number of cents"), seat, repr(to)
                ),
                ("T-2",),
            )
        amount: int | None = to
        if ruling:
            try:
                return self.act(seat, action, amount)
            except IllegalAction as exc:
                return self._apply_ruling(seat, action, amount, exc)
        if not self.held:
            return self._act(seat, action, amount)
        start = len(self.events)
        self._act(seat, action, amount)
        self._settle_out_of_turn()  # I-5: the turn may have come to a player who acted out of turn
        return self.events[start:]

    def _act(self, seat: int, action: str, to: int | None) -> list[Event]:
        p = self.to_act
        if p is None or p.seat != seat or action not in ACTIONS or self.phase != "bet":
            self._refuse_turn(seat, action)
        start = len(self.events)
        match = None
        for a in self._legal:
            if a.action == action:
                if a.min_to is None:
                    if to is None or a.to is None or to == a.to:
                        match = a
                        break
                elif to is not None and a.max_to is not None and a.min_to <= to <= a.max_to:
                    match = a
                    break
        if match is None:
            self._refuse_choice(seat, action, to)
        if match.min_to is None:
            to = match.to
        elif to is None or (to % self.rules.chip and to != match.max_to):  # off the chip grid (T-2)
            self._refuse_choice(seat, action, to)
        self._apply(p, action, to, self._rules_for(action))
        return self.events[start:]

    def _rules_for(self, action: str) -> tuple[str, ...]:
        """The rules an action taken cites: a bet, raise, call or complete the decision's (its
        amounts are L-2…L-8's); a fold or a check only the rule that opened it (A-6: a check
        from fourth street, a fold when checking is free) — a fold is never a bet size's."""
        if action in ("fold", "check"):
            return tuple(r for r in self.decision_rules if r == "A-6")
        return self.decision_rules

    def _refuse_turn(self, seat: int, action: str) -> NoReturn:
        """Raise the reason an action cannot be taken now (not a known action, no round open,
        no such seat, or out of turn)."""
        if action not in ACTIONS:
            raise IllegalAction(
                says(QT_TRANSLATE_NOOP("Errors", "unknown action %1 (known: %2)"), repr(action), ", ".join(ACTIONS))
            )
        if self.phase != "bet" or self.to_act is None:
            raise IllegalAction(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 cannot %2 now: no betting round is open (%3)"),
                    seat,
                    ActionArg(action, raw=True),
                    PhaseArg(self.phase),
                )
            )
        self.player(seat)
        rule = ("A-1",) if self.street == 3 else ("A-2",)
        raise IllegalAction(
            says(QT_TRANSLATE_NOOP("Errors", "seat %1 acted out of turn: seat %2 is to act"), seat, self.to_act.seat),
            rule,
        )

    def _refuse_choice(self, seat: int, action: str, to: int | None) -> NoReturn:
        """Raise why this action or amount is not among the legal choices (L-2…L-8)."""
        legal = self._legal
        choices = [a for a in legal if a.action == action]
        if not choices:
            names = ListArg(tuple(ActionArg(a, raw=True) for a in dict.fromkeys(a.action for a in legal)))
            raise IllegalAction(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 may not %2 now (legal: %3)"), seat, ActionArg(action), names),
                self.decision_rules,
            )
        allowed = ListArg(tuple(self._describe_choice(a) for a in choices), " or ")
        amount = MoneyArg(to, self.rules.currency) if isinstance(to, int) else to
        raise IllegalAction(
            says(QT_TRANSLATE_NOOP("Errors", "seat %1 may not %2 to %3: %4"), seat, ActionArg(action), amount, allowed),
            self.decision_rules,
        )

    def _apply_ruling(self, seat: int, action: str, to: int | None, exc: IllegalAction) -> list[Event]:
        start = len(self.events)
        if self.phase != "bet" or self.to_act is None or self.player(seat) is not self.to_act:
            raise exc
        p = self.to_act
        allin_to = p.round_to + p.stack
        if action in ("check", "fold"):
            to = None
        elif action == "call":
            to = min(self.current_to, allin_to)
        elif to is None or not p.round_to < to <= allin_to:
            raise exc
        self.events.append(RulingApplied(seat, ("I-3", *exc.rules), exc.message, exc.says))
        self._apply(p, action, to, ("I-3",))
        return self.events[start:]

    def _describe_choice(self, a: LegalAction) -> Says:
        """A legal choice in a refusal, its amounts as money ("bet to $20"), never bare cents."""
        cur = self.rules.currency
        if a.min_to is not None and a.max_to is not None:
            return says(
                QT_TRANSLATE_NOOP("Errors", "%1 to %2-%3"),
                ActionArg(a.action),
                MoneyArg(a.min_to, cur),
                MoneyArg(a.max_to, cur),
            )
        if a.to is not None:
            return says(QT_TRANSLATE_NOOP("Errors", "%1 to %2"), ActionArg(a.action), MoneyArg(a.to, cur))
        return says("%1", ActionArg(a.action, raw=True))

    def _apply(self, p: Player, action: str, to: int | None, rules: tuple[str, ...]) -> None:
        self.round_started = True
        if action == "fold":
            p.folded = True
            self.n_live -= 1
            self.events.append(ActionTaken(p.seat, "fold", rules))
        elif action == "check":
            self.events.append(ActionTaken(p.seat, "check", rules))
        else:
            assert to is not None  # every other action has an amount (act() and rulings set it)
            put = to - p.round_to
            p.stack -= put
            p.total += put
            p.round_to = to
            all_in = p.stack == 0
            if action != "call":
                self._register_raise(p, action, to, all_in)
            self.events.append(ActionTaken(p.seat, action, rules, to, put, all_in, self.rules.currency))
        p.acted = True
        p.acted_seq = self.reopen_seq
        # who acts next: the first player clockwise who can still act and owes an action
        if self.n_live == 1:
            self._return_uncalled()
            self._win_by_folds(next(q for q in self.players if not q.folded))
            return
        current = self.current_to
        for q in self._after[p.index]:
            if not q.folded and q.stack > 0 and (not q.acted or q.round_to < current):
                self.to_act = q
                self._legal, self.decision_rules = self._compute_legal(q)
                return
        self._end_round()

    def _return_uncalled(self) -> None:
        top = second = -1
        h = None
        for p in self.players:
            v = p.round_to
            if v > top:
                second, top, h = top, v, p
            elif v > second:
                second = v
        if h is None or top <= 0 or second == top:  # nothing bet, or the top amount was matched
            return
        excess = top - second
        h.stack += excess
        h.total -= excess
        h.round_to -= excess
        self.current_to = h.round_to
        self.events.append(UncalledBetReturned(h.seat, excess, self.rules.currency))  # P-2

    def _end_round(self) -> None:
        self._return_uncalled()
        self.to_act = None
        self._legal = []
        if self.round_started:
            self.last_round_aggressor = self.round_aggressor
            self.last_round_first = self.round_first
        self.events.append(RoundOver(self.street, self.pot_total()))
        if self.street == 7:
            self._begin_showdown()
            return
        self.street += 1
        self._begin_deal()

    # --- invariants (P-3, D-1, D-9) ----------------------------------------------------------
    def check_invariants(self) -> None:
        start = sum(p.start for p in self.players)
        in_play = sum(p.stack for p in self.players)
        if self.phase != "done":
            in_play += self.pot_total()
        if start != in_play:
            raise AssertionError(f"chips not conserved: {start} at start, {in_play} now (P-3)")
        known = [c for p in self.players for c in p.known_cards()] + ([self.common] if self.common is not None else [])
        if len(known) != len(set(known)):
            raise AssertionError("a card appears twice (D-1)")
        dealt = sum(len(p.down) + len(p.up) for p in self.players) + (self.common is not None)
        if self.stub < 0 or self.stub + dealt + self.burns != 52:
            raise AssertionError(f"stub count broken: stub {self.stub}, dealt {dealt}, burns {self.burns} (D-9)")

    def net(self) -> dict[int, int]:
        """Each seat's stack minus its starting stack (chips in an unsettled pot count as spent)."""
        return {p.seat: p.stack - p.start for p in self.players}
