"""Every remembered setting is declared once in settings.py (key, type, default), listed in
SETTINGS, and read back through ui/settings_store as its declared type."""

from PySide6.QtCore import QSettings

import dealer_app.settings as settings_module
from dealer_app.settings import SETTINGS, Setting
from dealer_app.ui.settings_store import read, write


def test_every_declared_setting_is_listed_once_with_a_default_of_its_kind():
    declared = [v for v in vars(settings_module).values() if isinstance(v, Setting)]
    assert sorted(s.key for s in declared) == sorted(s.key for s in SETTINGS)
    assert len({s.key for s in SETTINGS}) == len(SETTINGS)
    for s in SETTINGS:
        assert s.default is None or isinstance(s.default, s.kind), s.key


def test_each_setting_reads_back_its_default_then_what_was_written(tmp_path, qapp):
    store = QSettings(str(tmp_path / "dealer-app.ini"), QSettings.Format.IniFormat)
    samples = {bool: False, str: "de", bytes: b"\x01\x02geometry"}
    for s in SETTINGS:
        assert read(store, s) == s.default, s.key
        value = samples[s.kind] if s.default != samples[s.kind] else (True if s.kind is bool else samples[s.kind] * 2)
        write(store, s, value)
    store.sync()
    again = QSettings(str(tmp_path / "dealer-app.ini"), QSettings.Format.IniFormat)  # (an .ini keeps "true")
    for s in SETTINGS:
        got = read(again, s)
        assert isinstance(got, s.kind), (s.key, got)
