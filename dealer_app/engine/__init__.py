"""The rules engine: plain Python, no Qt (tests/test_engine_purity.py enforces it); release
builds may compile it with mypyc (setup.py), from the same source.

State changes only through Hand actions, which return events; every decision names the
catalog rule IDs (../shared/rules/STUD_RULES.md) it applied.
"""

from dealer_app.engine import hand as _hand
from dealer_app.engine.cards import CardError, format_card, format_cards, parse_card, parse_cards
from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, HouseProfile, LimitTable, load_profile, load_table

# "mypyc" when this is the compiled build (setup.py), "python" when it runs from source
ENGINE_BUILD = "python" if _hand.__file__.endswith(".py") else "mypyc"

__all__ = [
    "ENGINE_BUILD",
    "BettingRules", "CardError", "EngineError", "Hand", "HouseProfile", "IllegalAction",
    "LimitTable", "SeatSpec", "format_card", "format_cards", "load_profile", "load_table",
    "parse_card", "parse_cards",
]
