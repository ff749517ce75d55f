"""``python -m dealer_app.cli``: as ``dealer-app``."""

from dealer_app.cli.commands import main

if __name__ == "__main__":
    raise SystemExit(main())
