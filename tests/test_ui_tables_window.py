"""The start window lists the limit tables the engine loaded (pytest-qt, offscreen)."""

from dealer_app.ui.app import TablesWindow


def test_window_lists_every_table(qtbot):
    w = TablesWindow()
    qtbot.addWidget(w)
    w.show()
    assert w.table.rowCount() == 14
    titles = {w.table.item(r, 0).text() for r in range(w.table.rowCount())}
    assert "$1-2 Seven Card Stud" in titles and "Casinos Austria 5/10/20 Split Limit" in titles
    assert not w.problems.isVisible()


def test_window_shows_broken_table_problems(qtbot, tmp_path):
    import shutil
    from pathlib import Path
    src = Path(__file__).resolve().parents[1] / "limits"
    shutil.copytree(src, tmp_path / "limits")
    (tmp_path / "limits" / "stud-1-2.yaml").write_text("name: stud-1-2\nseats: many\n")
    w = TablesWindow(tmp_path / "limits")
    qtbot.addWidget(w)
    w.show()
    assert w.table.rowCount() == 13
    assert w.problems.isVisible() and "stud-1-2.yaml" in w.problems.text()
