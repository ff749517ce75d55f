"""The controller reads only the events an input caused into its list of decisions (filling
every event's English again on every input cost a third of an input's time): after every
input, undo, redo, award and new hand of random sessions the list equals the whole hand's
decisions, read from scratch."""

import pytest

from dealer_app.live.controller import TableController
from dealer_app.live.presentation import decisions_of
from tests.support.live_random import play


@pytest.mark.parametrize("seed", range(6))
def test_the_decisions_read_input_by_input_equal_the_whole_hands(seed):
    checked = []

    def same(c):
        assert c.ruling_events == decisions_of(c.hand), f"seed {seed}, input {len(checked)}"
        checked.append(len(c.ruling_events))

    play(TableController(None), seed, 400, same)
    assert len(checked) == 401 and max(checked) > 10  # (hands with many decisions were played)
