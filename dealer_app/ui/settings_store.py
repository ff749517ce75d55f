"""The desktop app's remembered settings, read and written through their declarations
(``settings.py``: each one's key, type and default), never by a key typed again here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from dealer_app.settings import Setting


def read(settings: QSettings, setting: Setting) -> Any:
    """The setting's value, else its default. A flag is read as one (an .ini file keeps
    "true"); a word is a ``str``; a saved geometry is Qt's own bytes, None until saved."""
    if setting.kind is bool:
        return bool(settings.value(setting.key, setting.default, type=bool))
    value = settings.value(setting.key, setting.default)
    if setting.kind is str:
        return str(value or "") if setting.default == "" else value
    return value


def write(settings: QSettings, setting: Setting, value: Any) -> None:
    settings.setValue(setting.key, value)
