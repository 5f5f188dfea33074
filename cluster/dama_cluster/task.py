"""The one kind of Ray task: run the `dama` binary on a worker and hand back the files it wrote.

A task gets a `TaskSpec`: the `dama` arguments, the files it needs (as Ray object references,
fetched only when the worker's node does not hold them yet) and the files it will write. It runs
in a directory of the job on the worker's node (kept across tasks, so a node fetches a file
once and a retried self-play shard resumes its partial file), and returns the bytes of its
outputs; the driver writes them under names unique to the shard, so a retried task never counts
twice.

Ray retries a task whose worker process dies (`max_retries`), and one whose `dama` was killed by
a signal (`DamaKilled`); a `dama` that exits with an error is not retried (it would fail again)
and stops the job with its message.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

import ray

#: How many times Ray runs a task again after its worker died or its `dama` was killed.
MAX_RETRIES = 3


class DamaFailed(Exception):
    """`dama` exited with an error status: the job cannot go on."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status

    def __reduce__(self):
        return (DamaFailed, (str(self), self.status))


class DamaKilled(Exception):
    """`dama` was killed by a signal (out of memory, a node going down): the task is retried."""


@dataclass
class TaskSpec:
    """What one task does."""

    #: A name unique in the job, e.g. `match-0003-of-0008`.
    key: str
    #: The `dama` arguments after the binary; `{dir}` stands for the task's directory.
    args: list
    #: Files the task writes, relative to its directory; their bytes are returned.
    outputs: list
    #: Files the task needs, relative to its directory: path -> [object reference of bytes]
    #: (in a list, so that Ray does not fetch them before the task knows it needs them).
    inputs: dict = field(default_factory=dict)
    #: A marker file: when set and absent, the task creates it and kills its own worker
    #: process mid-task (the fault test); a retry finds the marker and runs normally.
    fault_marker: str | None = None
    #: CPUs the task takes (a slice alone in its level builds with several threads).
    cpus: int = 1
    #: The directory to run `dama` in (relative paths in its arguments, such as an engine's
    #: command, are read from there) when the node has it; else the task's directory.
    cwd: str | None = None


def job_directory(job: str) -> str:
    """The job's directory on this node (created if needed)."""
    path = os.path.join(tempfile.gettempdir(), "dama-cluster", job)
    os.makedirs(path, exist_ok=True)
    return path


def write_atomically(path: str, data: bytes) -> None:
    """Writes a whole file under a temporary name and renames it: a file with the name is whole."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".partial-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


@ray.remote(num_cpus=0)
def remove_job_directory(job: str) -> None:
    """Removes the job's directory on the node running this task (a job that is over)."""
    shutil.rmtree(os.path.join(tempfile.gettempdir(), "dama-cluster", job), ignore_errors=True)


def error_line(stderr: str, fallback: str) -> str:
    """The reason in what `dama` wrote on stderr: its `error: ...` line (without the word), else
    its last line."""
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    for line in lines:
        if line.startswith("error: "):
            return line.removeprefix("error: ")
    return lines[-1] if lines else fallback


def _die_with_parent() -> None:
    """In the child: ask Linux to kill it when the worker that started it dies."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


@ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=[DamaKilled])
def run_dama(dama: str, job: str, spec: TaskSpec) -> dict:
    """Runs `dama` for one shard or slice; returns {"outputs": {path: bytes}, "seconds": s,
    "node": hostname}."""
    directory = job_directory(job)
    for relative, (reference,) in spec.inputs.items():
        path = os.path.join(directory, relative)
        if not os.path.exists(path):
            write_atomically(path, ray.get(reference))
    args = [a.replace("{dir}", directory) for a in spec.args]
    started = time.monotonic()
    process = subprocess.Popen(
        [dama, *args],
        cwd=spec.cwd if spec.cwd and os.path.isdir(spec.cwd) else directory,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_die_with_parent,
    )
    if spec.fault_marker and not os.path.exists(spec.fault_marker):
        # The fault test: die mid-task, once, the way a lost worker does.
        time.sleep(1.0)
        with open(spec.fault_marker, "w") as marker:
            marker.write(f"{spec.key} killed its worker {os.getpid()}\n")
        os.kill(os.getpid(), signal.SIGKILL)
    out, err = process.communicate()
    seconds = time.monotonic() - started
    if process.returncode < 0:
        raise DamaKilled(f"{spec.key}: dama killed by signal {-process.returncode}")
    if process.returncode != 0:
        reason = error_line(err.decode(errors="replace"), f"exit status {process.returncode}")
        raise DamaFailed(f"{spec.key}: dama {args[0]}: {reason}", process.returncode)
    outputs = {}
    for relative in spec.outputs:
        with open(os.path.join(directory, relative), "rb") as produced:
            outputs[relative] = produced.read()
    return {
        "outputs": outputs,
        "seconds": seconds,
        "node": os.uname().nodename,
        "stdout": out.decode(errors="replace"),
    }
