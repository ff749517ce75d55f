"""A row's payload as text (record/payload.read_payload): a lone surrogate escape ("\\ud800")
is no text the app writes — refused as ValueError, as text that is no JSON is, so no reader
prints, hashes or signs it and stops (the fifth attack pass: a room ruling holding one stopped
every room reader)."""

import json

import pytest

from dealer_app.record.payload import read_payload


@pytest.mark.parametrize("escape", ["\\ud800", "\\uDFFF", "\\udbff"])
def test_a_lone_surrogate_escape_is_no_payload(escape):
    with pytest.raises(ValueError, match="lone surrogate"):
        read_payload('{"facts": "seat 2 string-raised' + escape + '"}')
    with pytest.raises(ValueError, match="lone surrogate"):
        read_payload('{"k' + escape + '": 1}')


def test_a_pair_and_every_other_escape_read_as_text():
    text = json.dumps({"name": "Jürgen 😀", "note": "\u00e4\u0000"}, ensure_ascii=True)
    assert "\\ud83d\\ude00" in text  # (the pair, as an ASCII writer spells it)
    assert read_payload(text) == {"name": "Jürgen 😀", "note": "ä\u0000"}
