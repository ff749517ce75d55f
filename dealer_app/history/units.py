"""A hand file's own units (``antes = [0.25]``) and the engine's whole units (25).

Here, outside the engine, because ``from_units`` gives a float: for a report or a file only.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_app.engine.money import MAX_CENTS, exact_amount


class NotWholeUnits(ValueError):
    """An amount finer than the units it is counted in ($0.001 in cents)."""


def to_units(amount, places: int) -> int:
    """``0.5`` with 2 places → 50, exactly; ValueError if it is not a finite, bounded, whole
    number of units."""
    scaled = exact_amount(amount).scaleb(places)
    if abs(scaled) > MAX_CENTS:
        raise ValueError(f"{amount} is too large an amount")
    if scaled != scaled.to_integral_value():
        raise NotWholeUnits(f"{amount} is not a whole number of 1/{10**places}")
    return int(scaled)


def from_units(units: int, places: int) -> int | float:
    """50 with 2 places → 0.5: for output only (a report, a file), never for chips."""
    d = Decimal(units).scaleb(-places)
    return int(d) if d == d.to_integral_value() else float(d)
