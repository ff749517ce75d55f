"""The typed event vocabulary: one frozen class per kind, the record's form unchanged, and the
decisions a dealer is told about exposed on the hand (issue 11, step 1)."""

import dataclasses
import random

import pytest

from dealer_app.engine import events as ev
from dealer_app.engine.cards import parse_cards
from dealer_app.engine.hand import Hand
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.player import SeatSpec
from dealer_app.engine.simulate import play_random_hand


def _rules(table="stud-10-20", profile="us-cardroom"):
    return BettingRules.build(load_table(table), load_profile(profile))


def _random_events(count=300, seed=5):
    rng = random.Random(seed)
    out = []
    for table, profile in (
        ("stud-10-20", "us-cardroom"),
        ("casinos-austria-5-10-20", "casinos-austria"),
        ("stud8-10-20", "tda-tournament"),
        ("stud-1-5-spread", "us-cardroom"),
    ):
        r = _rules(table, profile)
        for _ in range(count // 4):
            n = rng.randint(2, r.max_players)
            stacks = [rng.choice([r.ante + r.chip, r.bring_in * 3, r.big_bet * 4, r.big_bet * 40]) for _ in range(n)]
            out += play_random_hand(r, stacks, rng, 0.4, 0.1).events
    return out


def test_every_event_is_one_of_the_frozen_slotted_classes():
    for e in _random_events():
        assert type(e) in ev.EVENT_CLASSES, type(e)
    for cls in ev.EVENT_CLASSES:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert "__slots__" in cls.__dict__, cls


def test_event_classes_are_final():
    """The readers that go through every event of a hand (the PHH export) pick the events they
    want by their exact class: a subclass of one would be passed over without a word. Read
    from the source, so a subclass in a module not imported here is found too."""
    import ast
    from pathlib import Path

    names = {cls.__name__ for cls in ev.EVENT_CLASSES}
    root = Path(ev.__file__).resolve().parent.parent
    subclasses = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {
                    b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                    for b in node.bases
                }
                if bases & names:
                    subclasses.append(f"{path.relative_to(root)}: {node.name}")
    assert subclasses == []
    for cls in ev.EVENT_CLASSES:
        assert cls.__subclasses__() == [], (cls, cls.__subclasses__())


def test_kinds_are_the_records_names_and_only_the_award_has_two_classes():
    kinds = [cls.kind for cls in ev.EVENT_CLASSES]
    assert sorted(k for k in set(kinds) if kinds.count(k) > 1) == ["award"]
    assert len(set(kinds)) == 26  # 20 of play, 6 of irregularities (I-1, I-2, I-4, I-5 twice, I-6/I-7)


def test_an_event_cannot_be_changed_after_the_fact():
    e = ev.ActionTaken(3, "raise", ("L-2",), 2000, 1000, False, "USD")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.to = 4000  # type: ignore[misc]


def test_to_dict_is_the_records_form_with_the_english_words():
    e = ev.ActionTaken(3, "raise", ("L-2",), 2000, 1000, True, "USD")
    assert e.to_dict() == {
        "kind": "action",
        "seat": 3,
        "action": "raise",
        "to": 2000,
        "amount": 1000,
        "all_in": True,
        "rules": ["L-2"],
        "text": "Seat 3 raises to $20 all-in",
    }
    assert list(e.to_dict()) == ["kind", "seat", "action", "to", "amount", "all_in", "rules", "text"]
    fold = ev.ActionTaken(4, "fold", ("A-6",))
    assert fold.to_dict() == {"kind": "action", "seat": 4, "action": "fold", "rules": ["A-6"], "text": "Seat 4 folds"}
    burn = ev.CardBurned(40)
    assert burn.to_dict() == {"kind": "burn", "stub": 40, "rules": ["D-5"]}  # no seat, no words
    assert burn.seat is None and burn.text == "" and str(burn.says) == ""


def test_fixed_fields_are_not_arguments():
    with pytest.raises(TypeError):
        ev.CardBurned(40, ("D-1",))  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ev.RoundOver(3, 500, 7)  # type: ignore[call-arg]


def test_the_text_of_every_event_is_its_sentence_filled():
    for e in _random_events(120, seed=9):
        assert str(e.says) == e.text == e.to_dict().get("text", "")


def test_first_actor_reasons_word_the_decision():
    r = _rules()
    assert ev.FirstToAct(2, 3, ("A-1",), "bring-in").text == "Seat 2 acts first: the bring-in"
    assert (
        ev.FirstToAct(5, 7, ("A-2", "A-3", "A-5"), "high-hand-all-in", high_seat=4).text
        == "Seat 5 acts first: the high hand, seat 4, is all-in"
    )
    assert r.currency == "USD"


def _hand(seats=3, stack=100000):
    return Hand(_rules(), [SeatSpec(s, f"P{s}", stack) for s in range(1, seats + 1)])


def test_the_hand_exposes_the_bring_in_and_each_streets_opening():
    h = _hand()
    assert h.bring_in_decision is None and h.opening_decision is None
    for seat, cards in ((1, "AsKs2c"), (2, "QdJd9h"), (3, "8c7cTs")):
        h.deal(seat, parse_cards(cards))
    assert isinstance(h.bring_in_decision, ev.BringInChosen)
    assert (h.bring_in_decision.seat, h.bring_in_decision.rules) == (1, ("B-2",))  # the deuce
    assert h.opening_decision == ev.FirstToAct(1, 3, ("A-1",), "bring-in")
    h.act(1, "bring_in")
    h.act(2, "call")
    h.act(3, "call")
    assert h.opening_decision is None  # fourth street is being dealt: nobody has opened it
    for seat, card in ((1, "3c"), (2, "9d"), (3, "Kh")):
        h.deal(seat, parse_cards(card))
    opening = h.opening_decision
    assert isinstance(opening, ev.FirstToAct) and (opening.seat, opening.street, opening.reason) == (2, 4, "high-board")
    assert opening.text == "Seat 2 acts first: pair of nines showing"


def test_the_hand_exposes_the_shortage_warning_for_the_next_street_only():
    # eight players (stud-1-2 seats eight) use 24 cards on third street, 8 + 1 on each later
    # street: the deck runs short on the river, and the warning comes a street early (D-7)
    r = _rules("stud-1-2")
    h = Hand(r, [SeatSpec(s, f"P{s}", 100000) for s in range(1, 9)])
    deck = iter(
        parse_cards(
            "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd2h3h4h5h6h7h8h9hThJhQhKhAh2s3s4s5s6s7s8s9sTsJsQsKsAs"
        )
    )
    warned = {}
    while h.phase == "bet" or h.expected_deal():  # up to the river's common card
        if h.phase == "deal":
            seat, n = h.expected_deal()
            h.deal(seat, [next(deck) for _ in range(n)])
        else:
            warned[h.street] = h.shortage_warning
            legal = [a.action for a in h.legal_actions()]
            h.act(h.to_act.seat, next(a for a in ("check", "call", "bring_in") if a in legal))
    assert warned[3] is None and warned[4] is None and warned[5] is None
    assert isinstance(warned[6], ev.ShortageAhead) and warned[6].street == 7
    assert h.street == 7 and h.plan.common_card and h.shortage_warning is None  # the plan says it now


def test_the_quicker_init_takes_and_keeps_exactly_what_dataclass_would():
    """events._quicker_init replaces dataclass's __init__ (for speed): every class must take the
    same parameters with the same defaults, store the same fields, and stay frozen."""
    import inspect

    samples = {}
    for e in _random_events(200, seed=11):
        samples.setdefault(type(e), e)
    assert len(samples) >= 15  # most kinds come up in random hands
    for cls in ev.EVENT_CLASSES:
        ours, theirs = cls.__init__, cls.__init__.__wrapped__
        assert ours is not theirs, cls

        def params(init):  # names, kinds and defaults (ours carries no annotations)
            signature = inspect.signature(init, follow_wrapped=False)
            return [(p.name, p.kind, p.default) for p in signature.parameters.values()]

        assert params(ours) == params(theirs), cls
        if cls not in samples:
            continue
        e = samples[cls]
        given = {f.name: getattr(e, f.name) for f in dataclasses.fields(cls) if f.init}
        made_by_dataclass = object.__new__(cls)
        theirs(made_by_dataclass, **given)
        assert cls(**given) == made_by_dataclass == e, cls
        assert cls(**given).to_dict() == e.to_dict(), cls
        with pytest.raises(dataclasses.FrozenInstanceError):
            cls(**given).rules = ("X-1",)


def test_legal_actions_are_frozen_and_made_as_dataclass_would():
    """LegalAction is shared between decisions (betting._exactly), so it must never change, and
    its quicker __init__ must take and store what dataclass's own would."""
    import inspect

    ours, theirs = ev.LegalAction.__init__, ev.LegalAction.__init__.__wrapped__
    assert ours is not theirs
    assert [(p.name, p.default) for p in inspect.signature(ours, follow_wrapped=False).parameters.values()] == [
        (p.name, p.default) for p in inspect.signature(theirs).parameters.values()
    ]
    for args, kwargs in ((("fold",), {}), (("call", 1000), {"all_in": True}), (("raise",), {"min_to": 5, "max_to": 9})):
        made_by_dataclass = object.__new__(ev.LegalAction)
        theirs(made_by_dataclass, *args, **kwargs)
        a = ev.LegalAction(*args, **kwargs)
        assert a == made_by_dataclass and a.as_dict() == made_by_dataclass.as_dict()
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.to = 1  # type: ignore[misc]
