from widening.commands.cli import main

raise SystemExit(main())
