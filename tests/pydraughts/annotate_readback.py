#!/usr/bin/env python3
"""`dama annotate` output read back by pydraughts (PyPI `pydraughts`, draughts.PDN.PDNReader): the
games of tests/data/annotate.pdn that Dama can read (Italian and English) are annotated (evaluation comments, `?`/`??`/`!`
marks, a summary comment) and pydraughts must read every one of them, with the same moves, and
replay them legally from their FEN with its own move generator.

Usage: annotate_readback.py [--dama PATH]   (exit status 0 only when every game reads back)
"""

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import draughts
from draughts.PDN import PDNReader
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

REPOSITORY = Path(__file__).resolve().parents[2]
# The readable games of tests/data/annotate.pdn and their moves, as written in that file.
# Each is (pydraughts variant, moves); the third game of the file has an illegal move and is refused.
EXPECTED = [
    ("italian", ["22-18", "11-15", "18-14", "10x19", "23x14"]),
    ("italian", ["10-14", "27-23", "6-10"]),
    ("italian", ["23-19", "15x22"]),
    ("english", ["11-15", "23-19"]),
]


def ends(text):
    squares = text.replace("x", "-").split("-")
    return int(squares[0]), int(squares[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "annotated.pdn"
        run = subprocess.run([args.dama, "annotate", str(REPOSITORY / "tests" / "data" / "annotate.pdn"),
                              "--depth", "6", "--out", str(out)], capture_output=True, text=True)
        if run.returncode != 2 or "1 of 5 games could not be read" not in run.stderr:
            print(f"FAIL: dama annotate: exit {run.returncode}, stderr {run.stderr!r}")
            return 1
        text = out.read_text()
        games = PDNReader(filename=str(out)).games
    failures = []
    if len(games) != len(EXPECTED):
        failures.append(f"pydraughts read {len(games)} games, expected {len(EXPECTED)}")
    for number, (game, (variant, expected)) in enumerate(zip(games, EXPECTED), 1):
        moves = list(game.moves)
        fen = game.tags.get("FEN")
        if fen and fen.startswith("B") and len(moves) >= 2 and moves[0] == moves[1]:
            moves = moves[1:]  # PDNReader repeats the first move when Black starts
        if [ends(m) for m in moves] != [ends(m) for m in expected]:
            failures.append(f"game {number}: pydraughts read {moves}, expected {expected}")
            continue
        board = draughts.Board(variant=variant, fen=fen) if fen else draughts.Board(variant=variant)
        for ply, text_move in enumerate(moves, 1):
            start, end = ends(text_move)
            legal = [m for m in board.legal_moves() if m.steps_move[0] == start and m.steps_move[-1] == end]
            if not legal:
                failures.append(f"game {number} ply {ply}: {text_move} is not legal for pydraughts")
                break
            board.push(legal[0])
        print(f"game {number}: {len(moves)} moves read back and replayed by pydraughts")
    if "23-19??" not in text or "better 23-20" not in text:
        failures.append("the planted blunder 23-19 is not flagged with the better move 23-20")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(games)} annotated games read back; failures {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
