"""What the pydraughts Hub checks share: a HubEngine that records every line it receives and counts
protocol errors, a failure counter, starting and closing a Dama engine under pydraughts, and the
`--dama` argument. Used by hub_interop.py, hub_variants.py, hub_latency.py, loaded_interop.py and
dxp_interop.py (its failure counter).
"""

import argparse
import os
import sys
import time
from pathlib import Path

from draughts.engine import HubEngine
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

REPOSITORY = Path(__file__).resolve().parents[2]
STOP_LATENCY = 0.5  # seconds: generous, the engine answers in milliseconds
KNOWN_RESPONSES = {"id", "param", "wait", "ready", "info", "done", "pong"}


class CheckedHubEngine(HubEngine):
    """pydraughts' HubEngine, also recording every line received and counting protocol errors,
    and when the last `done` arrived."""

    def __init__(self, command, name):
        self.name = name
        self.protocol_errors = []
        self.last_done = None
        self.done_at = None
        super().__init__(command)

    def recv(self):
        line = super().recv()
        word = line.split(None, 1)[0]
        if word not in KNOWN_RESPONSES:
            self.protocol_errors.append(line)
        if word == "done":
            self.last_done = line
            self.done_at = time.perf_counter()
        return line

    def time_since(self, started):
        """The time a GUI's clock charges for a move begun at `started`: until the `done` line
        arrived. pydraughts' own work after it (reading the move back into its board: 5-15 ms a move
        in Python, up to 45 ms in International) is the client's, not the engine's."""
        if self.done_at is not None and self.done_at >= started:
            return self.done_at - started
        return time.perf_counter() - started


class Failures:
    def __init__(self):
        self.messages = []

    def check(self, condition, message):
        if not condition:
            self.messages.append(message)
            print("FAIL:", message, flush=True)
        return condition


def start_engine(binary, name, options):
    engine = CheckedHubEngine([str(binary), "hub"], name)
    engine.setoption("variant", "italian")
    engine.configure(options)
    engine.init()
    return engine


def close_engine(engine, failures):
    engine.quit()
    try:
        code = engine.p.wait(timeout=5)
        failures.check(code == 0, f"{engine.name}: exit status {code} after quit")
    except Exception:  # noqa: BLE001 (any failure to exit is a failure)
        failures.check(False, f"{engine.name}: did not exit after quit")
        engine.kill_process()
    engine.p.stdin.close()
    engine.p.stdout.close()
    failures.check(not engine.protocol_errors, f"{engine.name}: protocol errors {engine.protocol_errors}")
    return len(engine.protocol_errors)


def dama_parser(doc):
    """An argument parser with `--dama PATH` (default $DAMA_BIN or target/release/dama), described
    by the first paragraph of `doc`."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--dama", default=os.environ.get("DAMA_BIN",
                                                         REPOSITORY / "target" / "release" / "dama"))
    return parser


def dama_binary(args):
    """The `--dama` binary, resolved; exits saying how to build it when it is not there."""
    binary = Path(args.dama).resolve()
    if not binary.is_file():
        sys.exit(f"no dama binary at {binary}: run `cargo build --release -p dama` or pass --dama")
    return binary
