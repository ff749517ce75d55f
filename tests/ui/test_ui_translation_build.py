"""The .qm is built from the .ts, never committed: next to the .ts when its folder can be
written, else in the user's cache (an installed package whose folder is read-only), and a
stale one (the .ts edited since) is built again."""

import os
import shutil
import tempfile

from PySide6.QtCore import QTranslator

from dealer_app.ui import translations


def _package_copy(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg" / "i18n"
    pkg.mkdir(parents=True)
    shutil.copy(translations.I18N / "dealer_app_de.ts", pkg / "dealer_app_de.ts")
    monkeypatch.setattr(translations, "I18N", pkg)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return pkg


def _german(path) -> str:
    t = QTranslator()
    assert t.load(str(path))
    return t.translate("Words", "hand dealt: antes in")


def test_a_fresh_clone_builds_the_qm_next_to_the_ts(tmp_path, monkeypatch, qapp):
    pkg = _package_copy(tmp_path, monkeypatch)
    built = translations.qm_file("de")
    assert built == pkg / "dealer_app_de.qm" and built.is_file()
    assert _german(built) not in ("", "hand dealt: antes in")


def test_a_read_only_package_builds_the_qm_in_the_users_cache(tmp_path, monkeypatch, qapp):
    pkg = _package_copy(tmp_path, monkeypatch)
    real_mkstemp = tempfile.mkstemp

    def refused_in_package(*args, **kwargs):  # (the tests run as root, for whom chmod refuses nothing)
        if os.path.realpath(kwargs.get("dir", "")) == os.path.realpath(pkg):
            raise PermissionError(13, "Permission denied", str(pkg))
        return real_mkstemp(*args, **kwargs)

    monkeypatch.setattr(translations.tempfile, "mkstemp", refused_in_package)
    built = translations.qm_file("de")
    assert built == tmp_path / "cache" / "dealer-app" / "i18n" / "dealer_app_de.qm"
    assert not (pkg / "dealer_app_de.qm").exists()
    assert _german(built) not in ("", "hand dealt: antes in")


def test_an_edited_ts_is_built_again(tmp_path, monkeypatch, qapp):
    pkg = _package_copy(tmp_path, monkeypatch)
    first = translations.qm_file("de")
    stale = first.stat().st_mtime - 100
    os.utime(first, (stale, stale))  # the .qm built before the translator saved the .ts
    again = translations.qm_file("de")
    assert again == pkg / "dealer_app_de.qm"
    assert again.stat().st_mtime >= (pkg / "dealer_app_de.ts").stat().st_mtime > stale
