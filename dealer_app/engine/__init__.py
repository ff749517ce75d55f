"""The rules engine: plain Python, no Qt (import-linter's contracts in pyproject.toml enforce it).

State changes only through Hand actions, which return events; every decision names the
catalog rule IDs (../shared/rules/STUD_RULES.md) it applied.
"""

from dealer_app.engine.cards import CardError, format_card, format_cards, parse_card, parse_cards
from dealer_app.engine.errors import EngineError, IllegalAction
from dealer_app.engine.hand import Hand
from dealer_app.engine.limits import BettingRules, HouseProfile, LimitTable, load_profile, load_table
from dealer_app.engine.player import SeatSpec

# the benchmarks and the fingerprint report it; a mypyc-compiled build existed until the typed
# events (issue 11), whose classes mypyc cannot compile as they read
ENGINE_BUILD = "python"

__all__ = [
    "ENGINE_BUILD",
    "BettingRules",
    "CardError",
    "EngineError",
    "Hand",
    "HouseProfile",
    "IllegalAction",
    "LimitTable",
    "SeatSpec",
    "format_card",
    "format_cards",
    "load_profile",
    "load_table",
    "parse_card",
    "parse_cards",
]
