"""A player's name is shown as typed, even one that looks like a placeholder ("50%4 off"): every
sentence is filled in one pass (engine/says.fill), never by chained ``.replace("%1", …)``,
which rewrote the "%4" inside a name with the fourth value (issue 28: "507 off")."""

from __future__ import annotations

from dealer_app.engine.says import fill
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.words import say

NAME = "50%4 off"


def test_the_resume_dialog_shows_a_name_with_a_placeholder_as_typed(qtbot, tmp_path):
    from dealer_app.ui.resume_dialog import ResumeDialog

    store = Store(tmp_path / "hands.sqlite3")
    table = TableController(store)
    table.open_table("stud-1-2", None, [(1, NAME, 2000), (2, "Bob %1", 2000)])
    table.start_hand()
    store.close()
    dialog = ResumeDialog(TableController(Store(tmp_path / "hands.sqlite3")))
    qtbot.addWidget(dialog)
    rows = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert len(rows) == 1 and NAME in rows[0] and "Bob %1" in rows[0], rows
    assert "507 off" not in rows[0] and "hand 1" in rows[0], rows


def test_the_prompt_names_the_player_as_typed(qtbot, tmp_path):
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-1-2", None, [(1, NAME, 2000), (2, "Bob", 2000)])
    c.start_hand()
    subject = c.prompt().subject
    assert NAME in c.prompt().text and NAME in say(subject), (c.prompt().text, say(subject))


def test_fill_leaves_a_value_that_holds_a_placeholder_alone():
    assert fill("%1 (%2) to act", NAME, "x") == "50%4 off (x) to act"
