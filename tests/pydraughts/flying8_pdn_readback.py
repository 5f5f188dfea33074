#!/usr/bin/env python3
"""Reads the PDN of Russian and Brazilian games that Dama writes with pydraughts (PyPI
`pydraughts`, draughts.PDNReader) and replays every move with pydraughts' own move generator.

For each game it plays a short `dama match --variant V` between two `dama hub` processes (every
first move and reply, a fixed depth) and annotates the match's PDN with `dama annotate`; every
game of both files must:
- carry [GameType "25"] (Russian) or [GameType "26"] (Brazilian) and [Result];
- parse into as many moves as its [PlyCount] says (the match's file);
- replay from the start with every move one of pydraughts' legal moves (algebraic, captures
  written with x: `c3xe5xg7`, or `c3xg7` when unambiguous);
- end as its [Termination] says when that is "no legal move": the side to move has none.

Usage: flying8_pdn_readback.py [--dama PATH] [--games N]   (exit status 0 only when every game
replays)
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
GAME_TYPES = {"russian": "25", "brazilian": "26"}


def replay(variant, game, tags):
    """Replays one game read by pydraughts; returns the failure, or None."""
    if tags.get("GameType", "").split(",")[0] != GAME_TYPES[variant]:
        return f"GameType {tags.get('GameType')!r}"
    if "PlyCount" in tags and int(tags["PlyCount"]) != len(game.moves):
        return f"{len(game.moves)} moves read, PlyCount {tags['PlyCount']}"
    board = draughts.Board(variant=variant)
    for number, text in enumerate(game.moves, 1):
        try:
            move = draughts.Move(board, pdn_move=text)
        except Exception as e:  # pydraughts raises KeyError for a move it does not list
            return f"move {number} {text!r} is not legal for pydraughts ({e!r})"
        board.push(move)
    if tags.get("Termination") == "no legal move" and board.legal_moves():
        return "ends with 'no legal move' but the side to move has moves"
    return None


def tags_of(text):
    """The tags of each game of a PDN text, in order."""
    games, current = [], None
    for line in text.splitlines():
        if line.startswith("["):
            if current is None:
                current = {}
                games.append(current)
            name, _, value = line[1:].partition(" ")
            current[name] = value.rstrip("]").strip('"')
        elif line.strip():
            current = None
    return games


def check(variant, dama, games, directory):
    match_pdn = Path(directory) / f"{variant}.pdn"
    annotated = Path(directory) / f"{variant}-annotated.pdn"
    subprocess.run([dama, "match", "--variant", variant, "--engine", f"{dama} hub", "--engine",
                    f"{dama} hub", "--depth", "4", "--games", str(games), "--pdn-out", str(match_pdn)],
                   check=True, capture_output=True, text=True)
    subprocess.run([dama, "annotate", str(match_pdn), "--out", str(annotated), "--depth", "3"],
                   check=True, capture_output=True, text=True)
    failures, read = 0, 0
    for path in (match_pdn, annotated):
        text = path.read_text()
        all_tags = tags_of(text)
        reader = PDNReader(filename=str(path))
        if len(reader.games) != len(all_tags):
            print(f"FAIL {path.name}: pydraughts read {len(reader.games)} games of {len(all_tags)}")
            failures += 1
        for index, (game, tags) in enumerate(zip(reader.games, all_tags), 1):
            read += 1
            problem = replay(variant, game, tags)
            if problem:
                failures += 1
                print(f"FAIL {path.name} game {index}: {problem}")
    print(f"{variant}: {read} games read back by pydraughts ({games} played, annotated too), "
          f"{failures} failures")
    return failures == 0 and read >= 2 * games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        ok = all([check(v, args.dama, args.games, directory) for v in GAME_TYPES])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
