from widening.cli import main

raise SystemExit(main())
