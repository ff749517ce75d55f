"""The typed rows and inputs write exactly what the record held before them, and every row of
the record made by the earlier code reads back into its class and out again unchanged."""

from __future__ import annotations

import json
import shutil
import sqlite3

from dealer_app.record.inputs import Act, Irregularity, input_from_json
from dealer_app.record.migrations import FORMAT, version_of
from dealer_app.record.rows import ROW_KINDS, CloseTableRow, SitRow, row_from_dict
from tests.support.data import DATA

MADE = DATA / "record-2026-12" / "hands.sqlite3"


def test_every_row_of_the_old_record_round_trips_byte_for_byte():
    db = sqlite3.connect(f"{MADE.resolve().as_uri()}?immutable=1", uri=True)
    rows = db.execute("SELECT kind, payload FROM log ORDER BY id").fetchall()
    assert len(rows) > 100
    for kind, text in rows:
        row = row_from_dict(kind, json.loads(text))
        assert json.dumps(row.to_dict(), sort_keys=True, ensure_ascii=False) == text, kind
        if "input" in json.loads(text):
            assert input_from_json(json.loads(text)["input"]).to_json() == json.loads(text)["input"]
    assert {k for k, _t in rows} <= set(ROW_KINDS)


def test_optional_fields_stay_absent():
    assert SitRow(2, "Bob", 2500).to_dict() == {"seat": 2, "name": "Bob", "buy_in": 2500}
    assert CloseTableRow().to_dict() == {}
    assert Act(3, "call", 800).to_json() == ["act", 3, "call", 800]
    assert Act(3, "call", 800, floor_override=True).to_json() == ["act", 3, "call", 800, True]
    assert Irregularity("I-6").to_json() == ["irregularity", "I-6"]


def test_the_old_record_is_recorded_at_the_latest_version_when_opened(tmp_path, monkeypatch):
    from dealer_app.record.store import Store

    shutil.copytree(MADE.parent, tmp_path / "made")
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "made" / "config"))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(tmp_path / "made" / "config" / "anchors"))
    before = sqlite3.connect(tmp_path / "made" / "hands.sqlite3")
    assert "schema_version" not in {r[0] for r in before.execute("SELECT name FROM sqlite_master")}
    assert version_of(before) == FORMAT == 2
    before.close()
    store = Store(tmp_path / "made" / "hands.sqlite3", create=False)
    try:
        assert [v for (v,) in store.db.execute("SELECT version FROM schema_version ORDER BY version")] == [1, 2, 6, 7]
        assert store.check(anchors=store.anchors_path) == []
    finally:
        store.close()
