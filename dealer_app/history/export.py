"""Write any hand the engine holds as PHH or as a PokerStars-style text history.

Both are built from the engine's events only, so a hand dealt at the live table and a hand
imported from a server export the same way.
"""

from __future__ import annotations

import functools
import json
import zlib
from dataclasses import fields as dc_fields
from typing import TYPE_CHECKING

from dealer_app.engine.cards import format_card, format_cards
from dealer_app.engine.events import (
    ActionTaken,
    AntePosted,
    CardsDealt,
    CommonCardDealt,
    DealPlanned,
    HandExposed,
    HandMucked,
    HandShown,
    ShowdownOrdered,
    UncalledBetReturned,
)
from dealer_app.engine.limits import OPTION_VALUES, BettingRules, LimitsError, load_profile
from dealer_app.engine.money import format_money
from dealer_app.history.phh import GAME_VARIANTS, _quote, write_phh
from dealer_app.history.phh import actions as phh_actions
from dealer_app.history.units import from_units

if TYPE_CHECKING:
    from pathlib import Path

    from dealer_app.engine.hand import Hand


def _option_overrides(rules: BettingRules, limits_dir: Path | None = None) -> dict:
    """The house options that differ from the rules' profile (so a replay can restore them),
    the profile read from ``limits_dir`` (``--limits``; None: ``settings.limits_dir``)."""
    return dict(_overrides_of(rules, limits_dir))


@functools.lru_cache(maxsize=64)
def _overrides_of(rules: BettingRules, limits_dir: Path | None) -> tuple:
    """``_option_overrides``, worked out once per set of rules and folder of profiles (an
    export of 10,000 hands at one table asks 10,000 times); the rules are frozen, so they can
    be the key."""
    return tuple(_work_out_overrides(rules, limits_dir).items())


def _work_out_overrides(rules: BettingRules, limits_dir: Path | None) -> dict:
    try:
        profile = load_profile(rules.profile, limits_dir)
    except (LimitsError, OSError):  # a profile the folder lacks or cannot give: write every option
        return {k: getattr(rules, k) for k in OPTION_VALUES if hasattr(rules, k)}
    names = {f.name for f in dc_fields(rules)}
    out = {}
    for key in OPTION_VALUES:
        if key not in names or key == "top_up_to_buy_in":
            continue
        default = (
            profile.option(key, rules.game)
            if key in profile.options
            else BettingRules.__dataclass_fields__[key].default
        )
        if getattr(rules, key) != default:
            out[key] = getattr(rules, key)
    return out


def _file_units(currency: str):
    """Engine units → the amounts a PHH file writes: as they are, or, for a hand replayed from
    a file with decimals (currency ``units/N``), divided back (0.5, not 50)."""
    if not currency.startswith("units/"):
        return lambda x: x
    places = int(currency[6:])
    return lambda x: from_units(x, places)


def hand_to_phh_fields(
    hand: Hand, names: list[str] | None = None, extra: dict | None = None, limits_dir: Path | None = None
) -> dict:
    """A hand's PHH fields; its house options written as they differ from its profile's, read
    from ``limits_dir`` (``--limits``; None: ``settings.limits_dir``)."""
    r = hand.rules
    u = _file_units(r.currency)
    seats = [p.seat for p in hand.players]
    number = {seat: i + 1 for i, seat in enumerate(seats)}
    actions = []
    fixed_bring_in = r.bring_in if r.structure == "fixed" else None
    for ev in hand.events:  # a PHH action line for each deal, betting action, show and muck
        # (by the event's exact class: event classes are final, and a hand has ~100 events,
        # most of them none of these; a type test is cheaper than isinstance's call)
        if type(ev) is CardsDealt:
            actions.append(phh_actions.deal_hole(number[ev.seat], format_cards(ev.cards)))
        elif type(ev) is ActionTaken:
            who, a = number[ev.seat], ev.action
            if a == "fold":
                actions.append(phh_actions.fold(who))
            elif a == "check" or a == "call":
                actions.append(phh_actions.check_or_call(who))
            elif a == "bring_in" and fixed_bring_in is not None and ev.to is not None and ev.to <= fixed_bring_in:
                actions.append(phh_actions.bring_in(who))  # the forced amount: PHH's "post bring-in"
            else:
                actions.append(phh_actions.complete_bet_or_raise(who, u(ev.to)))
        elif type(ev) is CommonCardDealt:
            actions.append(phh_actions.deal_board(format_card(ev.card)))
        elif type(ev) is HandShown or type(ev) is HandExposed:  # (W-5: turned up before the last cards)
            actions.append(phh_actions.show(number[ev.seat], format_cards(ev.cards)))
        elif type(ev) is HandMucked:
            actions.append(phh_actions.muck(number[ev.seat]))
    out = {
        "variant": GAME_VARIANTS[r.game],
        "ante_trimming_status": True,
        "antes": [u(r.ante)] * len(seats),
        "bring_in": u(r.bring_in),
        "small_bet": u(r.small_bet),
        "big_bet": u(r.big_bet),
        "starting_stacks": [u(p.start) for p in hand.players],
        "actions": actions,
        "players": names or [p.name for p in hand.players],
        "seats": seats,
        "finishing_stacks": [u(p.stack) for p in hand.players] if hand.phase == "done" else None,
        "_profile": r.profile,
        "_table": r.table,
    }
    if r.currency and not r.currency.startswith("units/"):
        out["currency"] = r.currency
    options = _option_overrides(r, limits_dir)
    if options:
        out["_options"] = options
    out.update(extra or {})
    return out


def hand_to_phh(
    hand: Hand, names: list[str] | None = None, extra: dict | None = None, limits_dir: Path | None = None
) -> str:
    fields = hand_to_phh_fields(hand, names, extra, limits_dir)
    options = fields.pop("_options", None)
    text = write_phh(fields)
    if options:  # a TOML inline table
        inner = ", ".join(f"{k} = {_toml(v)}" for k, v in options.items())
        text += f"_options = {{ {inner} }}\n"
    return text


def _toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return _quote(str(v))


def printable(name: str) -> str:
    """A name as one line of a text history: a control character is written as an escape
    (``\\x0a``), so no name can start a forged line (``Seat 9: Mallory ($999 in chips)``)."""
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name)


# The line of our text export that names the rules it was played under, so ``replay`` reads
# it under them and not under PokerStars' (whose heading the text borrows for other tools).
RULES_LINE = "Dealer App rules: "
# the game as PokerStars' heading names it (M-3: every export names the game it was dealt as)
STARS_GAME_NAMES = {"stud": "7 Card Stud Limit", "stud8": "7 Card Stud Hi/Lo Limit", "razz": "Razz Limit"}


def _text_action(ev: ActionTaken, who: str, round_to: dict[int, int], m) -> str:
    """A betting action as PokerStars writes it ("raises $10 to $20")."""
    a, to = ev.action, ev.to
    tail = " and is all-in" if ev.all_in else ""
    if a == "fold":
        return f"{who}: folds"
    if a == "check":
        return f"{who}: checks"
    assert to is not None and ev.amount is not None  # every other action has its amounts
    if a == "call":
        return f"{who}: calls {m(ev.amount)}{tail}"
    if a == "bring_in":
        return f"{who}: brings in for {m(to)}{tail}"
    top = max(round_to.values(), default=0)
    if a == "bet" or (a == "complete" and top == 0):
        return f"{who}: bets {m(to)}{tail}"
    return f"{who}: raises {m(to - top)} to {m(to)}{tail}"


def rules_line(hand: Hand, hand_id: str, limits_dir: Path | None = None) -> str:
    r = hand.rules
    options = _option_overrides(r, limits_dir)
    rules = {"profile": r.profile, "table": r.table or None, "options": options, "hand": hand_id}
    return RULES_LINE + json.dumps(rules, sort_keys=True)


STREET_TITLES = {
    3: "*** 3rd STREET ***",
    4: "*** 4th STREET ***",
    5: "*** 5th STREET ***",
    6: "*** 6th STREET ***",
    7: "*** RIVER ***",
}


def hand_to_text(
    hand: Hand,
    hand_id: str = "1",
    table_name: str = "Dealer App",
    names: list[str] | None = None,
    limits_dir: Path | None = None,
) -> str:
    """A PokerStars-style history a person (or PokerStars-reading tools) can read; its rules
    line's options as they differ from the profile in ``limits_dir`` (None: the default)."""
    r = hand.rules
    cur = r.currency if r.currency in ("USD", "EUR") else ""
    m = (lambda c: format_money(c, r.currency)) if cur or r.currency.startswith("units/") else str
    name = {p.seat: printable(names[i] if names else p.name) for i, p in enumerate(hand.players)}
    game = STARS_GAME_NAMES[r.game]
    stakes = f"{m(r.small_bet)}/{m(r.big_bet)}" + (f" {cur}" if cur else "")
    # PokerStars' heading wants a number; another site's id (OnGame's "R5-8208-607") is
    # written as a number derived from it, and kept whole in the rules line
    number = hand_id if hand_id.isdigit() else str(zlib.crc32(hand_id.encode("utf-8")))
    out = [
        f"PokerStars Hand #{number}:  {game} ({stakes}) - exported by dealer-app",
        f"Table '{printable(table_name)}' {r.max_players}-max",
    ]
    for p in hand.players:
        out.append(f"Seat {p.seat}: {name[p.seat]} ({m(p.start)} in chips)")
    round_to: dict[int, int] = {}
    dealt: dict[int, list] = {}
    for ev in hand.events:
        if isinstance(ev, AntePosted):
            out.append(f"{name[ev.seat]}: posts the ante {m(ev.amount)}" + (" and is all-in" if ev.all_in else ""))
        elif isinstance(ev, DealPlanned):
            round_to = {}
            out.append(STREET_TITLES[ev.street])
        elif isinstance(ev, CommonCardDealt):
            out[-1] = f"*** RIVER *** [{format_card(ev.card)}]"
        elif isinstance(ev, CardsDealt):
            cards = [format_card(c) for c in ev.cards]
            before = dealt.setdefault(ev.seat, [])
            if ev.street == 3:
                seen = cards if "??" not in cards[:2] else cards[2:]
                out.append(f"Dealt to {name[ev.seat]} [{' '.join(seen)}]")
            elif cards[0] != "??" or ev.street < 7:  # an upcard nobody saw is written [??]
                shown = [c for c in before if c != "??"]
                out.append(f"Dealt to {name[ev.seat]} [{' '.join(shown)}] [{cards[0]}]")
            before.extend(cards)
        elif isinstance(ev, ActionTaken):
            out.append(_text_action(ev, name[ev.seat], round_to, m))
            if ev.to is not None:
                round_to[ev.seat] = ev.to
        elif isinstance(ev, UncalledBetReturned):
            out.append(f"Uncalled bet ({m(ev.amount)}) returned to {name[ev.seat]}")
        elif isinstance(ev, ShowdownOrdered):
            out.append("*** SHOW DOWN ***")
        elif isinstance(ev, HandExposed):  # W-5: an all-in hand turned up before the last cards
            line = f"{name[ev.seat]}: shows [{format_cards(ev.cards, sep=' ')}]"
            # (written where the betting ended, before the next street's heading, as servers do:
            # a reader takes the street's cards after its heading)
            if out[-1] in STREET_TITLES.values():
                out.insert(len(out) - 1, line)
            else:
                out.append(line)
            dealt[ev.seat] = [format_card(c) if c is not None else "??" for c in ev.cards]  # (now all known)
        elif isinstance(ev, HandShown):
            out.append(f"{name[ev.seat]}: shows [{format_cards(ev.cards, sep=' ')}]")
        elif isinstance(ev, HandMucked):
            out.append(f"{name[ev.seat]}: mucks hand")
    total = 0
    for pot in hand.pots_awarded:
        total += pot["amount"]
        for seat, amount in pot["winners"].items():
            out.append(f"{name[seat]} collected {m(amount)} from pot")
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {m(total)} | Rake {m(0)}")
    out.append(rules_line(hand, hand_id, limits_dir))
    return "\n".join(out) + "\n"
