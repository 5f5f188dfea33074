"""The command line: `dama-cluster [--address ADDR] [--cpus N] [--dama PATH] selfplay|match|egdb
...`. Errors are one `error: ...` line on stderr and exit status 2, as `dama` does."""

from __future__ import annotations

import argparse
import os
import sys

from . import driver, egdb, match, selfplay
from .task import DamaFailed

#: `NAME:MARKER`: the task NAME (a shard's file or a slice) kills its own worker once, mid-task,
#: creating the file MARKER; the fault test sets it.
FAULT_VARIABLE = "DAMA_CLUSTER_FAULT"


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="dama-cluster",
        description="Run Dama's self-play, matches and endgame tables on a Ray cluster.",
    )
    top.add_argument("--address", help="a running Ray cluster (ray start --head prints it; "
                     "'auto' finds the local one); default: start a local cluster for the job")
    top.add_argument("--cpus", type=int, help="CPUs of the local cluster (default: all); "
                     "ignored with --address")
    top.add_argument("--dama", default="target/release/dama",
                     help="the dama binary, at this path on every node (default: %(default)s)")
    commands = top.add_subparsers(dest="command", required=True)

    play = commands.add_parser("selfplay", help="dama selfplay in shards, merged into one file")
    play.add_argument("--out", required=True, help="the merged data file")
    play.add_argument("--games", type=int, required=True, help="games of the whole run")
    play.add_argument("--shards", type=int, required=True, help="shards of game pairs")
    play.add_argument("--work", help="the shards' directory (default: OUT.shards)")
    play.add_argument("--force", action="store_true", help="replace an existing --out")
    play.add_argument("dama_args", nargs=argparse.REMAINDER,
                      help="after --: more dama selfplay arguments (--nodes, --seed, --variant...)")

    duel = commands.add_parser("match", help="dama match in shards of game pairs, merged")
    duel.add_argument("--shards", type=int, required=True, help="shards of game pairs")
    duel.add_argument("--work", required=True, help="the shards' directory")
    duel.add_argument("--sprt", help="elo0=E0,elo1=E1[,alpha=A][,beta=B]: stop when it decides")
    duel.add_argument("--pdn-out", help="every game's PDN, in game order")
    duel.add_argument("--force", action="store_true", help="replace an existing --pdn-out")
    duel.add_argument("dama_args", nargs=argparse.REMAINDER,
                      help="after --: the dama match arguments (--engine ..., the limit, ...)")

    tables = commands.add_parser("egdb", help="dama egdb build, level by level, slices in parallel")
    tables.add_argument("--pieces", type=int, required=True, help="2 to N pieces")
    tables.add_argument("--dir", required=True, help="the table directory")
    tables.add_argument("--variant", default="italian", choices=["italian", "english", "international"])
    tables.add_argument("--distance-pieces", type=int, default=5,
                        help="store distances up to this many pieces (default: %(default)s)")
    return top


def main(argv: list | None = None) -> int:
    options = parser().parse_args(argv)
    if getattr(options, "dama_args", None) and options.dama_args[0] == "--":
        options.dama_args = options.dama_args[1:]
    fault = os.environ.get(FAULT_VARIABLE, "")
    options.fault, _, options.fault_marker = fault.partition(":")
    try:
        job = {"selfplay": selfplay.run, "match": match.run, "egdb": egdb.run}[options.command]
        return job(options)
    except driver.JobError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the shards done are kept; run the same command again to go on",
              file=sys.stderr)
        return 130
    except Exception as error:  # a task's failure, raised again by ray.get
        cause = getattr(error, "cause", None) or error
        lines = str(cause).strip().splitlines()
        print(f"error: {lines[-1] if lines else type(cause).__name__}", file=sys.stderr)
        # A dama refusing its arguments is a wrong input (2); anything else a failure (1).
        return 2 if isinstance(cause, DamaFailed) and cause.status == 2 else 1
