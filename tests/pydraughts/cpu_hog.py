"""A loaded machine for the timing checks: one busy process per core (`while True: pass`), each
in a process group of its own, killed when the `with` block ends, however it ends (an exception,
Ctrl-C, a failed check), and when this Python process exits."""

import atexit
import math
import os
import signal
import subprocess
import sys


class CpuHog:
    """`with CpuHog(n):` keeps n processes busy (default: one per core) for the block."""

    def __init__(self, count=None):
        self.count = (os.cpu_count() or 1) if count is None else count
        self.processes = []

    def __enter__(self):
        for _ in range(self.count):
            self.processes.append(subprocess.Popen(
                [sys.executable, "-c", "while True: pass"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True))
        atexit.register(self.stop)
        return self

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            process.wait()
        self.processes = []

    def __exit__(self, *_):
        self.stop()
        return False


def load_average():
    """The 1-minute load average, for the report (None where the system has none)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return None


def quantile(values, q):
    """The nearest-rank quantile of `values` (any order), as the timing checks report them."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]
