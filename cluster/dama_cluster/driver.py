"""The driver's side of a job: the Ray connection, the job's directory, and running a list of
tasks with a progress bar, writing each result under its shard's name as it arrives.

Ray does the scheduling, the retries and the transfers; this module only decides what to submit
(in order, as many at a time as the cluster has CPUs, so that shards run in the order one run
plays them and an SPRT can stop the rest) and what is already done (a result file that exists
is a finished shard: files are written whole under a temporary name, then renamed).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from typing import Callable, Iterable

import ray
from tqdm import tqdm

from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from .task import TaskSpec, error_line, remove_job_directory, run_dama, write_atomically


class JobError(Exception):
    """A job that cannot run or go on, with the reason for the user."""


def connect(address: str | None, cpus: int | None) -> None:
    """Joins the cluster at `address`, or starts a local one with `cpus` CPUs."""
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=cpus or os.cpu_count(), include_dashboard=False, log_to_driver=False)


def cluster_cpus() -> int:
    """The CPUs of the whole cluster (at least one)."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def largest_node_cpus() -> int:
    """The CPUs of the largest node: the most one task can take."""
    sizes = [n.get("Resources", {}).get("CPU", 0) for n in ray.nodes() if n.get("Alive")]
    return max(1, int(max(sizes, default=1)))


def clean_nodes(job: str) -> None:
    """Removes the job's directory from every node, once the job's results are gathered (it is
    kept while the job is unfinished, so that a job started again finds what its nodes hold)."""
    cleaners = [
        remove_job_directory.options(
            scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=False)
        ).remote(job)
        for node in ray.nodes()
        if node.get("Alive")
    ]
    ray.get(cleaners)


def check_dama(dama: str) -> str:
    """The `dama` binary as an absolute path, checked to run here."""
    path = os.path.abspath(dama)
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise JobError(f"no dama binary at {path} (build it: cargo build --release -p dama)")
    return path


def dama_output(dama: str, args: list) -> str:
    """Runs `dama` here (on the driver) and returns its stdout; its error stops the job."""
    done = subprocess.run([dama, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise JobError(error_line(done.stderr, f"dama {args[0]} failed"))
    return done.stdout


def job_name(settings: dict) -> str:
    """A name for the job's directory on each worker node: the same for the same settings."""
    text = json.dumps(settings, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def open_job(work: str, settings: dict) -> str:
    """Creates or reopens the job directory `work`, which records the job's settings: a
    directory of another job is refused (its shards would be counted as this job's). Returns
    the job's name, the same for the same settings (the directory on each worker node)."""
    os.makedirs(work, exist_ok=True)
    text = json.dumps(settings, sort_keys=True, indent=1)
    record = os.path.join(work, "job.json")
    if os.path.exists(record):
        with open(record) as existing:
            if existing.read() != text:
                raise JobError(
                    f"{work} holds the shards of another job (job.json differs): "
                    "give another --work, or remove it"
                )
    else:
        write_atomically(record, text.encode())
    return job_name(settings)


def report(job: str, results: list, started: float) -> None:
    """One line on stderr: the tasks run, their summed and longest time, the job's wall time."""
    seconds = [result["seconds"] for _, result in results]
    nodes = len({result["node"] for _, result in results})
    plural = lambda n, word: f"{n} {word}{'s' if n != 1 else ''}"  # noqa: E731
    print(
        f"{job}: {plural(len(seconds), 'task')} on {plural(nodes, 'node')} "
        f"({plural(cluster_cpus(), 'CPU')}): {sum(seconds):.1f} s of dama in all, the longest "
        f"{max(seconds, default=0):.1f} s; wall {time.monotonic() - started:.1f} s",
        file=sys.stderr,
    )


def run_tasks(
    dama: str,
    job: str,
    tasks: Iterable[tuple[TaskSpec, dict]],
    description: str,
    total: int,
    done: int = 0,
    after_each: Callable[[TaskSpec, dict], bool] | None = None,
    window: int | None = None,
) -> list:
    """Runs `tasks`, each a spec and {output path on the task: file to write here}, keeping at
    most `window` (default: the cluster's CPUs) in flight, submitted in order. Each result's
    files are written as it arrives. `after_each(spec, result)` returning True stops the job:
    tasks not yet submitted are dropped and those running are cancelled. `total` and `done`
    set the progress bar. Returns the results in the order they finished."""
    window = window or cluster_cpus()
    pending = iter(tasks)
    running: dict = {}
    results = []
    stopped = False
    bar = tqdm(total=total, initial=done, desc=description, unit="task", file=sys.stderr)

    def submit() -> None:
        while not stopped and len(running) < window:
            item = next(pending, None)
            if item is None:
                return
            spec, targets = item
            task = run_dama.options(num_cpus=spec.cpus)
            running[task.remote(dama, job, spec)] = (spec, targets)

    try:
        submit()
        while running:
            finished, _ = ray.wait(list(running), num_returns=1)
            spec, targets = running.pop(finished[0])
            result = ray.get(finished[0])
            for produced, target in targets.items():
                write_atomically(target, result["outputs"][produced])
            # The files are on disk now: keep the driver's memory for the rest of the job.
            result = dict(result, outputs=sorted(result["outputs"]))
            results.append((spec, result))
            bar.update(1)
            if after_each and after_each(spec, result):
                stopped = True
                for reference in running:
                    ray.cancel(reference, force=True)
                running.clear()
            submit()
    finally:
        bar.close()
        for reference in running:
            ray.cancel(reference, force=True)
    return results
