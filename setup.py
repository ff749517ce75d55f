"""Build hook for the optional compiled engine; everything else is in pyproject.toml.

``DEALER_APP_COMPILE=1`` compiles the engine's hot modules with mypyc (as Black and mypy
ship themselves): the same Python source, type-checked and turned into C extensions, about
twice as fast. Without it (the default, and every editable install) the engine is the plain
Python in dealer_app/engine/. ``tools/build-compiled-engine.sh`` builds such a wheel.
"""

import os

from setuptools import setup

# the modules a hand runs through on every action; limits, session and catalog load files
# and run once, so they stay interpreted
COMPILED = ["events", "errors", "money", "cards", "player", "evaluator", "deck", "core",
            "dealing", "betting", "showdown", "hand"]

ext_modules = []
if os.environ.get("DEALER_APP_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify([f"dealer_app/engine/{m}.py" for m in COMPILED], opt_level="3",
                           group_name="dealer_app_engine")

setup(ext_modules=ext_modules)
