#!/usr/bin/env python3
"""Differential test of Dama's Brazilian draughts move generator (`dama moves --variant brazilian`) against pydraughts
(PyPI `pydraughts`, variant "brazilian"), an independent implementation: majority capture, a man
passing the far row in a capture stays a man, kings fly, captured pieces come off after the
move.

Positions, from one fixed seed (flying8_common.sample): random games from the start played with
pydraughts, random placements (rich in kings, or many pieces with few kings; men never on their
own far row, at most 12 a side, either side to move), men about to pass the far row in a capture,
and random games from those. Moves are compared as sets of (from, to, frozenset(captured
squares)) in the games' numbers (1 = a1); Dama lists one move per triple (a triple listed twice
is a failure of its own), pydraughts may list one per route.

Usage: brazilian_differential.py [--dama PATH] [--seed N] [--positions N]   (exit status 0 only when
every position agrees and at least N positions were compared)
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import flying8_common  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args()
    return flying8_common.run("brazilian", args.dama, args.seed, args.positions)


if __name__ == "__main__":
    sys.exit(main())
