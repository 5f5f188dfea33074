"""`python -m dama_cluster`."""

from .cli import main

raise SystemExit(main())
