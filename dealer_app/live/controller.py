"""The live table's controller: the dealer's inputs in, a snapshot of the table out.

Qt-free (the widgets observe it through ``listeners``). Every input is written to the store
before listeners hear of it; undo and redo rebuild the hand from its inputs, so the engine
stays the only place where rules live.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_app.engine.cards import CardError, format_card, parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import load_profile, load_table
from dealer_app.engine.money import format_money
from dealer_app.engine.session import TableSession
from dealer_app.engine.showdown import pots_in_play


class InputError(ValueError):
    """Bad input from the dealer: shown inline, nothing changes."""

    def __init__(self, message: str, rules=()):
        super().__init__(message)
        self.message, self.rules = message, tuple(rules)


@dataclass
class Prompt:
    kind: str  # setup, card, common, river, action, show, award, between
    seat: int | None = None
    text: str = ""
    rules: tuple[str, ...] = ()


@dataclass
class ActionChoice:
    """A legal action (``LegalAction``'s fields) as the dealer's button shows it. Not a
    subclass: the engine's classes may be compiled, and compiled classes are final."""

    action: str
    to: int | None = None
    min_to: int | None = None
    max_to: int | None = None
    all_in: bool = False
    label: str = ""
    key: str = ""


@dataclass
class SeatView:
    seat: int
    name: str
    stack: int
    round_to: int = 0
    up: list = field(default_factory=list)
    down_count: int = 0
    folded: bool = False
    all_in: bool = False
    to_act: bool = False
    in_hand: bool = False
    sitting_out: bool = False
    shown: list = field(default_factory=list)


KEYS = {"fold": "F", "check": "K", "call": "C", "bring_in": "B", "complete": "O", "bet": "E", "raise": "R"}


class TableController:
    def __init__(self, store=None, limits_dir=None):
        self.store = store
        self.limits_dir = limits_dir
        self.listeners: list = []
        self.session: TableSession | None = None
        self.session_id: int | None = None
        self.hand: Hand | None = None
        self.hand_no = 0
        self.inputs: list[list] = []
        self.redo_stack: list[list] = []
        self.rulings: list[tuple[str, tuple[str, ...]]] = []
        self.undo_count = 0

    # --- plumbing -----------------------------------------------------------------------------
    def _notify(self, change: str):
        for listener in list(self.listeners):
            listener(change)

    def _log(self, rows):
        if self.store is not None and self.session_id is not None:
            self.store.append(self.session_id, self.hand_no, rows)

    def money(self, cents: int) -> str:
        currency = self.session.table.currency if self.session else "USD"
        return format_money(cents, currency)

    # --- table ----------------------------------------------------------------------------------
    def open_table(self, table: str, profile: str | None, players: list[tuple[int, str, int]]):
        """Seat players (seat, name, buy-in in cents). Refuses the whole table on a bad seat."""
        try:
            t = load_table(table, self.limits_dir)
            p = load_profile(profile or t.profile, self.limits_dir)
        except Exception as exc:  # LimitsError with file:line: field: problem
            raise InputError(str(exc)) from None
        session = TableSession(t, p)
        for seat, name, buy_in in players:
            try:
                session.sit(seat, name, buy_in)
            except EngineError as exc:
                raise InputError(f"{name or 'seat %d' % seat}: {exc.message}", exc.rules) from None
        if len(session.seats) < 2:
            raise InputError("seat at least two players", ("T-1",))
        self.session, self.hand, self.hand_no = session, None, 0
        self.rulings = []
        if self.store is not None:
            self.session_id = self.store.open_session(t.name, p.name)
        self._log([("open_table", {"table": t.name, "profile": p.name})] +
                  [("sit", {"seat": s, "name": session.seats[s].name, "buy_in": session.seats[s].stack})
                   for s in sorted(session.seats)])
        self._notify("table")

    def _between_hands(self):
        if self.session is None:
            raise InputError("open a table first")
        if self.hand is not None and self.hand.phase != "done":
            raise InputError("finish the hand first: seats change only between hands", ("T-4",))

    def seat_player(self, seat: int, name: str, buy_in: int):
        self._between_hands()
        self._guard(lambda: self.session.sit(seat, name, buy_in))
        self._log([("sit", {"seat": seat, "name": self.session.seats[seat].name, "buy_in": buy_in})])
        self._notify("seats")

    def top_up(self, seat: int, amount: int):
        self._between_hands()
        self._guard(lambda: self.session.top_up(seat, amount))
        self._log([("top_up", {"seat": seat, "amount": amount})])
        self._notify("seats")

    def set_sitting_out(self, seat: int, out: bool):
        self._between_hands()
        if seat not in self.session.seats:
            raise InputError(f"nobody sits in seat {seat}")
        self.session.seats[seat].sitting_out = out
        self._log([("sit_out" if out else "sit_in", {"seat": seat})])
        self._notify("seats")

    def leave(self, seat: int):
        self._between_hands()
        self._guard(lambda: self.session.leave(seat))
        self._log([("leave", {"seat": seat})])
        self._notify("seats")

    @staticmethod
    def _guard(fn):
        try:
            return fn()
        except EngineError as exc:
            raise InputError(exc.message, exc.rules) from None

    # --- the hand ------------------------------------------------------------------------------
    def start_hand(self):
        self._between_hands()
        if self.hand is not None and self.hand.phase == "done":
            self.finish_hand()
        hand = self._guard(self.session.new_hand)
        self.hand_no += 1
        self.inputs, self.redo_stack, self.rulings = [], [], []
        self.hand = hand
        self._log([("hand_start", {"hand": self.hand_no,
                                   "seats": [[p.seat, p.name, p.start] for p in hand.players]})]
                  + self._event_rows(0))
        self._collect_rulings(0)
        self._notify("hand")

    def finish_hand(self):
        """The dealer confirmed the awards: stacks carry to the next hand."""
        if self.hand is None or self.hand.phase != "done":
            raise InputError("the hand has not ended")
        self.session.finish_hand()
        self._log([("hand_end", {"pots": [{"amount": p["amount"], "eligible": p["eligible"],
                                           "winners": {str(k): v for k, v in p["winners"].items()}}
                                          for p in self.hand.pots_awarded],
                                 "net": {str(k): v for k, v in self.hand.net().items()}})])
        self.hand = None
        self._notify("seats")

    def _new_engine_hand(self) -> Hand:
        seats = [SeatSpec(p.seat, p.name, p.start) for p in self.hand.players]
        return Hand(self.session.rules, seats)

    def _apply(self, hand: Hand, inp: list):
        kind = inp[0]
        if kind == "deal":
            hand.deal(inp[1], [None if c is None else parse_card(c) for c in inp[2]])
        elif kind == "river":
            while hand.phase == "deal" and hand.expected_deal():
                seat, _ = hand.expected_deal()
                hand.deal(seat, [None])
        elif kind == "common":
            hand.deal_common(parse_card(inp[1]))
        elif kind == "act":
            hand.act(inp[1], inp[2], inp[3])
        elif kind == "show":
            hand.show(inp[1], parse_cards(inp[2]) if inp[2] else None)
        elif kind == "muck":
            hand.muck(inp[1])
        else:
            raise ValueError(f"unknown input {kind!r}")

    def _event_rows(self, start: int) -> list:
        return [("event", e.as_dict()) for e in self.hand.events[start:]]

    def _collect_rulings(self, start: int):
        for e in self.hand.events[start:]:
            if e.text and e.rules:
                self.rulings.append((e.text, e.rules))

    def _input(self, inp: list, redo: bool = False):
        """Apply one dealer input: to the engine, then the record, then the screen."""
        if self.hand is None:
            raise InputError("start a hand first")
        start = len(self.hand.events)
        try:
            self._apply(self.hand, inp)
        except (EngineError, CardError) as exc:
            raise InputError(getattr(exc, "message", str(exc)), getattr(exc, "rules", ())) from None
        self.inputs.append(inp)
        if not redo:
            self.redo_stack.clear()
        self._log([("redo" if redo else "input", {"input": inp})] + self._event_rows(start))
        self._collect_rulings(start)
        self._notify("hand")

    # inputs the dealer makes
    def enter_card(self, text: str):
        """The next card in dealing order: a door card, an upcard or the common card (D-2)."""
        prompt = self.prompt()
        text = text.strip()
        try:
            card = parse_card(text)
        except CardError as exc:
            raise InputError(str(exc), ("D-1",)) from None
        if card is None:
            raise InputError("an upcard is always seen: enter its rank and suit", ("D-4",))
        if prompt.kind == "card":
            self._input(["deal", prompt.seat, [format_card(card)]])
        elif prompt.kind == "common":
            self._input(["common", format_card(card)])
        else:
            raise InputError(f"no card is due now ({prompt.text})")

    def deal_river(self):
        if self.prompt().kind != "river":
            raise InputError("the river is not due now")
        self._input(["river"])

    def act(self, action: str, to: int | None = None):
        p = self.prompt()
        if p.kind != "action":
            raise InputError(f"no action is due now ({p.text})")
        self._input(["act", p.seat, action, to])

    def show(self, seat: int, cards: str | None = None):
        if cards:
            try:
                parse_cards(cards)
            except CardError as exc:
                raise InputError(str(exc), ("D-1",)) from None
        self._input(["show", seat, cards])

    def muck(self, seat: int):
        self._input(["muck", seat])

    def undo(self) -> bool:
        """Undo the last input of this hand (rebuilt from the remaining inputs)."""
        if self.hand is None or not self.inputs:
            return False
        last = self.inputs.pop()
        self.redo_stack.append(last)
        self._rebuild()
        self.undo_count += 1
        self._log([("undo", {"input": last})])
        self._notify("hand")
        return True

    def redo(self) -> bool:
        if self.hand is None or not self.redo_stack:
            return False
        self._input(self.redo_stack.pop(), redo=True)
        return True

    def _rebuild(self):
        hand = self._new_engine_hand()
        for inp in self.inputs:
            self._apply(hand, inp)
        self.hand = hand
        self.rulings = []
        self._collect_rulings(0)

    # --- resume after a crash -----------------------------------------------------------------
    def resumable(self) -> list[tuple[int, str, str, str]]:
        return self.store.open_sessions() if self.store is not None else []

    def resume(self, session_id: int):
        """Rebuild the table exactly as the record left it."""
        for _hand_no, _hand in self._replay_log(session_id):
            pass
        self.rulings = []
        if self.hand is not None:
            self._collect_rulings(0)
        self._log([("resume", {"session": session_id})])
        self._notify("table")

    def logged_hands(self, session_id: int):
        """Every hand of a recorded session, rebuilt by the engine: (hand number, Hand)."""
        yield from self._replay_log(session_id)

    def _replay_log(self, session_id: int):
        """Apply a session's record; yield each hand when it ends (and an unfinished last one)."""
        log = self.store.session_log(session_id)
        if not log or log[0][1] != "open_table":
            raise InputError(f"session {session_id} has no table in the record")
        first = log[0][2]
        t = load_table(first["table"], self.limits_dir)
        p = load_profile(first["profile"], self.limits_dir)
        self.session, self.session_id, self.hand = TableSession(t, p), session_id, None
        self.inputs, self.redo_stack, self.hand_no = [], [], 0
        for hand_no, kind, payload, _at in log[1:]:
            if kind == "sit":
                self.session.sit(payload["seat"], payload["name"], payload["buy_in"])
            elif kind == "top_up":
                self.session.top_up(payload["seat"], payload["amount"])
            elif kind == "leave":
                self.session.leave(payload["seat"])
            elif kind in ("sit_out", "sit_in"):
                self.session.seats[payload["seat"]].sitting_out = kind == "sit_out"
            elif kind == "hand_start":
                self.hand_no = hand_no
                self.hand = self.session.new_hand()
                self.inputs, self.redo_stack = [], []
            elif kind in ("input", "redo"):
                self._apply(self.hand, payload["input"])
                self.inputs.append(payload["input"])
                if kind == "input":
                    self.redo_stack.clear()
                else:
                    self.redo_stack.pop()
            elif kind == "undo":
                self.redo_stack.append(self.inputs.pop())
                self._rebuild()
            elif kind == "hand_end":
                yield self.hand_no, self.hand
                self.session.finish_hand()
                self.hand = None
        if self.hand is not None:
            yield self.hand_no, self.hand

    # --- what the screen shows --------------------------------------------------------------------
    def prompt(self) -> Prompt:
        if self.session is None:
            return Prompt("setup", text="Open a table")
        h = self.hand
        if h is None:
            return Prompt("between", text="Start the next hand")
        if h.phase == "deal":
            if h.plan.common_card:
                return Prompt("common", text=f"{h.plan.words}. Enter the common card", rules=h.plan.rules)
            # a shortage procedure (burns pooled, no burn) must be done before the first card
            short = not h.plan.normal and len(h.deal_queue) == h.plan.live
            if h.street == 7:
                if short:
                    return Prompt("river", text=f"{h.plan.words}. Then press Enter", rules=h.plan.rules)
                return Prompt("river", text="Deal the river: one card down to each player", rules=("D-4",))
            seat, _ = h.expected_deal()
            what = "door card" if h.street == 3 else "upcard"
            text = f"Seat {seat} ({h.by_seat[seat].name}): {what}"
            if short:
                return Prompt("card", seat, f"{h.plan.words}. {text}", h.plan.rules + ("D-2",))
            return Prompt("card", seat, text, ("D-2",))
        if h.phase == "bet":
            ev = next((e for e in reversed(h.events) if e.kind in ("bring_in_seat", "first_to_act")), None)
            text = f"Seat {h.to_act.seat} ({h.to_act.name}) to act"
            rules = tuple(h.decision_rules)
            if ev is not None and ev.data.get("street", h.street) == h.street and not h.round_started:
                bring = next((e for e in reversed(h.events) if e.kind == "bring_in_seat"), None)
                if h.street == 3 and bring is not None:
                    text, rules = bring.text, bring.rules
                else:
                    text, rules = ev.text, ev.rules
            return Prompt("action", h.to_act.seat, text, rules)
        if h.phase == "showdown":
            seat = h.pending_show[0]
            first = h.showdown_order[0]
            text = (f"Seat {seat} shows first" if seat == first else f"Seat {seat}: show or muck")
            return Prompt("show", seat, text, ("W-1",))
        return Prompt("award", text="Push the pots and confirm", rules=("P-1", "W-3"))

    def choices(self) -> list[ActionChoice]:
        if self.hand is None or self.hand.phase != "bet":
            return []
        out = []
        p = self.hand.to_act
        for a in self.hand.legal_actions():
            c = ActionChoice(a.action, a.to, a.min_to, a.max_to, a.all_in, key=KEYS[a.action])
            name = {"fold": "Fold", "check": "Check", "call": "Call", "bring_in": "Bring in",
                    "complete": "Complete to", "bet": "Bet", "raise": "Raise to"}[a.action]
            if a.action in ("fold", "check"):
                c.label = name
            elif a.min_to is not None:
                c.label = f"{name} {self.money(a.min_to)}-{self.money(a.max_to)}"
            elif a.all_in and a.action == "call":
                c.label = f"Call all-in {self.money(a.to - p.round_to)}"
            elif a.all_in:
                c.label = f"All-in {self.money(a.to)}"
            elif a.action == "call":
                c.label = f"Call {self.money(a.to - p.round_to)}"
            else:
                c.label = f"{name} {self.money(a.to)}"
            out.append(c)
        # two choices of one kind (fourth-street open pair): keys E / Shift+E style by position
        seen = {}
        for c in out:
            seen[c.key] = seen.get(c.key, 0) + 1
            if seen[c.key] == 2:
                c.key = {"E": "G", "R": "T"}.get(c.key, c.key)
        return out

    def seats(self) -> list[SeatView]:
        if self.session is None:
            return []
        views = []
        h = self.hand
        for seat, sp in sorted(self.session.seats.items()):
            v = SeatView(seat, sp.name, sp.stack, sitting_out=sp.sitting_out)
            if h is not None and seat in h.by_seat:
                p = h.by_seat[seat]
                v.stack, v.round_to, v.in_hand = p.stack, p.round_to, True
                v.up = [format_card(c) for c in p.up]
                v.down_count = len(p.down)
                v.folded, v.all_in = p.folded, p.all_in and not p.folded
                v.to_act = h.phase == "bet" and h.to_act is p
                if p.shown:
                    v.shown = [format_card(c) for c in p.down]
            views.append(v)
        return views

    def pots(self) -> list[tuple[int, list[int]]]:
        """Main and side pots as they stand (P-1)."""
        h = self.hand
        if h is None:
            return []
        if h.phase == "done":
            return [(p["amount"], p["eligible"]) for p in h.pots_awarded]
        return [(amount, [p.seat for p in eligible]) for amount, eligible in pots_in_play(h.players)]

    def status(self) -> dict:
        h = self.hand
        if h is None:
            return {}
        return {"street": h.street, "raises": max(0, h.levels - 1), "cap_raises": h.rules.max_raises,
                "capped": h.is_capped(),
                "stub": h.stub, "burns": h.burns, "common": format_card(h.common) if h.common is not None else None,
                "pot": h.pot_total() if h.phase != "done" else 0,
                "warning": self.warning()}

    def warning(self) -> str:
        h = self.hand
        if h is None:
            return ""
        ev = next((e for e in reversed(h.events) if e.kind in ("shortage_warning", "deal_plan")), None)
        if ev is not None and ev.kind == "shortage_warning" and ev.data["street"] == h.street + 1:
            return ev.text + " — D-7"
        return ""

    def awards(self) -> list[dict]:
        """Each pot with the amounts to push, and every shown hand's best five and name."""
        if self.hand is None or self.hand.phase != "done":
            return []
        return self.hand.pots_awarded

    def seen_cards(self) -> set[str]:
        if self.hand is None:
            return set()
        return {format_card(c) for c in self.hand.seen}
