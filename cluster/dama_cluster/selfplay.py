"""Self-play across the cluster: `dama selfplay --shard I/N` for each shard (one CPU each), then
`dama selfplay-merge`, which joins the shards' files into the file one run writes (the same
positions, deduplicated in the same order, byte for byte)."""

from __future__ import annotations

import os
import sys
import time

from . import driver
from .task import TaskSpec


def shard_name(index: int, count: int) -> str:
    """The file of a shard's data, unique to it in the job."""
    return f"selfplay-{index:04d}-of-{count:04d}.bin"


def run(options) -> int:
    """Plays `options.games` games in `options.shards` shards and merges them into
    `options.out`; shards already in the job directory are not played again."""
    dama = driver.check_dama(options.dama)
    if options.shards < 1 or options.games < 1:
        raise driver.JobError("--games and --shards must be at least 1")
    if os.path.exists(options.out) and not options.force:
        raise driver.JobError(f"--out {options.out} exists: give --force to replace it")
    extra = list(options.dama_args)
    for flag in ("--out", "--games", "--shard", "--threads"):
        if flag in extra:
            raise driver.JobError(f"{flag} is the driver's to set: leave it out after --")
    work = options.work or f"{options.out}.shards"
    settings = {"job": "selfplay", "games": options.games, "shards": options.shards, "args": extra}
    job = driver.open_job(work, settings)
    driver.connect(options.address, options.cpus)
    count = options.shards
    names = [shard_name(i, count) for i in range(1, count + 1)]
    todo = [i for i in range(1, count + 1) if not os.path.exists(os.path.join(work, names[i - 1]))]
    if len(todo) < count:
        print(f"selfplay: {count - len(todo)} of {count} shards already done in {work}", file=sys.stderr)

    def tasks():
        for index in todo:
            name = names[index - 1]
            args = ["selfplay", "--out", f"{{dir}}/{name}", "--games", str(options.games),
                    "--shard", f"{index}/{count}", "--threads", "1", *extra]
            spec = TaskSpec(key=name, args=args, outputs=[name],
                            fault_marker=options.fault_marker if options.fault == name else None,
                            cwd=os.getcwd())
            yield spec, {name: os.path.join(work, name)}

    started = time.monotonic()
    results = driver.run_tasks(dama, job, tasks(), "selfplay shards", total=count,
                               done=count - len(todo))
    driver.report("selfplay", results, started)
    merge = ["selfplay-merge", "--games", str(options.games), "--out", options.out,
             *[os.path.join(work, n) for n in names]]
    if options.force:
        merge.append("--force")
    sys.stdout.write(driver.dama_output(dama, merge))
    driver.clean_nodes(job)
    return 0
