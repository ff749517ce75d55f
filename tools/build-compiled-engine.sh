#!/usr/bin/env bash
# Build the dealer-app wheel with the engine compiled by mypyc, and install it into a venv
# of its own (default .venv-compiled), beside its test extras. The source tree is untouched:
# an in-place build would leave .so files that shadow later edits to the .py files.
#
#   tools/build-compiled-engine.sh [VENV]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="$(realpath -m "${1:-.venv-compiled}")"
python3 -m venv "$venv"
"$venv/bin/pip" install -q 'mypy==2.4.1' 'setuptools>=68' wheel
rm -rf build/ dist-compiled/
DEALER_APP_COMPILE=1 "$venv/bin/pip" wheel -q --no-build-isolation --no-deps -w dist-compiled .
rm -rf build/
"$venv/bin/pip" install -q --force-reinstall --no-deps dist-compiled/dealer_app-*.whl
"$venv/bin/pip" install -q "$(ls dist-compiled/dealer_app-*.whl)[test]"
(cd / && "$venv/bin/python" -c 'import dealer_app.engine as e; print("engine build:", e.ENGINE_BUILD)')
