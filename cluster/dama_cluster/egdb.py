"""Endgame tables across the cluster: level by level (`dama egdb slices`), the slices of a
level in parallel, each built by `dama egdb build --slice NAME` on a worker that first receives
the slices it needs (through Ray's object store: no shared file system is needed), and every
file gathered into one table directory, where `dama egdb build --pieces N` would put it (the
English and International tables in its `english` and `international` subdirectories). The files
are those of the one-machine build, byte for byte; a slice already in the directory is not built
again."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass

import ray

from . import driver
from .task import TaskSpec


@dataclass
class SlicePlan:
    """One line of `dama egdb slices`."""

    level: int
    name: str
    positions: int
    needs: list


def read_plan(text: str) -> list:
    """The slices of `dama egdb slices` output, in building order."""
    plan = []
    for line in text.splitlines():
        fields = dict(word.split("=", 1) for word in line.split())
        needs = [] if fields["needs"] == "-" else fields["needs"].split(",")
        plan.append(SlicePlan(int(fields["level"]), fields["slice"], int(fields["positions"]), needs))
    return plan


def run(options) -> int:
    """Builds the tables of `options.variant` with 2 to `options.pieces` pieces into
    `options.dir`."""
    dama = driver.check_dama(options.dama)
    variant = ["--variant", options.variant]
    plan = read_plan(driver.dama_output(dama, ["egdb", "slices", "--pieces", str(options.pieces), *variant]))
    place = "" if options.variant == "italian" else options.variant
    target_dir = os.path.join(options.dir, place)
    relative = lambda name: os.path.join(place, f"{name}.egdb")  # noqa: E731
    target = lambda name: os.path.join(options.dir, relative(name))  # noqa: E731
    distances = ["--distance-pieces", str(options.distance_pieces)]
    settings = {"job": "egdb", "variant": options.variant, "distances": options.distance_pieces}
    # The table directory needs no record of the job: each file names its game and is checked
    # when read, and a slice already there is kept.
    job = driver.job_name(settings)
    driver.connect(options.address, options.cpus)
    os.makedirs(target_dir, exist_ok=True)
    done = sum(os.path.exists(target(s.name)) for s in plan)
    if done:
        print(f"egdb: {done} of {len(plan)} slices already in {target_dir}", file=sys.stderr)
    references: dict = {}

    def reference(name):
        # A finished slice goes into the object store once, for every task that needs it.
        if name not in references:
            with open(target(name), "rb") as table:
                references[name] = ray.put(table.read())
        return references[name]

    levels = sorted({s.level for s in plan})
    finished = done
    started = time.monotonic()
    results: list = []
    for level in levels:
        todo = [s for s in plan if s.level == level and not os.path.exists(target(s.name))]
        if not todo:
            continue
        # Fewer slices than CPUs: each takes a share of them (the groups of one advance inside a
        # slice are solved in parallel), on one node.
        threads = max(1, min(driver.cluster_cpus() // len(todo), driver.largest_node_cpus()))
        tasks = []
        for s in todo:
            spec = TaskSpec(
                key=s.name,
                args=["egdb", "build", "--slice", s.name, "--dir", "{dir}", "--threads",
                      str(threads), *variant, *distances],
                cpus=threads,
                outputs=[relative(s.name)],
                inputs={relative(n): [reference(n)] for n in s.needs},
                fault_marker=options.fault_marker if options.fault == s.name else None,
            )
            tasks.append((spec, {relative(s.name): target(s.name)}))
        results += driver.run_tasks(dama, job, tasks, f"egdb level {level}/{levels[-1]}",
                                    total=len(plan), done=finished, window=len(tasks))
        finished += len(todo)
    driver.report("egdb", results, started)
    driver.clean_nodes(job)
    total = sum(os.path.getsize(target(s.name)) for s in plan)
    print(f"egdb: {len(plan)} slices up to {options.pieces} pieces in {target_dir}, "
          f"{total} bytes")
    return 0
