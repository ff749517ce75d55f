"""One hand of Seven Card Stud as a state machine.

The dealer (or a replayed file) feeds it cards in dealing order and each player's action; it
answers with events. At every point it knows who must act, exactly what is legal, the pots,
the stub, and the rule IDs behind each decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_app.engine.cards import format_card, format_cards
from dealer_app.engine.deck import DealPlan, plan_deal
from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.events import Event, LegalAction
from dealer_app.engine.evaluator import board_value, describe_board
from dealer_app.engine.limits import BettingRules
from dealer_app.engine.money import format_money
from dealer_app.engine import showdown as sd

AGGRESSIVE = ("bring_in", "complete", "bet", "raise")
VERBS = {"bring_in": "brings in for", "complete": "completes to", "bet": "bets", "raise": "raises to",
         "call": "calls"}
ACTIONS = ("fold", "check", "call") + AGGRESSIVE


@dataclass(frozen=True)
class SeatSpec:
    seat: int
    name: str
    stack: int


class Player:
    __slots__ = ("seat", "name", "start", "stack", "down", "up", "folded", "round_to", "total",
                 "acted", "acted_seq", "shown", "mucked")

    def __init__(self, spec: SeatSpec):
        self.seat, self.name, self.start, self.stack = spec.seat, spec.name, spec.stack, spec.stack
        self.down: list[int | None] = []
        self.up: list[int] = []
        self.folded = False
        self.round_to = 0
        self.total = 0
        self.acted = False
        self.acted_seq = -1
        self.shown = False
        self.mucked = False

    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0

    def known_cards(self):
        return [c for c in self.down + self.up if c is not None]


class Hand:
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
        self.unknown_upcards = unknown_upcards
        self.players = [Player(s) for s in sorted(seats, key=lambda s: s.seat)]
        self.by_seat = {p.seat: p for p in self.players}
        self.events: list[Event] = []
        self.street = 3
        self.phase = "deal"
        self.stub = 52
        self.burns = 0
        self.common: int | None = None
        self.seen: dict[int, str] = {}
        self.plan: DealPlan | None = None
        self.deal_queue: list[Player] = []
        self.pots_awarded: list[dict] = []
        self.showdown_order: list[int] = []
        self.street_first: dict[int, int | None] = {}
        self.bring_in_seat: int | None = None
        self.to_act: Player | None = None
        self.decision_rules: tuple[str, ...] = ()
        self.decision_text = ""
        self._reset_round()
        self.last_round_aggressor: Player | None = None
        self.last_round_first: Player | None = None
        self._post_antes()
        self._begin_deal()

    # --- helpers ---------------------------------------------------------------------------
    def _emit(self, kind, seat=None, rules=(), text="", **data) -> Event:
        ev = Event(kind, seat, data, tuple(rules), text)
        self.events.append(ev)
        return ev

    def _reset_round(self):
        self.current_to = 0
        self.full_to = 0
        self.last_raise = 0
        self.levels = 0
        self.capped = False
        self.big_in = False
        self.reopen_seq = 0
        self.round_aggressor: Player | None = None
        self.round_first: Player | None = None
        self.round_started = False
        self.round_open_pair = False
        self.short_all_in = False  # an all-in bet or raise that did not make a full one (L-8)
        for p in getattr(self, "players", []):
            p.round_to = 0
            p.acted = False
            p.acted_seq = -1

    @property
    def live(self) -> list[Player]:
        return [p for p in self.players if not p.folded]

    def player(self, seat: int) -> Player:
        try:
            return self.by_seat[seat]
        except KeyError:
            raise EngineError(f"there is no seat {seat} in this hand (seats: {sorted(self.by_seat)})") from None

    def _next_clockwise(self, start: Player, pred) -> Player | None:
        i = self.players.index(start)
        n = len(self.players)
        for k in range(1, n + 1):
            p = self.players[(i + k) % n]
            if pred(p):
                return p
        return None

    def money(self, cents: int) -> str:
        return format_money(cents, self.rules.currency)

    def pot_total(self) -> int:
        return sum(p.total for p in self.players)

    # --- antes and dealing ------------------------------------------------------------------
    def _post_antes(self):
        for p in self.players:
            amount = min(self.rules.ante, p.stack)
            p.stack -= amount
            p.total += amount
            rules = ("B-1",)
            self._emit("ante", p.seat, rules, amount=amount, all_in=p.stack == 0,
                       text=f"Seat {p.seat} antes {self.money(amount)}" + (" and is all-in" if p.stack == 0 else ""))

    def _begin_deal(self):
        live = self.live
        self.plan = plan_deal(self.rules.shortage_procedure, self.street, len(live), self.stub, self.burns,
                              self.rules.burn_before_third)
        plan = self.plan
        self._emit("deal_plan", None, plan.rules, text=plan.words, street=self.street, **plan.as_dict(),
                   stub_before=plan.stub_before)
        if plan.reshuffle_burns:
            self._emit("reshuffle_burns", None, ("D-7",), burns=self.burns)
            self.stub += self.burns
            self.burns = 0
        if plan.burn:
            self.stub -= 1
            self.burns += 1
            self._emit("burn", None, ("D-5",), stub=self.stub)
        if self.street < 7:
            self._warn_ahead()
        self.deal_queue = [] if plan.common_card else list(live)
        self.phase = "deal"

    def _warn_ahead(self):
        """D-7: warn a street early when the next round will be short if everyone stays in."""
        plan = self.plan
        nxt = plan_deal(self.rules.shortage_procedure, self.street + 1, plan.live, plan.stub_after,
                        plan.burns_after, self.rules.burn_before_third)
        if not nxt.normal:
            self._emit("shortage_warning", None, ("D-7",), street=self.street + 1, **nxt.as_dict(),
                       text=f"Next street: {nxt.words}")

    def expected_deal(self) -> tuple[int, int] | None:
        """(seat, number of cards) the dealer deals next, or None (D-2)."""
        if self.phase != "deal" or not self.deal_queue:
            return None
        return self.deal_queue[0].seat, 3 if self.street == 3 else 1

    def _claim(self, card: int | None):
        if card is None:
            return
        if card in self.seen:
            raise EngineError(f"card {format_card(card)} is already seen in this hand ({self.seen[card]})", ("D-1",))

    def deal(self, seat: int, cards: list[int | None]) -> list[Event]:
        """Deal a seat its cards for this street: third street ``[down, down, door]`` (or just the
        door), later streets one card; the river may be ``None`` (the dealer cannot see it)."""
        start = len(self.events)
        if self.phase != "deal":
            raise EngineError(f"no cards are being dealt now ({self.phase} on street {self.street})", ("D-2",))
        if self.plan.common_card:
            raise EngineError(f"street {self.street} is a common card: deal it to the middle (D-8)", ("D-7", "D-8"))
        p = self.player(seat)
        if p.folded:
            raise EngineError(f"seat {seat} has folded and gets no cards", ("D-6",))
        exp = self.deal_queue[0]
        if p is not exp:
            raise EngineError(f"seat {exp.seat} gets the next card, not seat {seat}", ("D-2",))
        cards = list(cards)
        if self.street == 3 and len(cards) == 1:
            cards = [None, None] + cards
        want = 3 if self.street == 3 else 1
        if len(cards) != want:
            raise EngineError(f"street {self.street} deals {want} card(s) to seat {seat}, got {len(cards)}", ("D-3", "D-4"))
        down_flags = [True, True, False] if self.street == 3 else [self.street == 7]
        seen_now = set()
        for c, is_down in zip(cards, down_flags):
            if not is_down and c is None and not self.unknown_upcards:
                raise EngineError(f"seat {seat}'s upcard must be entered (an upcard is always seen)", ("D-4", "D-9"))
            self._claim(c)
            if c is not None and c in seen_now:
                raise EngineError(f"card {format_card(c)} entered twice for seat {seat}", ("D-1",))
            if c is not None:
                seen_now.add(c)
        for c, is_down in zip(cards, down_flags):
            if is_down:
                p.down.append(c)
                if c is not None:
                    self.seen[c] = f"seat {seat}'s downcard"
            else:
                p.up.append(c)
                if c is not None:
                    self.seen[c] = f"seat {seat}'s upcard"
        self.stub -= len(cards)
        self.deal_queue.pop(0)
        self._emit("deal", seat, ("D-3",) if self.street == 3 else ("D-4",), street=self.street,
                   cards=[format_card(c) for c in cards], up=[not d for d in down_flags], stub=self.stub)
        if not self.deal_queue:
            self._begin_betting()
        return self.events[start:]

    def deal_common(self, card: int) -> list[Event]:
        start = len(self.events)
        if self.phase != "deal" or not self.plan.common_card:
            raise EngineError("no common card is due now", ("D-7",))
        if card is None:
            raise EngineError("the common card is face up and must be entered", ("D-8",))
        self._claim(card)
        self.common = card
        self.seen[card] = "the common card"
        self.stub -= 1
        self._emit("common_card", None, ("D-7", "D-8"), card=format_card(card), stub=self.stub,
                   text=f"Common card {format_card(card, True)}: every live player's card")
        self._begin_betting()
        return self.events[start:]

    # --- who acts ---------------------------------------------------------------------------
    def _begin_betting(self):
        self._reset_round()
        self.round_open_pair = self._board_has_open_pair()
        self.phase = "bet"
        able = [p for p in self.live if p.can_act]
        if len(able) < 2:
            self.street_first[self.street] = None
            self._emit("no_betting", None, ("A-5", "A-7"), street=self.street,
                       text="No betting: fewer than two players have chips")
            self._end_round()
            return
        if self.street == 3:
            first, rules, words = self._bring_in()
            self.bring_in_seat = first.seat
            self._emit("bring_in_seat", first.seat, rules, text=words)
            rules, words = ("A-1",), f"Seat {first.seat} acts first: the bring-in"
        else:
            first, rules, words = self._first_actor()
        self.street_first[self.street] = first.seat
        self.round_first = first
        self._emit("first_to_act", first.seat, rules, street=self.street, text=words)
        self.to_act = first
        self._prepare_decision()

    def _bring_in(self):
        dealt = [p for p in self.players if p.up and p.up[0] is not None]
        low = min(dealt, key=lambda p: p.up[0])
        rules = ["B-2"] + (["H-1"] if self.rules.game == "stud8" else [])
        words = f"Seat {low.seat} brings in: lowest door card, {format_card(low.up[0], True)}"
        unseen = [p.seat for p in self.players if p.up and p.up[0] is None]
        if unseen:
            words += f" (door card of seat(s) {', '.join(map(str, unseen))} not recorded)"
        chosen = low
        if not low.can_act:
            chosen = self._next_clockwise(low, lambda p: p.can_act and not p.folded)
            rules.append("B-5")
            words = (f"Seat {chosen.seat} brings in: the lowest door card, {format_card(low.up[0], True)}, "
                     f"belongs to all-in seat {low.seat}")
        return chosen, tuple(rules), words

    def _first_actor(self):
        street = self.street
        rules = ["A-2"]
        if street == 7:
            rules.append("A-3")
        live = self.live
        if self.common is not None and street == 7 and self.rules.common_card_first_actor == "sixth-street":
            prev = self.street_first.get(6)
            p = self.by_seat.get(prev) if prev is not None else None
            rules = ["D-8"]
            if p is not None and p.can_act:
                return p, tuple(rules), f"Seat {p.seat} acts first: acted first on sixth street (common card)"
        boards = {p.seat: [c for c in p.up if c is not None] + ([self.common] if self.common is not None and
                                  self.rules.common_card_first_actor == "best-showing" else []) for p in live}
        if self.common is not None and "D-8" not in rules:
            rules.append("D-8")
        values = {s: board_value(b) for s, b in boards.items()}
        best = max(values.values())
        tied = [p for p in live if values[p.seat] == best]
        chosen = tied[0]
        words_tie = ""
        if len(tied) > 1:
            rules.append("A-4")
            if self.rules.first_actor_tiebreak == "suit":
                chosen = max(tied, key=lambda p: max(boards[p.seat]))
                words_tie = f"; tie broken by the highest card by suit, {format_card(max(boards[chosen.seat]), True)}"
            else:
                words_tie = "; tie: nearest the dealer's left"
        words = (f"Seat {chosen.seat} acts first: "
                 f"{describe_board(best, len(boards[chosen.seat]))}{words_tie}")
        if not chosen.can_act:
            high = chosen
            chosen = self._next_clockwise(high, lambda p: p.can_act)
            rules.append("A-5")
            words = f"Seat {chosen.seat} acts first: the high hand, seat {high.seat}, is all-in"
        return chosen, tuple(rules), words

    # --- legal actions ----------------------------------------------------------------------
    def _open_pair(self) -> bool:
        """L-3: decided when fourth street's betting opens; a pair that folds later in the
        round does not take the larger bet back."""
        return self.round_open_pair

    def _board_has_open_pair(self) -> bool:
        if self.street != 4 or self.rules.structure == "spread" or not self.rules.open_pair_double:
            return False
        return any(len(p.up) >= 2 and None not in p.up[:2] and p.up[0] >> 2 == p.up[1] >> 2 for p in self.live)

    def _street_bet(self) -> int:
        return self.rules.small_bet if self.street <= 4 else self.rules.big_bet

    def _bounds(self) -> tuple[int, int]:
        """(minimum, maximum) bet for spread and split limit (L-4, L-5)."""
        r = self.rules
        if r.structure == "spread":
            return r.small_bet, r.big_bet
        if self.street <= 4:
            return r.min_bet, r.big_bet if self._open_pair() else r.small_bet
        return r.small_bet, r.big_bet

    def _uncapped(self) -> bool:
        """L-7: is raising unlimited now? Heads-up means two players left who can still bet
        (Robert's Rules: the cap applies to pots of three or more players not all-in)."""
        mode = self.rules.heads_up_uncapped
        if mode == "never" or self.capped or (mode == "last-round" and self.street != 7):
            return False
        return sum(1 for p in self.players if p.can_act) <= 2

    def _cap(self) -> int:
        return 1 + self.rules.max_raises

    def is_capped(self) -> bool:
        """The betting round has reached its cap and no more raising is allowed (L-6, L-7)."""
        return self.phase == "bet" and self.levels >= self._cap() and not self._uncapped()

    def _is_bring_in_turn(self, p: Player) -> bool:
        return self.street == 3 and not self.round_started and p.seat == self.bring_in_seat

    def legal_actions(self) -> list[LegalAction]:
        """Every legal action, with exact amount or range, for the seat to act (L-2…L-8)."""
        if self.phase != "bet" or self.to_act is None:
            return []
        return self._legal

    def _prepare_decision(self):
        self._legal, self.decision_rules = self._compute_legal(self.to_act)

    def _compute_legal(self, p: Player):
        r = self.rules
        allin_to = p.round_to + p.stack
        out: list[LegalAction] = []
        rules: list[str] = []
        fixed = r.structure == "fixed"
        if self._is_bring_in_turn(p):
            rules.append("B-3")
            if fixed:
                bi = min(r.bring_in, allin_to)
                if allin_to <= r.bring_in:
                    rules.append("B-4")
                out.append(LegalAction("bring_in", to=bi, all_in=bi == allin_to))
                if allin_to > r.bring_in and r.bring_in < r.small_bet:
                    c = min(r.small_bet, allin_to)
                    out.append(LegalAction("complete", to=c, all_in=c == allin_to))
            else:
                lo, hi = self._bounds()
                lo = max(min(r.bring_in, lo), 1)
                if allin_to <= lo:
                    rules.append("B-4")
                    out.append(LegalAction("bring_in", to=allin_to, all_in=True))
                else:
                    top = min(hi, allin_to)
                    out.append(LegalAction("bring_in", min_to=lo, max_to=top, all_in=top == allin_to))
                rules.append("L-5" if r.structure == "split" else "L-4")
            return out, tuple(rules)

        to_call = self.current_to - p.round_to
        if to_call > 0:
            out.append(LegalAction("fold"))
            call_to = min(self.current_to, allin_to)
            out.append(LegalAction("call", to=call_to, all_in=call_to == allin_to))
        else:
            if self.rules.fold_when_check_free:
                out.append(LegalAction("fold"))
            out.append(LegalAction("check"))
            if self.street >= 4:
                rules.append("A-6")
        if allin_to <= self.current_to:
            if allin_to < self.current_to:
                rules.append("L-8")
            return out, tuple(rules)
        if not any(q is not p and q.can_act for q in self.players):
            # everyone else is all-in: a bet or raise could never be called
            rules.append("A-7")
            return out, tuple(rules)
        # may this player bet or raise?
        if p.acted and p.acted_seq >= self.reopen_seq:
            rules.append("L-8" if self.short_all_in else "A-7")
            return out, tuple(rules)
        if self.levels >= self._cap():
            if self._uncapped():
                rules.append("L-7")
            else:
                rules.append("L-6")
                return out, tuple(rules)
        if self.short_all_in:
            rules.append("L-8")
        if fixed:
            S, B = self._street_bet(), self.rules.big_bet
            open_pair = self._open_pair()
            if open_pair:
                rules.append("L-3")
            rules.append("L-2")
            if self.current_to == 0:
                kind, targets = "bet", ([S, B] if open_pair else [S])
            elif self.levels == 0:
                kind, targets = "complete", [S]
                rules.append("B-6" if self.street == 3 else "L-8")
            else:
                kind = "raise"
                if open_pair and not self.big_in:
                    targets = [self.full_to + S, self.full_to + B]
                else:
                    targets = [self.full_to + (B if self.big_in else S)]
            done_all_in = False
            for t in targets:
                if t < allin_to:
                    out.append(LegalAction(kind, to=t))
                elif not done_all_in:
                    out.append(LegalAction(kind, to=allin_to, all_in=True))
                    done_all_in = True
        else:
            lo, hi = self._bounds()
            rules.append("L-5" if r.structure == "split" else "L-4")
            if self.current_to == 0 or self.levels == 0:
                kind = "bet" if self.current_to == 0 else "complete"
                mn, mx = lo, hi
            else:
                kind = "raise"
                mn, mx = self.current_to + self.last_raise, self.current_to + hi
            if mn > mx:
                pass  # no raise fits between the minimum raise and the maximum
            elif allin_to < mn:
                out.append(LegalAction(kind, to=allin_to, all_in=True))
            else:
                top = min(mx, allin_to)
                if top == mn:
                    out.append(LegalAction(kind, to=mn, all_in=top == allin_to))
                else:
                    out.append(LegalAction(kind, min_to=mn, max_to=top, all_in=top == allin_to))
        if self.levels + 1 >= self._cap() and not self._uncapped():
            rules.append("L-6")
        return out, tuple(dict.fromkeys(rules))

    # --- applying an action -----------------------------------------------------------------
    def act(self, seat: int, action: str, to: int | None = None, ruling: bool = False) -> list[Event]:
        """Apply a betting action; refuse an illegal one with the reason and the rule IDs.

        ``ruling=True`` is the floor's override (I-3): an action in turn that the rules refuse
        is applied anyway and recorded as a ruling, so a replay of a disputed hand can go on.
        """
        if ruling:
            try:
                return self.act(seat, action, to)
            except IllegalAction as exc:
                return self._apply_ruling(seat, action, to, exc)
        start = len(self.events)
        if action not in ACTIONS:
            raise IllegalAction(f"unknown action {action!r} (known: {', '.join(ACTIONS)})")
        if self.phase != "bet" or self.to_act is None:
            raise IllegalAction(f"seat {seat} cannot {action} now: no betting round is open ({self.phase})")
        p = self.player(seat)
        if p is not self.to_act:
            rule = ("A-1",) if self.street == 3 else ("A-2",)
            raise IllegalAction(f"seat {seat} acted out of turn: seat {self.to_act.seat} is to act", rule)
        legal = self.legal_actions()
        choices = [a for a in legal if a.action == action]
        if not choices:
            names = ", ".join(dict.fromkeys(a.action for a in legal))
            raise IllegalAction(f"seat {seat} may not {action.replace('_', ' ')} now (legal: {names})",
                                self.decision_rules)
        match = next((a for a in choices if a.allows(to)), None)
        if match is None or (match.min_to is not None and to % self.rules.chip and to != match.max_to):
            allowed = " or ".join(self._describe_choice(a) for a in choices)
            raise IllegalAction(f"seat {seat} may not {action.replace('_', ' ')} to {to}: {allowed}",
                                self.decision_rules)
        if match.min_to is None:
            to = match.to
        self._apply(p, action, to, match, self.decision_rules)
        return self.events[start:]

    def _apply_ruling(self, seat, action, to, exc: IllegalAction) -> list[Event]:
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
        self._emit("ruling", seat, ("I-3",) + exc.rules, refused=exc.message,
                   text=f"Floor ruling: applied although refused: {exc.message}")
        self._apply(p, action, to, None, ("I-3",))
        return self.events[start:]

    @staticmethod
    def _describe_choice(a: LegalAction) -> str:
        if a.min_to is not None:
            return f"{a.action.replace('_', ' ')} to {a.min_to}-{a.max_to}"
        if a.to is not None:
            return f"{a.action.replace('_', ' ')} to {a.to}"
        return a.action

    def _apply(self, p: Player, action: str, to: int | None, match: LegalAction, rules):
        r = self.rules
        self.round_started = True
        if action == "fold":
            p.folded = True
            self._emit("action", p.seat, rules, action="fold", text=f"Seat {p.seat} folds")
        elif action == "check":
            self._emit("action", p.seat, rules, action="check", text=f"Seat {p.seat} checks")
        else:
            put = to - p.round_to
            p.stack -= put
            p.total += put
            p.round_to = to
            all_in = p.stack == 0
            if action != "call":
                self._register_raise(p, action, to, all_in)
            self._emit("action", p.seat, rules, action=action, to=to, amount=put, all_in=all_in,
                       text=f"Seat {p.seat} {VERBS[action]} {self.money(to if action != 'call' else put)}"
                       + (" all-in" if all_in else ""))
        p.acted = True
        p.acted_seq = self.reopen_seq
        self._advance(p)

    def _register_raise(self, p: Player, action: str, to: int, all_in: bool):
        r = self.rules
        prev_to = self.current_to
        self.current_to = max(self.current_to, to)
        self.round_aggressor = p
        if action == "bring_in":
            if r.structure == "fixed":
                full = to >= r.small_bet
            else:
                full = to >= self._bounds()[0] or to >= r.bring_in
            if full:
                self.levels, self.full_to, self.last_raise = 1, to, to
                self.reopen_seq += 1
            # B-4 then L-8: a bring-in all-in for less than the force may be called or completed
            self.short_all_in = all_in and to < r.bring_in
            return
        if r.structure == "fixed":
            S = self._street_bet()
            if self._open_pair() and not self.big_in and to - self.full_to >= r.big_bet:
                self.big_in = True
            size = r.big_bet if self.big_in else S
            inc = to - self.full_to
            full = inc >= size if not all_in else (inc * 2 >= size if r.short_allin_reopen == "half" else inc >= size)
            if full:
                self.full_to = to
                self.levels += 1
                self.reopen_seq += 1
            self.short_all_in = not full
        else:
            lo, _ = self._bounds()
            if self.levels == 0:
                full = to >= lo
                inc = to
            else:
                inc = to - prev_to
                full = inc >= self.last_raise
            if full:
                self.last_raise = inc
                self.full_to = to
                self.levels += 1
                self.reopen_seq += 1
            self.short_all_in = not full
        if self.levels >= self._cap() and not self._uncapped():
            self.capped = True

    def _advance(self, actor: Player):
        live = self.live
        if len(live) == 1:
            self._return_uncalled()
            self._win_by_folds(live[0])
            return
        nxt = self._next_clockwise(actor, self._needs_action)
        if nxt is None:
            self._end_round()
            return
        self.to_act = nxt
        self._prepare_decision()

    def _needs_action(self, p: Player) -> bool:
        return p.can_act and (not p.acted or p.round_to < self.current_to)

    def _return_uncalled(self):
        top = max(p.round_to for p in self.players)
        holders = [p for p in self.players if p.round_to == top]
        if len(holders) != 1 or top == 0:
            return
        h = holders[0]
        second = max(p.round_to for p in self.players if p is not h)
        excess = top - second
        h.stack += excess
        h.total -= excess
        h.round_to -= excess
        self.current_to = h.round_to
        self._emit("uncalled_bet_returned", h.seat, ("P-2",), amount=excess,
                   text=f"Uncalled {self.money(excess)} returned to seat {h.seat}")

    def _end_round(self):
        self._return_uncalled()
        self.to_act = None
        self._legal = []
        if self.round_started:
            self.last_round_aggressor = self.round_aggressor
            self.last_round_first = self.round_first
        self._emit("round_over", None, ("A-7",), street=self.street, pot=self.pot_total())
        if self.street == 7:
            self._begin_showdown()
            return
        self.street += 1
        self._begin_deal()

    # --- end of hand ------------------------------------------------------------------------
    def _win_by_folds(self, winner: Player):
        self.phase = "done"
        self.to_act = None
        self._legal = []
        amount = self.pot_total()
        self.pots_awarded = [{"amount": amount, "eligible": [winner.seat], "winners": {winner.seat: amount},
                              "rules": ["W-2"], "hands": {},
                              "text": f"Seat {winner.seat} wins the pot of {self.money(amount)}: everyone else folded"}]
        winner.stack += amount
        self._emit("award", winner.seat, ("W-2",), amount=amount, pot=0,
                   text=f"Seat {winner.seat} wins {self.money(amount)}: everyone else folded; no need to show")
        self._emit("hand_over", None, ("P-3",), showdown=False)

    def _begin_showdown(self):
        self.phase = "showdown"
        # the players of the last betting round (not all-in before it), for W-1 comparisons
        self.last_round_players = [p.seat for p in self.live if p.stack > 0]
        self.to_act = None
        self._legal = []
        self.showdown_order, rules, words = sd.showdown_order(self)
        self._emit("showdown_order", None, rules, order=list(self.showdown_order), text=words)
        self._pending_show = list(self.showdown_order)

    @property
    def pending_show(self) -> list[int]:
        """Seats still to show or muck, in showdown order (W-1)."""
        return list(getattr(self, "_pending_show", []))

    def show(self, seat: int, cards: list[int | None] | None = None) -> list[Event]:
        """A showdown player turns the hand up. ``cards`` may be all seven (or six, with a common
        card) or just the downcards; they must agree with the upcards already seen."""
        start = len(self.events)
        p = self._showdown_player(seat)
        if cards is not None:
            self._learn_downcards(p, list(cards))
        if any(c is None for c in p.down):
            raise EngineError(f"seat {seat} cannot show: downcards not entered", ("W-3",))
        p.shown = True
        self._pending_show.remove(p.seat)
        all_cards = p.down + p.up + ([self.common] if self.common is not None else [])
        self._emit("show", seat, ("W-1", "W-3"), cards=format_cards(all_cards, sep=" "))
        self._maybe_settle()
        return self.events[start:]

    def expose(self, seat: int, cards: list[int | None]) -> list[Event]:
        """W-5: with everyone all-in, hands are turned face up before the last cards come.
        Learns the seat's downcards from the cards shown so far; the show itself comes at the
        showdown."""
        start = len(self.events)
        p = self.player(seat)
        if p.folded:
            raise EngineError(f"seat {seat} has folded and has no hand to turn up", ("D-6",))
        held = p.down + p.up
        shown = [c for c in cards if c is not None]
        if len(shown) != len(held):
            raise EngineError(f"seat {seat} holds {len(held)} cards; {len(shown)} turned up", ("W-5", "D-9"))
        self._learn_downcards(p, list(cards))
        self._emit("expose", seat, ("W-5",), cards=format_cards(p.down + p.up, sep=" "))
        return self.events[start:]

    def muck(self, seat: int) -> list[Event]:
        start = len(self.events)
        p = self._showdown_player(seat)
        others = [q for q in self.live if q is not p and not q.mucked]
        if not others:
            raise EngineError(f"seat {seat} is the last player left and cannot muck", ("W-1",))
        p.mucked = True
        self._pending_show.remove(p.seat)
        self._emit("muck", seat, ("W-1",), text=f"Seat {seat} mucks")
        self._maybe_settle()
        return self.events[start:]

    def _showdown_player(self, seat: int) -> Player:
        if self.phase != "showdown":
            raise EngineError(f"there is no showdown now ({self.phase})", ("W-1",))
        p = self.player(seat)
        if p.seat not in self._pending_show:
            raise EngineError(f"seat {seat} is not waiting to show (waiting: {self._pending_show})", ("W-1",))
        return p

    def _learn_downcards(self, p: Player, cards: list[int | None]):
        """Fill the unseen downcards from a shown hand: all seven (or six with a common card),
        in any order, or just the downcards. Cards already known must be among them."""
        shown = list(cards)
        if len(shown) != len(p.down) or len(shown) in (6, 7) and len(p.down) < 6:
            for c in p.up + ([self.common] if self.common is not None and self.common in shown else []):
                if c is not None and c not in shown:
                    raise EngineError(f"seat {p.seat} shows {format_cards(cards, sep=' ')}, which lacks the "
                                      f"upcard {format_card(c)}", ("D-9",))
                if c is not None:
                    shown.remove(c)
        if len(shown) != len(p.down):
            raise EngineError(f"seat {p.seat} has {len(p.down)} downcards; {len(shown)} given", ("D-9",))
        if len({c for c in shown if c is not None}) != sum(1 for c in shown if c is not None):
            raise EngineError(f"seat {p.seat} shows a card twice", ("D-1",))
        for old in p.down:
            if old is not None and old not in shown:
                raise EngineError(f"seat {p.seat}'s downcard {format_card(old)} is not among the cards shown", ("D-9",))
        fresh = [c for c in shown if c is not None and c not in p.down]
        for c in fresh:
            self._claim(c)
        for i, old in enumerate(p.down):
            if old is None and fresh:
                p.down[i] = fresh.pop(0)
                self.seen[p.down[i]] = f"seat {p.seat}'s downcard"

    def _maybe_settle(self):
        unmucked = [q for q in self.live if not q.mucked]
        if len(unmucked) == 1 and not unmucked[0].shown:
            self._pending_show = []
        if self._pending_show:
            return
        self.pots_awarded = sd.award(self)
        for pot in self.pots_awarded:
            for seat, amount in pot["winners"].items():
                self.by_seat[seat].stack += amount
            self._emit("award", None, tuple(pot["rules"]), amount=pot["amount"], eligible=pot["eligible"],
                       winners=dict(pot["winners"]), hands=pot.get("hands", {}), text=pot["text"])
        self.phase = "done"
        self._emit("hand_over", None, ("P-3",), showdown=True)

    # --- invariants (P-3, D-1, D-9) ----------------------------------------------------------
    def check_invariants(self):
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
