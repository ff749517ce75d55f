"""D-1: card codes."""

import pytest

from dealer_app.engine.cards import CardError, format_card, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Ah", "Ah"),
        ("ah", "Ah"),
        ("AH", "Ah"),
        ("Td", "Td"),
        ("10d", "Td"),
        ("10D", "Td"),
        ("2c", "2c"),
        ("K♠", "Ks"),
        ("q♥", "Qh"),
        ("7♦", "7d"),
        ("2♣", "2c"),
        (" js ", "Js"),
    ],
)
def test_D1_parse_codes(text, expected):
    assert format_card(parse_card(text)) == expected


def test_D1_unknown_card_is_none():
    assert parse_card("??") is None
    assert parse_cards("????Ah") == [None, None, parse_card("Ah")]


@pytest.mark.parametrize("bad", ["1h", "Ax", "11c", "", "A", "Zz", "10"])
def test_D1_bad_code_names_the_text(bad):
    with pytest.raises(CardError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value)


def test_D1_runs_of_cards_with_and_without_spaces():
    assert format_cards(parse_cards("5d2sAd"), sep=" ") == "5d 2s Ad"
    assert format_cards(parse_cards("10d Jc, 9h")) == "TdJc9h"
    with pytest.raises(CardError, match="position 3"):
        parse_cards("Ah1x")


def test_B2_integer_order_is_bring_in_order():
    # clubs < diamonds < hearts < spades within a rank; 2c the lowest card
    order = [parse_card(c) for c in ("2c", "2d", "2h", "2s", "3c", "As")]
    assert order == sorted(order) and order[0] == 0 and order[-1] == 51


def test_suit_symbols_print():
    assert format_card(parse_card("Qh"), symbols=True) == "Q♥"
