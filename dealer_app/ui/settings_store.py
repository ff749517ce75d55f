"""The desktop app's remembered settings, read and written through their declarations
(``settings.py``: each one's key, type and default), never by a key typed again here."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QWidget

    from dealer_app.settings import Setting

T = TypeVar("T")


def read(settings: QSettings, setting: Setting[T]) -> T | None:
    """The setting's value, else its default. A flag is read as one (an .ini file keeps
    "true"); a word is a ``str``; a saved geometry is Qt's own bytes, None until saved."""
    # (QSettings gives back what it stored untyped: the declaration's kind is the boundary)
    if setting.kind is bool:
        return cast("T", bool(settings.value(setting.key, setting.default, type=bool)))
    value = settings.value(setting.key, setting.default)
    if setting.kind is str:
        return cast("T", str(value or "")) if setting.default == "" else cast("T | None", value)
    return cast("T | None", value)


def write(settings: QSettings, setting: Setting[T], value: T) -> None:
    settings.setValue(setting.key, value)


def save_geometry(settings: QSettings, setting: Setting[bytes], window: QWidget) -> None:
    """A window's place and size, kept as Qt's own byte array (what ``restoreGeometry`` reads)."""
    settings.setValue(setting.key, window.saveGeometry())


def app_settings() -> QSettings:
    """The settings the desktop app remembers (``settings.py`` declares each one), in the config
    folder: ``DEALER_APP_CONFIG`` moves them with the key and the anchors (by default the file Qt
    itself would use, ``~/.config/dealer-app/dealer-app.conf``). Before, Qt's own path was
    used whatever DEALER_APP_CONFIG said, so a test run read the machine user's language."""
    from PySide6.QtCore import QSettings

    from dealer_app.settings import settings_path

    return QSettings(str(settings_path()), QSettings.Format.IniFormat)
