"""A match across the cluster: `dama match --shard I/N` for each shard of game pairs (one CPU
each: the two engines of a game take turns), then `dama match-merge`, which counts the shards
as one run (score, Elo with its pentanomial interval, SPRT) and writes their PDN in game order.

With `--sprt`, shards are started in order, as many at a time as the cluster has CPUs; after
each finished shard the shards done so far are merged, and when the SPRT decides, the shards
still running are cancelled and no more are started."""

from __future__ import annotations

import os
import re
import sys
import time

from . import driver
from .task import TaskSpec

#: The flags of `dama match` that the driver sets itself.
DRIVER_FLAGS = ("--shard", "--shard-out", "--sprt", "--pdn-out", "--append", "--force",
                "--concurrency")


def shard_name(index: int, count: int) -> str:
    """The result file of a shard, unique to it in the job."""
    return f"match-{index:04d}-of-{count:04d}.shard"


def sprt_state(report: str) -> str:
    """The SPRT word of a match report's `result` line: H0, H1, continue or none."""
    found = re.search(r"^result .* sprt=(\S+)", report, re.M)
    return found.group(1) if found else "none"


def run(options) -> int:
    """Plays the match `options.dama_args` (the arguments of `dama match`) in `options.shards`
    shards and prints the merged report; shards already in the job directory are kept."""
    dama = driver.check_dama(options.dama)
    extra = list(options.dama_args)
    for flag in DRIVER_FLAGS:
        if any(a == flag or a.startswith(flag + "=") for a in extra):
            raise driver.JobError(f"{flag} is the driver's to set: leave it out after --")
    if options.shards < 1:
        raise driver.JobError("--shards must be at least 1")
    if options.pdn_out and os.path.exists(options.pdn_out) and not options.force:
        raise driver.JobError(f"--pdn-out {options.pdn_out} exists: give --force to replace it")
    work = options.work
    settings = {"job": "match", "shards": options.shards, "args": extra}
    job = driver.open_job(work, settings)
    driver.connect(options.address, options.cpus)
    count = options.shards
    names = [shard_name(i, count) for i in range(1, count + 1)]
    path = lambda name: os.path.join(work, name)  # noqa: E731
    done = [n for n in names if os.path.exists(path(n))]
    if done:
        print(f"match: {len(done)} of {count} shards already done in {work}", file=sys.stderr)

    def merge(files, final):
        args = ["match-merge", *[path(n) for n in files]]
        if options.sprt:
            args += ["--sprt", options.sprt]
        if final and options.pdn_out:
            args += ["--pdn-out", options.pdn_out] + (["--force"] if options.force else [])
        return driver.dama_output(dama, args)

    finished = list(done)
    if options.sprt and finished and sprt_state(merge(finished, False)) in ("H0", "H1"):
        todo = []
    else:
        todo = [n for n in names if n not in done]

    def tasks():
        for name in todo:
            index = names.index(name) + 1
            args = ["match", *extra, "--quiet", "--shard", f"{index}/{count}",
                    "--shard-out", f"{{dir}}/{name}", "--force"]
            spec = TaskSpec(key=name, args=args, outputs=[name],
                            fault_marker=options.fault_marker if options.fault == name else None,
                            cwd=os.getcwd())
            yield spec, {name: path(name)}

    def after_each(spec, _result):
        finished.append(spec.key)
        if not options.sprt:
            return False
        state = sprt_state(merge(finished, False))
        if state in ("H0", "H1"):
            print(f"match: SPRT {state} accepted after {len(finished)} of {count} shards; "
                  "stopping the others", file=sys.stderr)
            return True
        return False

    started = time.monotonic()
    results = driver.run_tasks(dama, job, tasks(), "match shards", total=count, done=len(done),
                               after_each=after_each)
    driver.report("match", results, started)
    sys.stdout.write(merge([n for n in names if n in finished], True))
    driver.clean_nodes(job)
    return 0
