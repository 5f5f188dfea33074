"""Every `dama` a check starts sees no endgame tables but those the check names.

Imported (for its effect) by each script under tests/ that runs `dama`, before it starts one: the
default table directory (`DAMA_EGDB_DIR`) and the cache (`XDG_CACHE_HOME`) of every process the
script starts become places of this run's own under the temporary directory that nothing creates,
and no tables are built on first use (`DAMA_EGDB_BUILD=off`). So no check passes or fails by the
tables that happen to sit in the machine's `~/.cache/dama/egdb` (docs/strength.md says why that
matters). A check that wants tables builds them into a directory of its own and names it.
"""
import os
import tempfile

NO_CACHE = os.path.join(tempfile.gettempdir(), "dama-check-%d-no-cache" % os.getpid())
os.environ["DAMA_EGDB_DIR"] = os.path.join(NO_CACHE, "dama", "egdb")
os.environ["XDG_CACHE_HOME"] = NO_CACHE
os.environ["DAMA_EGDB_BUILD"] = "off"
