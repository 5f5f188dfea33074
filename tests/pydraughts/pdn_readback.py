#!/usr/bin/env python3
"""Reads the PDN that `dama match` writes with pydraughts (PyPI `pydraughts`, draughts.PDNReader)
and replays every game with pydraughts' own Italian move generator.

Without --pdn it first plays short matches between two `dama hub` processes (three-move ballots at
a fixed node count, two-move openings at a fixed depth, and a file of FEN openings with kings and
with Black to move), then reads each PDN back. Every game must:
- carry the tags [GameType "22"], [FEN], [White], [Black], [Round], [Result], [Termination];
- parse into as many moves as its [PlyCount] says;
- replay from its FEN with every move legal for pydraughts (a full-path move `30x21x14` must name
  exactly one of pydraughts' legal moves);
- end as its [Termination] says: "no legal move" leaves the side to move without a legal move and
  the other side winning; "threefold repetition" ends on a position seen three times; "40-move
  rule" ends after 80 plies without a man move or capture; "adjudication: max plies" is a draw; a
  forfeit ("illegal move", "time forfeit", "no answer", "engine crashed") is lost by the side to
  move.

Two pydraughts deviations are handled, not copied:
- Rule 4 (order of captured kings, Art. 6.9/6.10): pydraughts compares only the first captured
  king (see differential.py). A move pydraughts does not list is accepted only when rules 1-4 read
  lexicographically over pydraughts' own unfiltered capture sequences allow it and pydraughts' list
  is exactly the first-king reading.
- PDNReader, for a FEN with Black to move, returns the first move twice (draughts/PDN.py adds
  moves[0] before the loop that adds it again). The duplicate is dropped and counted.

Usage: pdn_readback.py [--dama PATH] [--pdn FILE ...]   (PATH defaults to $DAMA_BIN, then
target/release/dama). Exit status 0 only when every game replays and ends as recorded.
"""

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import draughts
from draughts.PDN import PDNReader

sys.path.insert(0, str(Path(__file__).resolve().parent))
from differential import captured_on_path, from_hub, precedence  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

REPOSITORY = Path(__file__).resolve().parents[2]
REQUIRED_TAGS = ["GameType", "FEN", "White", "Black", "Round", "Result", "Termination"]
FORFEITS = {"illegal move", "time forfeit", "no answer", "engine crashed", "engine failed to start"}
# Openings with kings and with Black to move (each line a FEN, optionally moves).
FEN_OPENINGS = """\
B:W18,22,23,27,K30:B5,6,9,K12,14
W:WK22,26,27,28:B5,6,7,K15,11
B:W21-32:B1-12 9-13 22-18
"""


def path_of(text):
    if "-" in text:
        return [int(s) for s in text.split("-")]
    return [int(s) for s in text.split("x")]


def find_move(board, text):
    """The pydraughts move whose full path is `text`, or a rule-4 whitelist marker, or None."""
    path = path_of(text)
    matches = [m for m in board.legal_moves() if m.steps_move == path]
    if len(matches) >= 1:
        return matches[0], False
    if len(path) < 3:
        return None, False
    # Rule 4: Dama's move is FID-legal but pydraughts (first-king reading) leaves it out.
    _, pieces = from_hub(board._game.get_fen())
    sequences = list(zip(*board._game.get_moves()))
    key = (path[0], path[-1], frozenset(captured_on_path(path)))
    py_set = {(m.steps_move[0], m.steps_move[-1], frozenset(m.captures or [])) for m in board.legal_moves()}
    if key in precedence(sequences, pieces, "lexicographic") and \
            py_set == precedence(sequences, pieces, "first-king"):
        for steps, captured in sequences:
            full = [steps[0][0]] + [step[1] for step in steps]
            if full == path:
                return draughts.Move(board, steps_move=full), True
    return None, False


def is_man_move_or_capture(board, move):
    _, pieces = from_hub(board._game.get_fen())
    return bool(move.captures) or pieces[move.steps_move[0]].islower()


def check_game(game):
    """(problems, first move duplicated, rule-4 whitelisted moves, plies replayed) of one game;
    no problems when it replays and ends as recorded."""
    tags = game.tags
    missing = [t for t in REQUIRED_TAGS if t not in tags]
    if missing:
        return [f"missing tags {missing}"], False, 0, 0
    if tags["GameType"].split(",")[0] != "22" or game.variant != "italian":
        return [f"GameType {tags['GameType']!r} is not Italian (22)"], False, 0, 0
    moves = list(game.moves)
    duplicate = False
    if tags["FEN"].startswith("B") and len(moves) >= 2 and moves[0] == moves[1]:
        moves = moves[1:]
        duplicate = True
    if "PlyCount" in tags and int(tags["PlyCount"]) != len(moves):
        return [f"PlyCount {tags['PlyCount']} but {len(moves)} moves read"], duplicate, 0, 0
    board = draughts.Board(variant="italian", fen=tags["FEN"])
    seen = {}
    quiet = 0
    whitelisted = 0
    for ply, text in enumerate(moves, start=1):
        move, listed_by_rule_4 = find_move(board, text)
        if move is None:
            legal = " ".join("x".join(map(str, m.steps_move)) for m in board.legal_moves())
            problem = f"ply {ply}: {text} is not legal for pydraughts (legal: {legal})"
            return [problem], duplicate, whitelisted, ply
        whitelisted += listed_by_rule_4
        quiet = 0 if is_man_move_or_capture(board, move) else quiet + 1
        board.push(move)
        position = board._game.get_fen()
        seen[position] = seen.get(position, 0) + 1 if quiet else 1
        if not quiet:
            seen = {position: 1}
    result = tags["Result"]
    termination = tags["Termination"]
    mover = board._game.get_fen()[0]
    mover_loses = "0-1" if mover == "W" else "1-0"
    problems = []
    if game.game_ending != result:
        problems.append(f"movetext ends with {game.game_ending}, Result is {result}")
    if termination == "no legal move":
        if board.legal_moves() or result != mover_loses:
            problems.append("'no legal move' but the side to move has moves or did not lose")
    elif termination == "threefold repetition":
        if seen.get(board._game.get_fen(), 0) < 3 or result != "1/2-1/2":
            problems.append("'threefold repetition' but the last position was not seen 3 times")
    elif termination == "40-move rule":
        if quiet < 80 or result != "1/2-1/2":
            problems.append(f"'40-move rule' after only {quiet} quiet plies")
    elif termination.startswith("adjudication: max plies") or "draw" in termination:
        if result != "1/2-1/2":
            problems.append(f"{termination!r} is not a draw")
    elif termination in FORFEITS:
        if result != mover_loses:
            problems.append(f"forfeit {termination!r} not lost by the side to move")
    elif not termination.startswith("adjudication"):
        problems.append(f"unknown Termination {termination!r}")
    return problems, duplicate, whitelisted, len(moves)


def read_back(path):
    games = PDNReader(filename=str(path)).games
    failures = []
    plies = duplicates = whitelisted = 0
    for number, game in enumerate(games, start=1):
        problems, duplicate, white, count = check_game(game)
        if problems:
            failures.append(f"{path} game {number}: {'; '.join(problems)}")
        plies += count
        duplicates += duplicate
        whitelisted += white
    print(f"{path}: {len(games)} games, {plies} plies replayed; black-first duplicates dropped "
          f"{duplicates}; rule-4 whitelisted moves {whitelisted}; failures {len(failures)}")
    return len(games), failures


def play(dama, pdn, arguments):
    command = [dama, "match", "--engine", f"{dama} hub", "--engine", f"{dama} hub",
               "--quiet", "--pdn-out", str(pdn)] + arguments
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {done.stderr}")
    print(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dama", default=os.environ.get("DAMA_BIN",
                                                         str(REPOSITORY / "target/release/dama")))
    parser.add_argument("--pdn", nargs="*", help="read these files instead of playing matches")
    args = parser.parse_args()
    files = [Path(p) for p in args.pdn or []]
    with tempfile.TemporaryDirectory() as folder:
        if not files:
            folder = Path(folder)
            openings = folder / "fen-openings.txt"
            openings.write_text(FEN_OPENINGS)
            runs = [["--nodes", "3000", "--games", "16", "--seed", "5", "--concurrency", "2"],
                    ["--depth", "3", "--openings", "ballots2", "--games", "8", "--seed", "2"],
                    ["--nodes", "1500", "--openings", str(openings), "--max-plies", "150"]]
            for index, run in enumerate(runs):
                pdn = folder / f"match{index}.pdn"
                play(args.dama, pdn, run)
                files.append(pdn)
        total = 0
        failures = []
        for path in files:
            count, problems = read_back(path)
            total += count
            failures += problems
    for failure in failures:
        print("FAIL", failure)
    if total == 0:
        sys.exit("FAILED: no game read")
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
