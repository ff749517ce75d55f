from dealer_app.cli import main

# guarded: the card room's forwarder is a spawned process, which imports the main module again
if __name__ == "__main__":
    raise SystemExit(main())
