"""The engine's sentences in the reader's language, and the UI's own words for cards, money and ranks.

Every sentence the engine says (an event, a deal plan, a raising note, a prompt, a refusal) is
a ``Says`` (engine/says.py): its template, marked there for pyside6-lupdate, and its typed
values. ``said`` translates the template in its context and fills the same values in the
reader's words, so each sentence is written once: with no translator installed ``say(x)`` is
exactly the engine's English (``x.text``; tests/ui/test_words.py proves it over thousands of
events), and with the German one every word is German — hand names, card ranks and pot names
included.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dealer_app.engine.cards import SUIT_SYMBOLS, CardArg, parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.evaluator import board_says, high_says, low_says
from dealer_app.engine.events import move_says
from dealer_app.engine.money import CURRENCY_SYMBOLS, format_money, to_cents
from dealer_app.engine.says import ActionArg, ListArg, MoneyArg, PhaseArg, RankArg, RefusalArg, Says
from dealer_app.engine.says import fill as fill_in
from dealer_app.floor.cases import CATEGORY_WORDS, STATUS_WORDS
from dealer_app.live.game_outlook import game_name, rotation_says
from dealer_app.live.presentation import show_money_with
from dealer_app.record.floor_signing import shown_floor_name
from dealer_app.record.inputs import Act, Common, Deal, Irregularity, Muck, River, Show, input_from_json
from dealer_app.record.rows import (
    FloorRefusedRow,
    HandEndRow,
    HandStartRow,
    IrregularityRow,
    RedoRow,
    ResumeRow,
    RulingRow,
    UndoRow,
)
from dealer_app.training.spot import REMEDY

if TYPE_CHECKING:
    from dealer_app.engine.deck import DealPlan

translate = QCoreApplication.translate


def fill(template: str, *args: object) -> str:
    """Qt's %1, %2 … filled in, in one pass (a value holding "%1" is left as it is)."""
    return fill_in(template, *(str(a) for a in args))


# --- ranks, cards and hands ---------------------------------------------------------------------
def rank_letters() -> list[str]:
    """The rank as a card shows it (the German deck: B Bube, D Dame, K König)."""
    return [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        translate("Words", "T"),
        translate("Words", "J"),
        translate("Words", "Q"),
        translate("Words", "K"),
        translate("Words", "A"),
    ]


def rank_names() -> list[str]:
    return [
        translate("Words", "two"),
        translate("Words", "three"),
        translate("Words", "four"),
        translate("Words", "five"),
        translate("Words", "six"),
        translate("Words", "seven"),
        translate("Words", "eight"),
        translate("Words", "nine"),
        translate("Words", "ten"),
        translate("Words", "jack"),
        translate("Words", "queen"),
        translate("Words", "king"),
        translate("Words", "ace"),
    ]


def rank_plurals() -> list[str]:
    return [
        translate("Words", "twos"),
        translate("Words", "threes"),
        translate("Words", "fours"),
        translate("Words", "fives"),
        translate("Words", "sixes"),
        translate("Words", "sevens"),
        translate("Words", "eights"),
        translate("Words", "nines"),
        translate("Words", "tens"),
        translate("Words", "jacks"),
        translate("Words", "queens"),
        translate("Words", "kings"),
        translate("Words", "aces"),
    ]


def rank_aliases() -> dict[str, str]:
    """The rank letters a dealer of this language types, beside the English ones: German
    B (Bube), D (Dame), K (König), A (Ass) and Z (Zehn)."""
    english = "JQKAT"
    typed = translate("Words", "JQKAT", "the letters typed for jack, queen, king, ace and ten, in this order").upper()
    if len(typed) != len(english):  # not one letter per rank: no aliases rather than wrong ones
        return {}
    return {t: e for t, e in zip(typed, english, strict=True) if t != e and t not in "23456789"}


def language() -> str:
    """The language of the words in use ("en" when no translation is installed)."""
    return translate("Words", "en", "the ISO code of this translation's language")


def face_letter(rank: str) -> str:
    """The rank as a card face or the picker shows it: "10" for the ten, the reader's letter
    for a picture card (German B, D, K)."""
    if rank == "T":
        return "10"
    if rank in "23456789":
        return rank
    # (painted for every card on every repaint: only the letter asked for is looked up)
    return {
        "J": translate("Words", "J"),
        "Q": translate("Words", "Q"),
        "K": translate("Words", "K"),
        "A": translate("Words", "A"),
    }[rank]


def card(c: int | None) -> str:
    """A card with its suit symbol, e.g. "K♠" (German "D♥" for the queen of hearts)."""
    if c is None:
        return "??"
    rank = c >> 2  # the ten as its face shows it ("10♥", as the picker and the cards), every other by its letter
    return ("10" if rank == 8 else rank_letters()[rank]) + SUIT_SYMBOLS[c & 3]


def cards(cs) -> str:
    return " ".join(card(c) for c in cs)


def _typed(c: int) -> str:
    """A card as the dealer types it, in the reader's rank letters: German "Dh" for the queen of
    hearts, "10h" for the ten (the card box reads them back); English as the engine's "Qh"."""
    return rank_letters()[c >> 2] + "cdhs"[c & 3]


def card_code(code: str) -> str:
    """A card the engine names by its code ("Kd"), as the reader's card ("K♦", German "K♦",
    "Qh" → "D♥")."""
    return card(parse_card(code))


def street_name(street: int) -> str:
    """A street as the dealer names it (third … seventh street)."""
    return {
        3: translate("Words", "third street"),
        4: translate("Words", "fourth street"),
        5: translate("Words", "fifth street"),
        6: translate("Words", "sixth street"),
        7: translate("Words", "seventh street"),
    }.get(street, str(street))


def street_title(street: int) -> str:
    """A street's name at the start of a line: "Fourth street", German "4. Karte" (the first
    letter raised, the rest as the reader's words have it — never str.capitalize's "4. karte")."""
    name = street_name(street)
    return name[:1].upper() + name[1:]


def high_hand(value: int) -> str:
    """A high hand's name, e.g. "a pair of nines", "full house, kings full of fours" (W-3)."""
    return said(high_says(value))


def board(value: int, size: int) -> str:
    """A showing board (A-2), e.g. "pair of kings showing"."""
    return said(board_says(value, size))


def low_hand(five) -> str:
    """An eight-or-better low, e.g. "8-6-4-3-A low" (H-2)."""
    return said(low_says(five))


def structure_name(structure: str) -> str:
    """A limit table's betting structure as a dealer says it (L-2, L-4, L-5)."""
    return {
        "fixed": translate("Words", "fixed limit"),
        "spread": translate("Words", "spread limit"),
        "split": translate("Words", "split limit"),
    }.get(structure, structure)


def typed_cents(text: str) -> int:
    """An amount as the dealer types it, in cents: "18.25", "$18.25", and in German "18,25"
    or "1.825,50". In English a comma groups thousands ("1,825"); in German it is the decimal
    comma, so "1,825" there has three decimals and is refused, never read as $1,825. A
    ValueError names what cannot be read."""

    amount = text.strip().replace("$", "").replace("€", "").replace(" ", "").replace("\u00a0", "")
    if language() == "de":
        if _GERMAN_GROUPED.fullmatch(amount):  # 1.825 or 1.825,50: dots group, the comma is decimal
            amount = amount.replace(".", "").replace(",", ".")
        elif _DECIMAL_COMMA.fullmatch(amount) or (amount.count(",") == 1 and "." not in amount):
            amount = amount.replace(",", ".")  # 18,25 (and 1,825: three decimals, refused below)
        elif not _PLAIN.fullmatch(amount):  # 18.25, 1825: as typed; anything else is no amount
            raise ValueError(f"{text!r} is not an amount")
    elif _DECIMAL_COMMA.fullmatch(amount):  # "18,25" is a decimal comma in any language
        amount = amount.replace(",", ".")
    return to_cents(amount)


_GERMAN_GROUPED = re.compile(r"[+-]?[1-9]\d{0,2}(\.\d{3})+(,\d{1,2})?")
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d{1,2}")
_PLAIN = re.compile(r"[+-]?\d+(\.\d{1,2})?")


def editable_money(cents: int, currency: str) -> str:
    """An amount as the dealer would type it back into a box: no grouping (which one language
    would read as decimals), the reader's decimal mark and order: "$1200.50", in German
    "1200,50 $" (``typed_cents`` reads either back)."""
    whole, part = divmod(abs(cents), 100)
    sign, symbol = "-" if cents < 0 else "", CURRENCY_SYMBOLS.get(currency, "")
    if language() == "de":
        number = f"{whole},{part:02d}" if part else f"{whole}"
        return sign + number + (NBSP + symbol if symbol else "")
    return sign + symbol + (f"{whole}.{part:02d}" if part else f"{whole}")


# between a German amount and its currency sign: a space that never breaks the line ("0,50 $")
NBSP = "\u00a0"


def money(cents: int, currency: str = "USD") -> str:
    """An amount as the reader writes it, wherever the screen (or a report a person reads)
    shows one. English: the engine's "$1,234.50". German: the number first, dots grouping the
    thousands, the decimal comma, the sign after a no-break space: "0,50 $", "5 €",
    "1.234,50 €". The records, exports and PHH files keep the engine's ``format_money``."""
    if language() != "de":
        return format_money(cents, currency)
    symbol = CURRENCY_SYMBOLS.get(currency, "")
    if not symbol:  # a hand history's own units: the number alone, with the decimal comma
        return format_money(cents, currency).replace(".", ",")
    whole, part = divmod(abs(cents), 100)
    number = f"{whole:,}".replace(",", ".") + (f",{part:02d}" if part else "")
    return ("-" if cents < 0 else "") + number + NBSP + symbol


def stakes(t) -> str:
    """A limit table's stakes in the reader's money: the engine's "$3-$6" ("$5/$10/$20" split);
    German as S0 and S2 write them, the sign once at the end: "3-6 $", "5/10/20 €"."""
    if language() != "de":
        return t.stakes
    amounts = (t.ante, t.small_bet, t.big_bet) if t.structure == "split" else (t.small_bet, t.big_bet)
    words = [money(a, t.currency) for a in amounts]
    sign = NBSP + CURRENCY_SYMBOLS[t.currency] if t.currency in CURRENCY_SYMBOLS else ""
    bare = [w.removesuffix(sign) for w in words[:-1]] if sign else words[:-1]
    return ("/" if t.structure == "split" else "-").join(bare + words[-1:])


def table_title(t) -> str:
    """A limit table's name on the table's header and the window's title. In English its own
    title, as its file words it ("$3-6 Seven Card Stud"); in another language made from its
    stakes and game in the reader's money ("3-6 $ Seven Card Stud", as S0 heads its tables),
    since a file's title is written in English."""
    if language() == "en":
        return t.title
    if t.mixed:  # M-1: its games in their order
        return f"{stakes(t)} " + ", ".join(game_words(g) for g in t.games)
    game = {"stud": "Seven Card Stud", "stud8": "Seven Card Stud Hi-Lo", "razz": "Razz"}.get(t.game, t.game)
    return f"{stakes(t)} {game}"


def game_words(game: str) -> str:
    """A game's name as card rooms in the reader's language say it (live/game_outlook)."""
    return said(game_name(game))


def rotation_words(rotation: str) -> str:
    """How a mixed table's games turn (M-2): "every 8 hands", "each an orbit of the button"."""
    return said(rotation_says(rotation))


def profile_name(p) -> str:
    """A house profile as the table's header names it: its file's name ("us-cardroom"), in the
    reader's words for the profiles that ship with the app."""
    return {
        "us-cardroom": translate("Words", "us-cardroom", "the house profile on the table's header"),
        "casinos-austria": translate("Words", "casinos-austria", "the house profile on the table's header"),
        "tda-tournament": translate("Words", "tda-tournament", "the house profile on the table's header"),
    }.get(p.name, p.name)


def plan(p: DealPlan) -> str:
    """What the dealer does before a round (D-5, D-7, D-8)."""
    return said(p.says)


# --- refusals (engine/says.py) -----------------------------------------------------------------
def _action_name(a: ActionArg) -> str:
    if a.raw:  # as the engine names it, in a list of what is legal
        return {
            "fold": translate("Words", "fold", "an action in a list"),
            "check": translate("Words", "check", "an action in a list"),
            "call": translate("Words", "call", "an action in a list"),
            "bring_in": translate("Words", "bring_in", "an action in a list"),
            "complete": translate("Words", "complete", "an action in a list"),
            "bet": translate("Words", "bet", "an action in a list"),
            "raise": translate("Words", "raise", "an action in a list"),
        }.get(a.action, a.action)
    if a.button:
        return {
            "fold": translate("Words", "Fold"),
            "check": translate("Words", "Check"),
            "call": translate("Words", "Call"),
            "bring_in": translate("Words", "Bring in"),
            "complete": translate("Words", "Complete to"),
            "bet": translate("Words", "Bet"),
            "raise": translate("Words", "Raise to"),
        }[a.action]
    return {
        "fold": translate("Words", "fold"),
        "check": translate("Words", "check"),
        "call": translate("Words", "call"),
        "bring_in": translate("Words", "bring in"),
        "complete": translate("Words", "complete"),
        "bet": translate("Words", "bet"),
        "raise": translate("Words", "raise"),
    }.get(a.action, str(a))


def action_name(action: str) -> str:
    """An action as its button names it ("Raise to")."""
    return _action_name(ActionArg(action, button=True))


def _phase(p: PhaseArg) -> str:
    return {
        "deal": translate("Words", "deal", "the phase of a hand"),
        "bet": translate("Words", "bet", "the phase of a hand"),
        "showdown": translate("Words", "showdown", "the phase of a hand"),
        "done": translate("Words", "done", "the phase of a hand"),
    }.get(p.phase, p.phase)


def _value(v) -> str:
    """One value of a sentence in the reader's language."""
    if isinstance(v, Says):
        return said(v)  # a part of the sentence: as its template starts
    if isinstance(v, CardArg):  # with its suit sign ("D♥", "A♠"): "As" would read as a misspelt "Ass"
        return card(v.card)
    if isinstance(v, MoneyArg):
        return money(v.cents, v.currency)
    if isinstance(v, ActionArg):
        return _action_name(v)
    if isinstance(v, PhaseArg):
        return _phase(v)
    if isinstance(v, RankArg):
        if v.form == "plural":
            return rank_plurals()[v.rank]
        return rank_letters()[v.rank] if v.form == "letter" else rank_names()[v.rank]
    if isinstance(v, ListArg):
        joiner = translate("Words", " or ") if v.joined_by == " or " else v.joined_by
        return joiner.join(_value(i) for i in v.items)
    if isinstance(v, RefusalArg):
        return error_words(v.says)
    if isinstance(v, str):
        return v
    words = getattr(v, "says", None)  # an event or a prompt's subject quoted in a refusal
    return said(words) if isinstance(words, Says) else str(v)


def error_words(error) -> str:
    """A refusal (an engine error, the controller's InputError, or its ``Says``) in the
    reader's language; an error without a ``Says`` as it was raised."""
    refusal = error if isinstance(error, Says) else getattr(error, "says", None)
    if refusal is None:
        return getattr(error, "message", None) or str(error)
    return _sentence(refusal, said(refusal))


def said(sentence: Says) -> str:
    """A sentence (engine/says.py) in the reader's language: its template translated in its
    context, filled with its values in the reader's words."""
    return fill_in(_template(sentence), *(_value(a) for a in sentence.args))


def _template(sentence: Says) -> str:
    """A sentence's template in the reader's language: for one whose words agree with a count,
    the numerus form for its count (German "%2 Minute" for 1, "%2 Minuten" for 3)."""
    if not sentence.context:
        return sentence.template
    count = sentence.count
    if count is None:
        return translate(sentence.context, sentence.template)
    return translate(sentence.context, sentence.template, None, count)


def _sentence(refusal: Says, words: str) -> str:
    """A refusal shown on its own starts with a capital letter, as German writes a sentence.
    Its template starts lower-case, since it is also a part of others ("%1 muss eine ganze Zahl
    sein": "eine Platznummer muss …"), so the letter is raised here, where the sentence is
    shown; never a file name's (a template that starts with a path, %1). English keeps the
    engine's words exactly."""
    if language() == "en":
        return words
    template = _template(refusal)
    starts_lower = template[:1].islower()
    if template.startswith("%1") and refusal.args and isinstance(refusal.args[0], Says):
        starts_lower = True  # it starts with a part of the sentence (a fragment's own words)
    return words[:1].upper() + words[1:] if starts_lower else words


def _move(action: str, to: int | None, currency: str) -> str:
    """An action as said in an irregularity or the floor's timeline ("checks", "raises to $40")."""
    return said(move_says(action, to, currency))


# --- the floor's timeline: each recorded input in words ----------------------------------------
def input_text(inp, currency: str = "USD") -> str:
    """A dealer's recorded input (the record's list form, or typed), as the floor's timeline
    lists it ("seat 4: call $8")."""
    if not inp:
        return ""
    try:
        typed = input_from_json(inp)
    except (EngineError, IndexError, TypeError):  # (a row a damaged record holds: shown as written)
        return " ".join(map(str, inp))
    match typed:
        case Deal(seat, cards):
            return fill(
                translate("Words", "seat %1 dealt %2"),
                seat,
                " ".join(card(parse_card(c)) if c else "??" for c in cards),
            )
        case River():
            return translate("Words", "the river dealt down")
        case Common(common):
            return fill(translate("Words", "common card %1"), card(parse_card(common)))
        case Act(seat, action, to):
            to = None if action == "call" else to  # a call says its verb; what it puts in is on the table
            return fill(translate("Words", "seat %1: %2"), seat, _move(action, to, currency))
        case Show(seat, shown):
            words = " ".join(card(c) for c in parse_cards(shown)) if shown else ""
            return fill(translate("Words", "seat %1 shows %2"), seat, words).rstrip()
        case Muck(seat):
            return fill(translate("Words", "seat %1 mucks"), seat)
        case Irregularity(code, seat):
            return irregularity_name(code) + (fill(translate("Words", ", seat %1"), seat) if seat is not None else "")
    return " ".join(map(str, inp))


def case_category(category: str) -> str:
    """A case's category (floor/cases) in the reader's words; one not known, as written."""

    return translate("Cases", CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def case_status(status: str) -> str:
    """A case's status (floor/cases) in the reader's words; one not known, as written."""

    return translate("Cases", STATUS_WORDS[status]) if status in STATUS_WORDS else status


def irregularity_name(code: str) -> str:
    """An irregularity the dealer reports, by its rule (catalog §9)."""
    names = {
        "I-1": translate("Words", "Exposed downcard on third street"),
        "I-2": translate("Words", "Card dealt too early"),
        "I-4": translate("Words", "Wrong bring-in (a misread door card)"),
        "I-5": translate("Words", "Action out of turn"),
        "I-6": translate("Words", "Misdeal"),
        "I-7": translate("Words", "Fouled deck"),
    }
    return f"{names.get(code, code)} ({code})"


def seconds_words(seconds: float) -> str:
    """Seconds with one decimal, written as the reader writes numbers ("3.5" / "3,5")."""
    text = f"{seconds:.1f}"
    return text.replace(".", ",") if language() == "de" else text


def remedy_name(key: str) -> str:
    """A remedy of Spot the dealer's error (``training/spot.REMEDIES``), with its rules."""
    names = {
        "bring-in-corrected": translate(
            "Words", "The bring-in is corrected: its chips go back and the lowest door card brings in"
        ),
        "action-back": translate("Words", "Action goes back to the player whose turn it is"),
        "amount-corrected": translate("Words", "The amount is corrected to the limit's: the chips over it go back"),
        "burn-restored": translate("Words", "The cards go back in order and the round is dealt again after a burn"),
        "shortage-dealt": translate("Words", "The round is dealt as the shortage procedure says"),
        "right-shows-first": translate("Words", "The player who made the last bet or raise shows first"),
        "pot-to-best-hand": translate("Words", "The push is stopped: the pot goes to the best hand (cards speak)"),
        "misdeal": translate("Words", "Misdeal: antes and bets go back and the hand is dealt again"),
        "fouled-deck": translate("Words", "Fouled deck: play stops and every bet and ante goes back"),
        "floor": translate("Words", "Call the floor: the rules leave it open"),
    }
    remedy = REMEDY.get(key)
    if remedy is None:
        return key
    return f"{names.get(key, remedy.text)} ({', '.join(remedy.rules)})"


def step_text(step, currency: str = "USD") -> str:
    """One row of the floor's timeline: "21:03:12 dealer undid: seat 4: call $8"."""
    what = {
        HandStartRow.kind: lambda: translate("Words", "hand dealt: antes in"),
        HandEndRow.kind: lambda: translate("Words", "awards confirmed; hand sealed"),
        ResumeRow.kind: lambda: translate("Words", "table resumed after a restart"),
        FloorRefusedRow.kind: lambda: fill(
            translate("Words", "floor act refused: wrong passphrase or no account for %1"),
            (step.by or {}).get("name", "?"),
        ),
        UndoRow.kind: lambda: fill(translate("Words", "dealer undid: %1"), input_text(step.input, currency)),
        RedoRow.kind: lambda: fill(translate("Words", "dealer redid: %1"), input_text(step.input, currency)),
        IrregularityRow.kind: lambda: fill(translate("Words", "irregularity: %1"), input_text(step.input, currency)),
        RulingRow.kind: lambda: fill(
            translate("Words", "floor ruling by %1: %2"),
            shown_floor_name(step.by) if step.by else "?",
            step.ruling.decision if step.ruling else "",
        ),
    }.get(step.kind, lambda: input_text(step.input, currency) if step.input else step.kind)()
    if step.by and step.by.get("role") == "floor" and step.kind == IrregularityRow.kind:
        what += fill(translate("Words", " (confirmed by the floor: %1)"), shown_floor_name(step.by))
    return f"{step.time} {what}"


def say(subject) -> str:
    """``subject`` (an event, a deal plan, a raising note, a prompt's subject) in the reader's
    language; "" for an event without words."""
    words = getattr(subject, "says", None)
    return said(words) if isinstance(words, Says) else ""


def choice_words(m, c) -> str:
    """A legal choice with its amount or range, as the console and the report list it."""
    name = action_name(c.action)
    if c.min_to is not None and c.max_to is not None:
        return f"{name} {m.money(c.min_to)}–{m.money(c.max_to)}"
    if c.call_amount is not None:
        return f"{name} {m.money(c.call_amount)}"
    return f"{name} {m.money(c.to)}" if c.to is not None else name


# the live table, the floor's moments and the trainer show every amount through their money():
# in the reader's way once the UI's words are loaded (the engine's English until then)
show_money_with(money)
