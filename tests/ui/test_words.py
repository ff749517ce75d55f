"""The UI's words (ui/words.py) are the engine's English exactly when no translation is
installed, for every event, deal plan, raising note and prompt a hand can produce; with the
German translation installed none of them is left English (issue 11, step 2)."""

import random

import pytest

from dealer_app.engine import events as ev
from dealer_app.engine.cards import parse_cards
from dealer_app.engine.deck import plan_deal
from dealer_app.engine.events import EVENT_CLASSES, PotAwarded
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.says import says
from dealer_app.engine.simulate import play_random_hand
from tests.support.helpers import load_german

TABLES = [
    ("stud-1-2", "us-cardroom"),
    ("stud-10-20", "tda-tournament"),
    ("stud-1-5-spread", "us-cardroom"),
    ("casinos-austria-5-10-20", "casinos-austria"),
    ("stud8-10-20", "us-cardroom"),
    ("stud8-10-20", "tda-tournament"),
]


def _hands(per_table=150, seed=11):
    rng = random.Random(seed)
    for table, profile in TABLES:
        r = BettingRules.build(load_table(table), load_profile(profile))
        for _ in range(per_table):
            n = rng.randint(2, r.max_players)
            stacks = [rng.choice([r.ante + r.chip, r.bring_in * 3, r.big_bet * 4, r.big_bet * 40]) for _ in range(n)]
            notes = []

            def decision(h, notes=notes):  # this hand's list, bound now (not the loop's latest)
                notes.extend(h.raising_notes())

            h = play_random_hand(r, stacks, rng, 0.5, 0.1, check=decision)
            yield h, notes


def test_every_event_and_note_in_english_is_the_engines_text(qapp):
    from dealer_app.ui.words import say

    seen = set()
    for h, notes in _hands():
        for e in h.events:
            assert say(e) == e.text, (type(e).__name__, e)
            seen.add(type(e))
        for n in notes:
            assert say(n) == n.text
    assert len(seen) >= 15  # the common ones; every class is tried one by one below


def test_every_deal_plan_in_english_is_the_engines_words(qapp):
    from dealer_app.ui.words import say

    cases = set()
    for procedure in ("pool-burns", "casinos-austria", "tda"):
        for street in range(3, 8):
            for live in range(2, 9):
                for stub in range(0, 53):
                    for burns in range(0, 6):
                        try:
                            p = plan_deal(procedure, street, live, stub, burns, street == 3 and burns == 1)
                        except ValueError:
                            continue
                        assert say(p) == p.words, p
                        cases.add(p.case)
    assert len(cases) == 11
    from dealer_app.engine.deck import DealPlan

    for street in (4, 7):  # I-2: the street whose burn went with a card dealt too early
        early = DealPlan(street, 3, 30, False, False, False, 27, 2, ("I-2", "D-4"), "early-burned", 2)
        assert say(early) == early.words and "No new burn" in early.words


def _one_of_each():
    """An example of every event class, with the variants of its words."""
    plan = plan_deal("pool-burns", 7, 8, 1, 3)
    return [
        ev.AntePosted(1, 25, False, "USD"),
        ev.AntePosted(2, 10, True, "EUR"),
        ev.DealPlanned(4, plan_deal("pool-burns", 4, 3, 30, 1), ("D-5",)),
        ev.ShortageAhead(7, plan),
        ev.BurnsReshuffled(3),
        ev.CardBurned(30),
        ev.CardsDealt(1, 3, (0, None, 51), 40, ("D-3",)),
        ev.CommonCardDealt(47, 2),
        ev.NoBetting(5),
        ev.BringInChosen(2, ("B-2",), 4, 2),
        ev.BringInChosen(2, ("B-2",), 4, 2, (5, 6)),
        ev.BringInChosen(3, ("B-2", "B-5"), 0, 2),
        ev.FirstToAct(1, 3, ("A-1",), "bring-in"),
        ev.FirstToAct(4, 7, ("D-8",), "sixth-street"),
        ev.FirstToAct(5, 5, ("A-2", "A-5"), "high-hand-all-in", high_seat=4),
        ev.FirstToAct(2, 4, ("A-2",), "high-board", hi_value_of("KsKd"), 2),
        ev.FirstToAct(2, 4, ("A-2", "A-4"), "high-board", hi_value_of("As9d"), 2, "suit", 51),
        ev.FirstToAct(2, 6, ("A-2", "A-4"), "high-board", hi_value_of("As9d8c7h"), 4, "dealers-left"),
        *[
            ev.ActionTaken(3, a, ("L-2",), 2000, 1000, all_in, "USD")
            for a in ("call", "bring_in", "complete", "bet", "raise")
            for all_in in (False, True)
        ],
        ev.ActionTaken(3, "fold", ("A-6",)),
        ev.ActionTaken(3, "check", ("A-6",)),
        ev.RulingApplied(
            2,
            ("I-3", "A-2"),
            "seat 2 acted out of turn: seat 1 is to act",
            says("seat %1 acted out of turn: seat %2 is to act", 2, 1),
        ),
        ev.UncalledBetReturned(4, 500, "USD"),
        ev.RoundOver(3, 1200),
        *[
            ev.ShowdownOrdered((3, 4, 1), ("W-1",), why)
            for why in ("last-aggressor", "dealers-left-house", "first-in-last-round", "dealers-left")
        ],
        ev.HandShown(3, (0, 1, 2, 3, 4, 5, 6)),
        ev.HandExposed(3, (0, 1, 2)),
        ev.HandMucked(4),
        ev.PotWonByFolds(2, 1550, "USD"),
        *[
            PotAwarded(
                ("W-3",),
                3000,
                (1, 2),
                {1: 3000},
                (),
                i,
                case,
                (1,),
                3000 if case != "hi-lo" else 1500,
                hi_value_of(five),
                (2,) if case == "hi-lo" else (),
                1500 if case == "hi-lo" else 0,
                tuple(parse_cards("8c6d4h3sAc")) if case == "hi-lo" else (),
                "USD",
            )
            for i, case in enumerate(("uncontested", "high", "hi-lo", "no-low"))
            for five in ("KsKdKh4c4d", "AsKsQsJsTs", "9s8s7s6s5s", "2c2d7h8s9c", "AcJd8h5s3c")
        ],
        ev.HandOver(True),
        ev.DowncardExposed(3, 12),
        ev.CardDealtEarly(5, 30),
        ev.BringInCorrected(2, 4, 8, 50, 2, "USD"),
        ev.BringInCorrected(2, None, 8, 0, None, "USD"),
        *[
            ev.ActedOutOfTurn(4, a, to, 2, how, "USD")
            for a, to in (
                ("fold", None),
                ("check", None),
                ("call", None),
                ("call", 200),
                ("raise", 400),
                ("bet", 200),
                ("complete", 200),
                ("bring_in", 50),
            )
            for how in ("held", "floor")
        ],
        ev.OutOfTurnSettled(4, "call", 200, True, "USD"),
        ev.OutOfTurnSettled(4, "check", None, False, "USD"),
        ev.HandVoided("misdeal", ((1, 25), (2, 75)), "USD", ("I-6",)),
        ev.HandVoided("fouled-deck", (), "EUR", ("I-7",)),
    ]


def hi_value_of(text):
    from dealer_app.engine.evaluator import hi_value

    return hi_value(parse_cards(text))


def test_an_example_of_every_event_class_says_the_engines_english(qapp):
    from dealer_app.ui.words import say

    examples = _one_of_each()
    assert {type(e) for e in examples} == set(EVENT_CLASSES)
    for e in examples:
        assert say(e) == e.text, e


@pytest.mark.parametrize("table", ["stud-5-10", "casinos-austria-5-10-20", "stud8-10-20"])
def test_every_prompt_and_note_of_a_live_session_says_the_controllers_english(qapp, tmp_path, table):
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.ui.words import say
    from tests.support.live_random import random_input

    c = TableController(Store(tmp_path / "hands.sqlite3"))
    assert say(c.prompt().subject) == c.prompt().text == "Open a table"
    buy_in = load_table(table).buy_in  # seven players on the least money: all-ins and side pots
    c.open_table(table, None, [(s, f"P{s}", buy_in) for s in range(1, 8)])
    rng = random.Random(4)
    kinds = set()
    for _ in range(1500):
        p = c.prompt()
        kinds.add(p.kind)
        assert say(p.subject) == p.text, p
        assert len(p.note_subjects) == len(p.notes)
        for subject, (text, rules) in zip(p.note_subjects, p.notes, strict=True):
            assert say(subject) == text and subject.rules == rules
        for event in c.ruling_events:
            assert say(event) == event.text
        if p.kind == "award":
            c.finish_hand()
        elif p.kind == "between":
            if any(s.stack == 0 for s in c.seats()):
                break  # a broke player would have to leave first: enough hands played
            c.start_hand()
        else:
            random_input(c, rng)
    assert kinds >= {"card", "river", "action", "show", "award", "between"}


# English words a German dealer says as they are (poker terms), and German words spelt like English ones
SAME_IN_GERMAN = {
    "ante",
    "bring",
    "door",
    "card",
    "flush",
    "royal",
    "straight",
    "full",
    "house",
    "burn",
    "stub",
    "street",
    "sixth",
    "high",
    "low",
    "all",
    "floor",
    "muck",
    "enter",
    "cap",
    "chips",
    "dealer",
    "pot",
    "pots",
    "river",
    "heads",
    "antes",
    "deck",
    "spread",
    "limit",  # (German says "Antes", "Deck", "Spread Limit" too)
    "hand",
    "misdeal",
}  # (German "die höchste Hand", S2; card rooms say "Misdeal")


def _english_words(text):
    import re

    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


@pytest.fixture
def german(qapp):

    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def test_in_german_no_event_plan_or_note_has_an_english_word_left(german):
    from dealer_app.ui.words import say

    subjects = list(_one_of_each())
    for procedure in ("pool-burns", "casinos-austria", "tda"):
        for street, live, stub, burns in (
            (4, 3, 30, 1),
            (7, 8, 1, 3),
            (6, 7, 8, 2),
            (5, 6, 6, 2),
            (7, 6, 7, 0),
            (7, 5, 2, 1),
            (3, 7, 52, 0),
            (7, 8, 8, 3),
            (6, 5, 6, 4),
        ):
            subjects.append(plan_deal(procedure, street, live, stub, burns))
    for h, notes in _hands(per_table=20):
        subjects += h.events + notes
    english = set()
    for s in subjects:
        english |= _english_words(s.text)
    english -= SAME_IN_GERMAN
    for s in subjects:
        left = _english_words(say(s)) & english
        assert not left, (type(s).__name__, say(s), left)


def test_german_hand_names_and_rank_letters(german):
    from dealer_app.ui.words import board, card, high_hand, low_hand, rank_aliases

    assert high_hand(hi_value_of("KsKdKh4c4d")) == "Full House, Könige über Vieren"
    assert high_hand(hi_value_of("9s9d2h5c7d")) == "ein Paar Neunen"
    assert board(hi_value_of("QsQd"), 2) == "ein Paar Damen offen"
    assert low_hand(tuple(parse_cards("8c6d4h3sAc"))) == "8-6-4-3-A Low"
    assert [card(c) for c in parse_cards("QhJsTd")] == ["D♥", "B♠", "10♦"]
    assert rank_aliases() == {"B": "J", "D": "Q", "Z": "T"}


def test_in_english_the_rank_letters_are_the_engines(qapp):
    from dealer_app.ui.words import card, rank_aliases

    assert rank_aliases() == {} and [card(c) for c in parse_cards("QhJsTd")] == ["Q♥", "J♠", "10♦"]


def _refusals(tmp_path):
    """The refusals a dealer meets at the table, provoked through the controller."""
    from dealer_app.live.controller import InputError, TableController
    from dealer_app.record.store import Store

    c = TableController(Store(tmp_path / "hands.sqlite3"))
    errors = []

    def refused(fn, *args):
        with pytest.raises(InputError) as err:
            fn(*args)
        errors.append(err.value)

    refused(c.start_hand)
    c.open_table("stud-1-5-spread", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    c.start_hand()
    refused(c.act, "fold")
    refused(c.deal_river)
    refused(c.enter_card, "Xx")
    refused(c.enter_card, "Aq")
    refused(c.enter_card, "1")
    refused(c.enter_card, "??")
    c.enter_card("Kd")
    refused(c.enter_card, "Kd")
    c.enter_card("2c")
    c.enter_card("Th")
    refused(c.act, "bring_in", 2000)
    refused(c.act, "raise", 500)
    refused(c.act, "check")
    refused(c.show, 1, "Ah")
    # seats and chips (T-1…T-5), refused while the hand is open and at the table
    refused(c.seat_player, 4, "Dee", 5000)
    refused(c.top_up, 1, 100)
    refused(c.leave, 2)
    return errors


def _seat_refusals(tmp_path):
    from dealer_app.live.controller import InputError, TableController
    from dealer_app.record.store import Store

    c = TableController(Store(tmp_path / "seats.sqlite3"))
    errors = []
    for players in (
        [(1, "Ann", 5000)],
        [(1, "Ann", 5000), (2, "Bob", 100)],
        [(1, "Ann", 5000), (9, "Bob", 5000)],
        [(1, "Ann\n", 5000), (2, "Bob", 5000)],
        [(1, "A" * 40, 5000), (2, "Bob", 5000)],
    ):
        with pytest.raises(InputError) as err:
            c.open_table("stud-1-5-spread", None, players)
        errors.append(err.value)
    c.open_table("stud-1-5-spread", None, [(1, "Ann", 5000), (2, "Bob", 5000)])
    for call in ((c.seat_player, 2, "Cy", 5000), (c.seat_player, 3, "ann", 5000), (c.top_up, 1, -5), (c.leave, 7)):
        with pytest.raises(InputError) as err:
            call[0](*call[1:])
        errors.append(err.value)
    return errors


def test_in_german_the_refusals_at_the_table_are_german(german, tmp_path):
    from dealer_app.ui.words import error_words

    errors = _refusals(tmp_path) + _seat_refusals(tmp_path)
    assert len(errors) == 24
    english = set()
    for e in errors:
        assert e.says is not None, e.message  # every one of them is worded as data
        english |= _english_words(e.message)
    quoted_back = {"kd", "ah", "aq", "td", "xx"} | {"ann", "bob", "dee", "a" * 40}  # what was typed, and names
    english -= SAME_IN_GERMAN | {"buy", "positive"} | quoted_back
    for e in errors:
        words = error_words(e)
        assert not _english_words(words) & english, (e.message, words)
    # a refusal shown on its own starts with a capital letter (its template, also a part of others, does not)
    assert error_words(errors[4]) == (
        "Unbekannte Karte 'Aq': Farbe 'q' ist keine von c d h s ♣ ♦ ♥ ♠ (Kreuz, Karo, Herz, Pik)"
    )


def test_in_english_the_refusals_are_the_engines_words(qapp, tmp_path):
    from dealer_app.ui.words import error_words

    for e in _refusals(tmp_path) + _seat_refusals(tmp_path):
        assert error_words(e) == e.message


def test_in_german_a_broken_limit_table_is_explained_in_german(german, tmp_path):
    # what the New Table dialog lists when a file in limits/ is broken (a card room edits them)
    from dealer_app.engine.limits import load_folder
    from dealer_app.ui.words import error_words

    (tmp_path / "house").mkdir()
    (tmp_path / "y.yaml").write_text(
        "name: x\ngame: stud\nstructure: fixed\nante: -1\nsmall_bet: 1\nbig_bet: 2\n"
        "bring_in: 5\nchip: 3\nseats: 12\nbuy_in: 1\nprofile: nowhere\n"
    )
    (tmp_path / "z.yaml").write_text("- a list\n")
    problems = load_folder(tmp_path).problems
    assert len(problems) >= 6 and all(p.says is not None for p in problems)
    # the file's own words, quoted back: field names (bring_in reads as "bring"), values
    field_names = {
        "name",
        "ante",
        "bring",
        "seats",
        "profile",
        "buy",
        "chip",
        "big",
        "bet",
        "small",
        "file",
        "yaml",
        "nowhere",
        "stud",
        "fixed",
        "limit",
    }

    def after_the_file(text):  # (the folder's path has words of its own)
        return text.split(".yaml:", 1)[1]

    english = set()
    for p in problems:
        english |= _english_words(after_the_file(p))
    english -= SAME_IN_GERMAN | field_names | {"cents", "min", "max", "true", "false", "small", "big", "bet"}
    for p in problems:
        assert not _english_words(after_the_file(error_words(p))) & english, (p, error_words(p))
    assert any("muss größer als null sein" in error_words(p) for p in problems)


def test_in_english_a_broken_limit_table_reads_as_before(qapp, tmp_path):
    from dealer_app.engine.limits import load_folder
    from dealer_app.ui.words import error_words

    (tmp_path / "house").mkdir()
    (tmp_path / "y.yaml").write_text("name: y\nante: -1\n")
    for p in load_folder(tmp_path).problems:
        assert error_words(p) == p


def test_in_german_the_record_notes_resume_refusals_and_an_unexpected_error_are_german(german, tmp_path):
    from dealer_app.errorlog import report
    from dealer_app.live.controller import InputError, TableController
    from dealer_app.record.store import Store, open_record
    from dealer_app.ui.words import error_words

    (tmp_path / "hands.sqlite3").write_bytes(b"not a database at all" * 10)  # a damaged record at start
    store, notes = open_record(tmp_path)
    said = list(notes)
    c = TableController(Store(tmp_path / "other.sqlite3"))
    for call in ((c.resume, 99), (c.resume, "x"), (c.close_table,)):
        with pytest.raises(InputError) as err:
            call[0](*call[1:])
        said.append(err.value)
    said.append(report(ZeroDivisionError("division by zero"), "a test"))
    assert len(said) >= 5
    for s in said:
        words = error_words(s)
        assert words != str(s) and getattr(s, "says", None) is not None, s
    assert any(
        "Das Protokoll wird" in error_words(n) or "Daneben wurde ein neues Protokoll" in error_words(n) for n in notes
    )
    assert error_words(said[-1]).startswith("Unerwarteter Fehler: ZeroDivisionError: division by zero.")
    store.close()


def test_typed_amounts_in_english(qapp):
    from dealer_app.ui.words import typed_cents

    assert typed_cents("18.25") == 1825 and typed_cents("$18.25") == 1825
    assert typed_cents("1,825") == 182500 and typed_cents("1,825.50") == 182550  # a comma groups thousands
    assert typed_cents("18,25") == 1825  # two digits after a comma: a decimal comma in any language


def test_typed_amounts_in_german_never_turn_a_decimal_comma_into_thousands(german):
    # found by the German walkthrough: a top-up of "18,25" became $1,825 at the table
    from dealer_app.ui.words import typed_cents

    assert typed_cents("18,25") == 1825 and typed_cents("1.825,50") == 182550 and typed_cents("18,5 $") == 1850
    assert typed_cents("18.25") == 1825 and typed_cents("1.825") == 182500
    with pytest.raises(ValueError, match="more than two decimals"):
        typed_cents("1,825")  # 1.825 dollars: refused, never read as $1,825
    for bad in ("1.82,5", "0.500", "1,000.", "1.2.3"):  # no grouping a German reads that way
        with pytest.raises(ValueError):
            typed_cents(bad)


@pytest.mark.parametrize("cents", [100, 1825, 120000, 100050, 99999999])
def test_an_amount_shown_in_a_box_reads_back_the_same_in_either_language(qapp, german, cents):
    # found in review: the German UI showed "€1,200" in a box and read it back as €1.20
    from dealer_app.ui.action_panel import MoneySpinBox
    from dealer_app.ui.words import editable_money, typed_cents

    box = MoneySpinBox("EUR")
    box.setRange(1, 10**9)
    box.setValue(cents)
    assert box.valueFromText(box.textFromValue(cents)) == cents
    assert typed_cents(editable_money(cents, "EUR")) == cents


def test_a_value_that_holds_a_placeholder_is_left_as_it_is():
    # found in review: "seat 1 is taken by 50%1 off" came out as "… by 501 off"
    from dealer_app.engine.says import fill, says

    assert fill("seat %1 is taken by %2", "1", "50%1 off") == "seat 1 is taken by 50%1 off"
    assert str(says("%1 (at position %2 of %3)", "bad", 5, "'??%1x'")) == "bad (at position 5 of '??%1x')"
    assert fill("%1 and %3", "a") == "a and %3"


def test_the_engine_reads_a_comma_only_as_a_thousands_separator():
    from dealer_app.engine.money import to_cents

    assert to_cents("1,825") == 182500 and to_cents("12,345.50") == 1234550
    assert to_cents("$ 1,000") == 100000 and to_cents("1,000.") == 100000
    for bad in ("18,25", "1,5", "1,82,5", ",5"):
        with pytest.raises(ValueError, match="a comma only groups thousands"):
            to_cents(bad)
