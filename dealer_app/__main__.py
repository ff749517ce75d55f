from dealer_app.cli import main

raise SystemExit(main())
