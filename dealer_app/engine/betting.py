"""Who acts and what is legal (B-2…B-6, A-1…A-7, L-2…L-8): the betting part of a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dealer_app.engine.dealing import DealingLayer
from dealer_app.engine.errors import EngineError
from dealer_app.engine.evaluator import board_value, low_rank, razz_board_value
from dealer_app.engine.events import (
    BringInChosen,
    FirstActorReason,
    FirstToAct,
    LegalAction,
    RaisingCase,
    RaisingNote,
    Tiebreak,
)
from dealer_app.engine.says import QT_TRANSLATE_NOOP, says

if TYPE_CHECKING:
    from dealer_app.engine.player import Player

# the two choices without an amount are the same every time; shared, and never changed
FOLD: Final = LegalAction("fold")
CHECK: Final = LegalAction("check")


# the legal choices of an exact amount, shared as FOLD and CHECK are (frozen, so never changed):
# a day's hands meet the same few hundred ("call 1000") at every action; cleared when full
_EXACT: dict[tuple[str, int, bool], LegalAction] = {}


def _exactly(kind: str, to: int, all_in: bool = False) -> LegalAction:
    """The legal choice ``kind`` to exactly ``to``."""
    key = (kind, to, all_in)
    choice = _EXACT.get(key)
    if choice is None:
        if len(_EXACT) >= 4096:
            _EXACT.clear()
        choice = _EXACT[key] = LegalAction(kind, to, None, None, all_in)
    return choice


# each run of rule IDs a decision cites, without repeats: a few dozen runs, met at every action
_UNIQUE_RULES: dict[tuple[str, ...], tuple[str, ...]] = {}


def _unique(rules: list[str]) -> tuple[str, ...]:
    """``rules`` in order, each ID once."""
    cited = tuple(rules)
    unique = _UNIQUE_RULES.get(cited)
    if unique is None:
        unique = _UNIQUE_RULES[cited] = tuple(dict.fromkeys(cited))
    return unique


class BettingLayer(DealingLayer):
    """The betting layer of a hand: the bring-in, the first actor, every legal action with its
    exact amount or range, and how a bet or raise changes the round."""

    def _bring_in(self) -> tuple[Player, BringInChosen]:
        """B-2: the lowest door card brings in (H-1 in Hi-Lo); B-5: past an all-in player."""
        razz = self.rules.game == "razz"
        low, door, unrecorded = None, 0, []
        for p in self.players:
            card = p.up[0] if p.up else None
            if card is None:
                if p.up:
                    unrecorded.append(p.seat)
            elif low is None or (
                # in Razz the *highest* door card brings in, the ace counted low, then by suit
                (low_rank(card), card & 3) > (low_rank(door), door & 3) if razz else card < door
            ):  # (no two door cards are equal)
                low, door = p, card
        if low is None:  # a replay whose file records no door card (at the table D-4 requires them)
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "no door card is recorded, so nobody can be named to bring in"),
                ),
                ("B-2", "D-4"),
            )
        rules = ["R-2"] if razz else ["B-2"] + (["H-1"] if self.rules.game == "stud8" else [])
        chosen = low
        if not low.can_act:
            passed_to = self._next_clockwise(low, lambda p: p.can_act and not p.folded)
            assert passed_to is not None  # betting opens only with two players who can act
            chosen = passed_to
            rules.append("B-5")
        return chosen, BringInChosen(chosen.seat, tuple(rules), door, low.seat, tuple(unrecorded))

    def _first_actor(self) -> tuple[Player, FirstToAct]:
        """A-2: the high board acts first (A-3 on the river too); A-4 breaks a tie; A-5 passes
        an all-in high hand; D-8 with a common card, as the house plays it."""
        street = self.street
        razz = self.rules.game == "razz"
        # in Razz the *lowest* board acts first, valued as R-1 (razz_board_value is higher
        # for a lower board, so the comparison below is the same)
        value_of = razz_board_value if razz else board_value
        rules = ["R-3"] if razz else ["A-2"]
        if street == 7 and not razz:
            rules.append("A-3")
        live = self.live
        if self.common is not None and street == 7 and self.rules.common_card_first_actor == "sixth-street":
            prev = self.street_first.get(6)
            p = self.by_seat.get(prev) if prev is not None else None
            rules = ["D-8"]
            if p is not None and p.can_act:
                return p, FirstToAct(p.seat, street, tuple(rules), "sixth-street")
        with_common = self.common is not None and self.rules.common_card_first_actor == "best-showing"
        if self.common is not None and "D-8" not in rules:
            rules.append("D-8")
        best, tied = -2, []
        boards: dict[int, list[int]] = {}
        for p in live:
            board = [c for c in p.up if c is not None]  # (a replay may lack an upcard)
            if with_common and self.common is not None:
                board.append(self.common)
            boards[p.seat] = board
            v = value_of(board)
            if v > best:
                best, tied = v, [p]
            elif v == best:
                tied.append(p)
        chosen = tied[0]
        tiebreak: Tiebreak = ""
        tiebreak_card = None
        if len(tied) > 1:
            rules.append("A-4")
            if self.rules.first_actor_tiebreak == "suit" and razz:
                # the tied board whose highest card (ace low) is the lowest by suit
                def highest(p: Player) -> int:
                    return max(boards[p.seat], key=lambda c: (low_rank(c), c & 3))

                chosen = min(tied, key=lambda p: highest(p) & 3)
                tiebreak, tiebreak_card = "low-suit", highest(chosen)
            elif self.rules.first_actor_tiebreak == "suit":
                chosen = max(tied, key=lambda p: max(boards[p.seat]))
                tiebreak, tiebreak_card = "suit", max(boards[chosen.seat])
            else:
                tiebreak = "dealers-left"
        if not chosen.can_act:
            high = chosen
            passed_to = self._next_clockwise(high, lambda p: p.can_act)
            assert passed_to is not None  # betting opens only with two players who can act
            chosen = passed_to
            rules.append("A-5")
            reason: FirstActorReason = "low-hand-all-in" if razz else "high-hand-all-in"
            return chosen, FirstToAct(chosen.seat, street, tuple(rules), reason, high_seat=high.seat)
        return chosen, FirstToAct(
            chosen.seat,
            street,
            tuple(rules),
            "low-board" if razz else "high-board",
            best,
            len(boards[chosen.seat]),
            tiebreak,
            tiebreak_card,
        )

    # --- legal actions ----------------------------------------------------------------------
    def _board_has_open_pair(self) -> bool:
        """L-3: an open pair on fourth street that opens the big bet (fixed or split limit, and
        the house plays the double bet)."""
        if self.rules.structure == "spread" or not self.rules.open_pair_double or self.rules.game == "razz":
            return False  # Razz never opens the big bet on fourth street)
        return self._board_shows_open_pair()

    def _board_shows_open_pair(self) -> bool:
        """Some live player's fourth-street board is a pair (whether or not it opens the big bet)."""
        if self.street != 4:
            return False
        for p in self.players:
            if not p.folded and len(p.up) >= 2:
                first, second = p.up[0], p.up[1]
                if first is not None and second is not None and first >> 2 == second >> 2:
                    return True
        return False

    def _bounds(self) -> tuple[int, int]:
        """(minimum, maximum) bet for spread and split limit (L-4, L-5)."""
        r = self.rules
        if r.structure == "spread":
            return r.small_bet, r.big_bet
        if self.street <= 4:
            return r.min_bet, r.big_bet if self.round_open_pair else r.small_bet
        return r.small_bet, r.big_bet

    def _uncapped(self) -> bool:
        """L-7: is raising unlimited now? Heads-up means two players left who can still bet
        (Robert's Rules: the cap applies to pots of three or more players not all-in)."""
        mode = self.rules.heads_up_uncapped
        if mode == "never" or self.capped or (mode == "last-round" and self.street != 7):
            return False
        return sum(1 for p in self.players if p.can_act) <= 2

    def is_capped(self) -> bool:
        """The betting round has reached its cap and no more raising is allowed (L-6, L-7)."""
        return self.phase == "bet" and self.levels >= self.max_levels and not self._uncapped()

    def raising_notes(self) -> list[RaisingNote]:
        """Why raising is or is not open for the seat to act, with the rules: the cap (L-6),
        no cap heads-up (L-7), a short all-in that did or did not reopen (L-8)."""
        p = self.to_act
        notes: list[RaisingNote] = []
        if self.phase != "bet" or p is None:
            return notes
        raises, cap = max(0, self.levels - 1), self.rules.max_raises
        if self.levels >= self.max_levels:
            if self._uncapped():  # L-7
                notes.append(RaisingNote("uncapped-heads-up", p.seat, raises, cap, ("L-7",)))
            else:  # L-6
                notes.append(RaisingNote("capped", p.seat, raises, cap, ("L-6",)))
        if (
            self.street == 4
            and not self.round_open_pair
            and self.levels < self.max_levels
            and self._board_shows_open_pair()
        ):
            # L-3: the dealer sees the pair and expects the big bet; say why it is not offered
            case: RaisingCase = (
                "no-double-bet-spread"
                if self.rules.structure == "spread"
                else "no-double-bet-razz"
                if self.rules.game == "razz"
                else "no-double-bet-hilo"
                if self.rules.game == "stud8"
                else "no-double-bet-house"
            )
            notes.append(
                RaisingNote(case, p.seat, raises, cap, ("L-3", "R-4") if case == "no-double-bet-razz" else ("L-3",))
            )
        if self.short_all_in:  # L-8
            if p.acted and p.acted_seq >= self.reopen_seq:
                notes.append(RaisingNote("short-all-in-closed", p.seat, raises, cap, ("L-8",)))
            elif any(a.action in ("raise", "complete") for a in self._legal):
                notes.append(RaisingNote("short-all-in-open", p.seat, raises, cap, ("L-8",)))
        return notes

    def legal_actions(self) -> list[LegalAction]:
        """Every legal action, with exact amount or range, for the seat to act (L-2…L-8)."""
        if self.phase != "bet" or self.to_act is None:
            return []
        return self._legal

    def _prepare_decision(self) -> None:
        assert self.to_act is not None
        self._legal, self.decision_rules = self._compute_legal(self.to_act)

    def _compute_legal(self, p: Player) -> tuple[list[LegalAction], tuple[str, ...]]:
        """(legal actions, rule IDs) for ``p``: fold, check or call, then what bets or raises
        are open and for how much. The rule IDs are cited in the order the decision meets them."""
        if self.street == 3 and not self.round_started and p.seat == self.bring_in_seat:
            return self._bring_in_choices(p)
        rules: list[str] = []
        out = self._passive_choices(p, rules)
        allin_to = p.round_to + p.stack
        if self._may_bet_or_raise(p, allin_to, rules):
            if self.rules.structure == "fixed":
                out += self._fixed_bets(allin_to, rules)
            else:
                out += self._ranged_bets(allin_to, rules)
            if self.levels + 1 >= self.max_levels and not self._uncapped():
                rules.append("L-6")  # this bet or raise is the last the cap allows
        return out, _unique(rules)

    def _passive_choices(self, p: Player, rules: list[str]) -> list[LegalAction]:
        """Fold and call when there is a bet to call (all-in for less if the stack is short);
        else check — A-6: from fourth street on the first player may check — and fold only
        where the house lets a player fold when checking is free."""
        allin_to = p.round_to + p.stack
        current = self.current_to
        if current > p.round_to:
            call_to = min(current, allin_to)
            return [FOLD, _exactly("call", call_to, call_to == allin_to)]
        if self.street >= 4:
            rules.append("A-6")
        return [FOLD, CHECK] if self.rules.fold_when_check_free else [CHECK]

    def _may_bet_or_raise(self, p: Player, allin_to: int, rules: list[str]) -> bool:
        """Whether a bet or raise is open to ``p`` at all, citing why not (or what shapes it)."""
        if allin_to <= self.current_to:
            if allin_to < self.current_to:
                rules.append("L-8")  # the stack does not even cover the call: all-in for less
            return False
        for q in self._after[p.index]:  # (a loop: met at every action, and a generator costs 5x)
            if q is not p and not q.folded and q.stack:
                break  # someone else could still call a bet or raise
        else:
            rules.append("A-7")  # everyone else is all-in: a bet or raise could never be called
            return False
        if p.acted and p.acted_seq >= self.reopen_seq:
            # L-8: a short all-in does not reopen the betting for a player who has acted; A-7:
            # nobody raised since this player acted, so the round is waiting on a call or fold
            rules.append("L-8" if self.short_all_in else "A-7")
            return False
        if self.levels >= self.max_levels:
            if not self._uncapped():
                rules.append("L-6")  # capped
                return False
            rules.append("L-7")  # heads-up: no cap
        if self.short_all_in:
            rules.append("L-8")  # a short all-in before this player: a full raise is still open
        return True

    def _fixed_bets(self, allin_to: int, rules: list[str]) -> list[LegalAction]:
        """Fixed limit (L-2): the small bet on third and fourth street, the big bet after; L-3:
        with an open pair on fourth street the big bet too; B-6 completing the bring-in."""
        big = self.rules.big_bet
        small = self.rules.small_bet if self.street <= 4 else big
        open_pair = self.round_open_pair
        if open_pair:
            rules.append("L-3")
        rules.append("L-2")
        current = self.current_to
        targets: tuple[int, ...]
        if current == 0:
            kind, targets = "bet", ((small, big) if open_pair else (small,))
        elif self.levels == 0:
            # B-6 on third street: completing the bring-in to the small bet is no raise; L-8
            # later: a short all-in bet is completed to a full one
            kind, targets = "complete", (small,)
            rules.append("B-6" if self.street == 3 else "L-8")
        else:
            kind = "raise"
            if open_pair and not self.big_in:  # L-3: a raise by the small or the big bet
                targets = (self.full_to + small, self.full_to + big)
            else:
                targets = (self.full_to + (big if self.big_in else small),)
        out = []
        for t in targets:  # ascending: once one reaches the stack, the all-in ends the list
            if t < allin_to:
                out.append(_exactly(kind, t))
            else:
                out.append(_exactly(kind, allin_to, True))
                break
        return out

    def _ranged_bets(self, allin_to: int, rules: list[str]) -> list[LegalAction]:
        """Spread limit (L-4) or split limit (L-5): any amount between the least and the most
        the street allows; a raise at least the last raise (L-4)."""
        lo, hi = self._bounds()
        rules.append("L-5" if self.rules.structure == "split" else "L-4")
        current = self.current_to
        if current == 0 or self.levels == 0:
            kind = "bet" if current == 0 else "complete"
            least, most = lo, hi
        else:
            kind = "raise"
            least, most = current + self.last_raise, current + hi
        if least > most:
            return []  # no raise fits between the minimum raise and the maximum
        if allin_to < least:
            return [LegalAction(kind, to=allin_to, all_in=True)]
        top = min(most, allin_to)
        if top == least:
            return [LegalAction(kind, to=least, all_in=top == allin_to)]
        return [LegalAction(kind, min_to=least, max_to=top, all_in=top == allin_to)]

    def _bring_in_choices(self, p: Player) -> tuple[list[LegalAction], tuple[str, ...]]:
        """The bring-in player's first choice: bring in or complete (B-3, B-4, L-4, L-5)."""
        r = self.rules
        allin_to = p.round_to + p.stack
        out: list[LegalAction] = []
        rules = ["B-3"]
        if r.structure == "fixed":
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

    def _register_raise(self, p: Player, action: str, to: int, all_in: bool) -> None:
        r = self.rules
        prev_to = self.current_to
        self.current_to = max(self.current_to, to)
        self.round_aggressor = p
        if action == "bring_in":
            full = to >= r.small_bet if r.structure == "fixed" else to >= self._bounds()[0] or to >= r.bring_in
            if full:
                self.levels, self.full_to, self.last_raise = 1, to, to
                self.reopen_seq += 1
            # B-4 then L-8: a bring-in all-in for less than the force may be called or completed
            self.short_all_in = all_in and to < r.bring_in
            return
        if r.structure == "fixed":
            big = r.big_bet
            small = r.small_bet if self.street <= 4 else big
            if self.round_open_pair and not self.big_in and to - self.full_to >= big:
                self.big_in = True
            size = big if self.big_in else small
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
        if self.levels >= self.max_levels and not self._uncapped():
            self.capped = True
