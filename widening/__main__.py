from widening.entry import main

raise SystemExit(main())
