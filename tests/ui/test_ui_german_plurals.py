"""Plurals are Qt numerus forms, not "Zeile(n)": the German picks the singular or the plural
by the count (the .ts holds both forms), while the English keeps its source text — the UI's own
texts (``tr(text, "", n)``) and the engine's sentences alike (a template names the value its
words agree with; engine/says.py)."""

from __future__ import annotations

import pickle
import re
import sqlite3
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from dealer_app.engine.cards import parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.events import BringInChosen, PotAwarded
from dealer_app.engine.hand import Hand
from dealer_app.engine.player import SeatSpec
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, says
from dealer_app.training.exam import LOCKOUT, MAX_WRONG, ExamBook, ExamError
from dealer_app.ui.translations import qm_file
from tests.support.floor_accounts import MARIA
from tests.support.helpers import load_german, rules


def test_the_german_says_one_row_or_rows_by_the_count(qapp):
    qm = qm_file("de")
    assert qm is not None
    data = qm.read_bytes()
    translator = QTranslator()
    assert translator.load(data)
    tr = QCoreApplication.translate
    assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 1) == "Room: sending, 1 row(s) waiting"
    QCoreApplication.installTranslator(translator)
    try:
        assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 1) == "Saal: sendet, 1 Zeile wartet"
        assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 3) == "Saal: sendet, 3 Zeilen warten"
    finally:
        QCoreApplication.removeTranslator(translator)


# --- the engine's sentences: a template names the value its words agree with (engine/says.py) ---


TS = Path(__file__).resolve().parents[2] / "dealer_app" / "ui" / "i18n" / "dealer_app_de.ts"


@pytest.fixture
def german(qapp):
    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    yield
    qapp.removeTranslator(translator)


def _pot(case, high_seats, low_seats=()):
    return PotAwarded(
        rules=("W-3",),
        amount=4000,
        eligible=(1, 2, 3, 4, 5),
        winners={},
        hands=(),
        pot_index=0,
        case=case,
        high_seats=high_seats,
        high_half=2000,
        high_value=0,
        low_seats=low_seats,
        low_half=2000,
        low_five=tuple(parse_cards("8c6d4h3sAc")),
        currency="USD",
    )


def test_a_pot_goes_to_platz_or_to_die_plätze_by_how_many_seats_take_it(german):
    from dealer_app.ui.words import said

    one, two = said(_pot("high", (3,)).says), said(_pot("high", (3, 5)).says)
    assert " an Platz 3 (" in one and "Plätze" not in one
    assert " an die Plätze 3, 5 (" in two
    # hi-lo: two lists of seats in one sentence, each with its own count
    split = said(_pot("hi-lo", (3,), (2, 5)).says)
    assert re.search(r"High 20\s\$ an Platz 3 \(.*\), Low 20\s\$ an die Plätze 2, 5 \(", split), split
    # the English is the engine's words, as it always was
    assert str(_pot("hi-lo", (3,), (2, 5)).says) == (
        "main pot $40: high $20 to seat(s) 3 (two high), low $20 to seat(s) 2, 5 (8-6-4-3-A low)"
    )


def test_unrecorded_door_cards_are_one_door_card_or_several(german):
    from dealer_app.ui.words import said

    def words(unrecorded):
        return said(BringInChosen(4, ("B-2",), parse_card("2c"), 4, unrecorded).says)

    assert words((2,)).endswith(" (Door Card von Platz 2 nicht erfasst)")
    assert words((2, 6)).endswith(" (Door Card der Plätze 2, 6 nicht erfasst)")


def test_a_refusal_says_karten_for_three_cards(german):
    from dealer_app.ui.words import error_words

    h = Hand(rules(), [SeatSpec(s, f"P{s}", 10000) for s in (1, 2)])
    with pytest.raises(EngineError) as refused:
        h.deal(1, parse_cards("As Kd"))
    assert str(refused.value.says) == "street 3 deals 3 card(s) to seat 1, got 2"
    assert error_words(refused.value) == "Bei der 3. Karte bekommt Platz 1 3 Karten, erhalten: 2"


class _Clock:
    def __init__(self):
        self.at = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def __call__(self):
        return self.at


def test_a_locked_name_waits_15_minuten_and_at_last_1_minute(german):
    from dealer_app.ui.words import error_words

    clock = _Clock()
    book = ExamBook(sqlite3.connect(":memory:"), bytes(range(32)), now=clock)
    book.register_instructor("Ines", "471147", floor=MARIA)
    for _ in range(MAX_WRONG):
        with pytest.raises(ExamError):
            book.check_instructor("Ines", "1234")
    clock.at += timedelta(seconds=1)
    with pytest.raises(ExamError) as locked:
        book.check_instructor("Ines", "471147")
    assert str(locked.value.says).endswith("is locked for 15 more minute(s)")
    assert error_words(locked.value) == "Zu viele falsche PINs: Ines ist noch 15 Minuten gesperrt"
    clock.at += LOCKOUT - timedelta(seconds=31)
    with pytest.raises(ExamError) as last:
        book.check_instructor("Ines", "471147")
    assert str(last.value.says).endswith("is locked for 1 more minute(s)")
    assert error_words(last.value) == "Zu viele falsche PINs: Ines ist noch 1 Minute gesperrt"


# a German word with its plural ending in brackets ("Zeile(n)", "Tisch(e)", "Ergebnis(se)") or
# two forms with a slash ("Platz/Plätze"): a plural the count should have chosen
PLURAL_HACK = re.compile(r"\w\((?:n|e|en|s|se|er|nen)\)|\b(?:Platz/Plätze|Karte/Karten)\b")


def test_no_german_translation_writes_a_plural_in_brackets():
    hacks = []
    for message in ET.parse(TS).getroot().iter("message"):
        translation = message.find("translation")
        forms = [f.text or "" for f in translation.iter("numerusform")] or [translation.text or ""]
        hacks += [f for f in forms if PLURAL_HACK.search(f)]
        if message.get("numerus") == "yes":  # both of German's forms, none left empty
            assert len(forms) == 2 and all(forms), message.findtext("source")
    assert hacks == []
    # the check itself finds the hacks it is there for
    assert all(PLURAL_HACK.search(t) for t in ("Zeile(n)", "Tisch(e)", "Ergebnis(se)", "Problem(e)", "Karte(n)"))


def test_a_sentence_knows_its_count_and_a_counted_template_keeps_it_in_another_process():
    counted = QT_TRANSLATE_NOOP("Words", "to seat(s) %1", None, 1)
    assert says(counted, ListArg((2, 5))).count == 2  # a list counts its items
    assert (
        says(
            QT_TRANSLATE_NOOP("Errors", "too many wrong PINs: %1 is locked for %2 more minute(s)", None, 2), "Ines", 1
        ).count
        == 1
    )
    assert says(QT_TRANSLATE_NOOP("Words", "main pot")).count is None
    assert says("%1 and %2", 1, 2).count is None  # a plain str (which has a count method) counts nothing
    back = pickle.loads(pickle.dumps(counted))
    assert (back, back.context, back.counted) == ("to seat(s) %1", "Words", 1)
