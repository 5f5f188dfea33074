#!/usr/bin/env python3
"""Differential test of Dama's move generator against pydraughts (PyPI `pydraughts`, variant "italian").

Positions: the regression FENs of rules-italian.md section 7, positions reached by random play from
the start position (played with pydraughts), and random king-rich placements (men never on their own
promotion row, at most 12 pieces a side, either side to move), all from one fixed seed.
Dama's legal moves for every position come from ONE `dama moves --fen-file FILE` process; pydraughts'
from `draughts.Board(variant="italian", fen=...).legal_moves()`. Both are compared as sets of
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)
(from, to, frozenset(captured squares)): Dama keeps one move per such triple (unique-move
convention), pydraughts lists every path, so its duplicates collapse in the set.

How pydraughts represents a move (draughts/core/variant.py, class Move): `steps_move` is the full
path [from, landing, landing, ...]; `captures` lists the captured squares in capture order ([] for a
quiet move); `pdn_move` is the short form `30x5` unless that is ambiguous; `hub_move` is
`from x to x captured...` with the captured squares sorted. Italian square numbers are used as they
are (convert.py maps 'italian' to notation 2: no rotation).

The one whitelisted deviation, rule 4 (order of captured kings, Art. 6.9/6.10):
pydraughts' Game.legal_moves (draughts/core/game.py, branch `self.variant == 'italian'`) keeps the
sequences whose FIRST captured king comes earliest and ignores every later king. The FID text, and
Dama, compare the sorted positions of all captured kings lexicographically: when the first kings
tie, the second king decides, and so on (rules-italian.md section 4, regression R10). A mismatch is
whitelisted only when it is exactly that: recomputing rules 1-4 from pydraughts' own unfiltered
capture sequences (Game.get_moves) gives Dama's set under the lexicographic reading AND pydraughts'
set under the first-king reading. Independently of pydraughts' own filter, Dama's set must equal
rules 1-4 (lexicographic) applied to pydraughts' unfiltered sequences in EVERY position, so a Dama
that copied the first-king reading fails too. Anything else is a failure, as is a whitelist used for
more than --max-whitelisted of the positions, fewer than 2 000 positions compared, or a sample in
which some precedence rule is hardly ever exercised (the `coverage:` line).

Usage: differential.py [--dama PATH] [--seed N]   (PATH defaults to $DAMA_BIN, then
target/release/dama in the repository). Exit status 0 only when there is no unexplained mismatch.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import draughts

REPOSITORY = Path(__file__).resolve().parents[2]
MIN_POSITIONS = 2000

# rules-italian.md section 7: the regression positions (their answers are checked by tests/rules.rs).
REGRESSION_FENS = [
    "W:W21-32:B1-12", "W:W22:BK18", "B:W22:BK18", "W:W18:B22", "W:W10:B6,7", "W:W22,K27:B18,23",
    "W:W30,K19:B26,18,15", "W:WK21:BK11,K12,18,K26,27,28", "W:WK22:BK18,10,27,K28",
    "W:WK30:BK26,K27,K18,20,10,K12", "W:WK22:B19,20,K27,28", "W:WK22:B19,20,27,28",
    "W:WK22:BK18,K26", "W:W29:B22,25,26", "W:W31,32,K25:B12,20,21,28,5,K13,K14,K7",
    "W:W31,32,K25:B12,13,20,21,28,7,K14,K5", "B:W18:B14", "W:W30:B26,18,11", "W:W30:B26,K18",
    "W:WK30:BK26",
]


# ---- Board geometry (rules-italian.md section 1) -------------------------------------------------

def row_column(square):
    row, index = divmod(square - 1, 4)
    return row, 2 * index + (row % 2)


def square_at(row, column):
    """The square at (row, column), or None off the board or on a light square."""
    if 0 <= row < 8 and 0 <= column < 8 and column % 2 == row % 2:
        return 4 * row + column // 2 + 1
    return None


def captured_on_path(path):
    """The captured squares of a capture path: the square between each two successive landings."""
    captured = []
    for start, landing in zip(path, path[1:]):
        (r0, c0), (r1, c1) = row_column(start), row_column(landing)
        if abs(r0 - r1) != 2 or abs(c0 - c1) != 2:
            raise ValueError(f"{start}->{landing} is not a jump")
        captured.append(square_at((r0 + r1) // 2, (c0 + c1) // 2))
    return captured


# ---- Positions: side ('W'/'B') and {square: 'w'|'W'|'b'|'B'} ------------------------------------

def fen_of(side, pieces):
    """A PDN FEN with comma lists (no ranges), pieces in square order."""
    def colour(letter):
        return ",".join(("K" if pieces[s].isupper() else "") + str(s)
                        for s in sorted(pieces) if pieces[s].lower() == letter)
    return f"{side}:W{colour('w')}:B{colour('b')}"


def from_hub(hub):
    """Side and pieces of a pydraughts Hub position string (side + one character per square)."""
    return hub[0], {s: c for s, c in enumerate(hub[1:], start=1) if c != "e"}


def may_capture(side, pieces):
    """Whether some piece of the side to move has an enemy piece it may take next to it with an
    empty square behind (a cheap, generator-independent filter used only to enrich the sample)."""
    own = side.lower()
    for square, piece in pieces.items():
        if piece.lower() != own:
            continue
        row, column = row_column(square)
        forward = -1 if own == "w" else 1
        rows = (-1, 1) if piece.isupper() else (forward,)
        for dr in rows:
            for dc in (-1, 1):
                over = square_at(row + dr, column + dc)
                behind = square_at(row + 2 * dr, column + 2 * dc)
                target = pieces.get(over)
                if (behind is not None and behind not in pieces and target is not None
                        and target.lower() != own and (piece.isupper() or target.islower())):
                    return True
    return False


def random_play_positions(rng, games, max_plies):
    """Every position of `games` random games from the start position, played with pydraughts."""
    positions = []
    for _ in range(games):
        board = draughts.Board(variant="italian")
        for _ in range(max_plies):
            positions.append(from_hub(board._game.get_fen()))
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
    return positions


def random_placement(rng):
    """Random men and kings for both sides; men never on their own promotion row."""
    pieces = {}
    for colour in "wb":
        count = rng.randint(1, rng.choice((3, 6, 9, 12)))
        king_rate = rng.choice((0.0, 0.25, 0.5, 0.75, 1.0))
        for _ in range(count):
            king = rng.random() < king_rate
            allowed = [s for s in range(1, 33) if s not in pieces and
                       (king or (s > 4 if colour == "w" else s < 29))]
            pieces[rng.choice(allowed)] = colour.upper() if king else colour
    return rng.choice("WB"), pieces


def planted_chains(rng):
    """A placement built around one to three capture chains: from a random start, each chain jumps
    in random directions, putting an enemy piece (often a king) on every jumped square and keeping
    every landing square empty; then a few random pieces are added. Gives multi-captures, rings and
    several kings per chain, so that rules 2-4 have something to decide."""
    side = rng.choice("WB")
    own, enemy = side.lower(), "b" if side == "W" else "w"
    pieces, landings = {}, set()
    for _ in range(rng.randint(1, 3)):
        free = [s for s in range(1, 33) if s not in pieces and s not in landings]
        square = rng.choice(free)
        king = rng.random() < 0.75 or (square <= 4 if own == "w" else square >= 29)
        pieces[square] = own.upper() if king else own
        landings.add(square)
        forward = -1 if own == "w" else 1
        for _ in range(rng.randint(1, 5)):
            row, column = row_column(square)
            options = []
            for dr in ((-1, 1) if king else (forward,)):
                for dc in (-1, 1):
                    over = square_at(row + dr, column + dc)
                    behind = square_at(row + 2 * dr, column + 2 * dc)
                    if (behind is not None and over not in landings and over not in pieces
                            and behind not in pieces):
                        options.append((over, behind))
            if not options:
                break
            over, square = rng.choice(options)
            enemy_king = king and rng.random() < 0.6
            if not enemy_king and (over <= 4 if enemy == "w" else over >= 29):
                enemy_king = True
            if enemy_king and not king:
                break
            pieces[over] = enemy.upper() if enemy_king else enemy
            landings.add(square)
            if not king and (square <= 4 if own == "w" else square >= 29):
                break
    for _ in range(rng.randint(0, 8)):
        colour, king = rng.choice("wb"), rng.random() < 0.4
        allowed = [s for s in range(1, 33) if s not in pieces and s not in landings and
                   (king or (s > 4 if colour == "w" else s < 29))]
        if allowed and sum(p.lower() == colour for p in pieces.values()) < 12:
            pieces[rng.choice(allowed)] = colour.upper() if king else colour
    for colour in "wb":
        extra = [s for s in pieces if pieces[s].lower() == colour][12:]
        for s in extra:
            del pieces[s]
    return side, pieces


def random_placements(rng, count, quiet_keep_rate=0.2):
    """`count` placements, half of them planted chains, keeping only `quiet_keep_rate` of those
    without a possible capture."""
    positions = []
    while len(positions) < count:
        side, pieces = (planted_chains if rng.random() < 0.5 else random_placement)(rng)
        if may_capture(side, pieces) or rng.random() < quiet_keep_rate:
            positions.append((side, pieces))
    return positions


# ---- The two move generators ---------------------------------------------------------------------

def dama_moves(binary, fens):
    """Dama's moves for every FEN, from one `dama moves --fen-file` process: a list of move texts."""
    if not Path(binary).is_file():
        sys.exit(f"no dama binary at {binary}: run `cargo build --release -p dama` or pass --dama")
    with tempfile.TemporaryDirectory() as directory:
        fen_file = Path(directory) / "positions.fen"
        fen_file.write_text("".join(fen + "\n" for fen in fens))
        result = subprocess.run([str(binary), "moves", "--fen-file", str(fen_file)],
                                capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"dama moves failed ({result.returncode}): {result.stderr.strip()}")
    lines = result.stdout.splitlines()
    if len(lines) != len(fens):
        sys.exit(f"dama printed {len(lines)} lines for {len(fens)} positions")
    answers = []
    for fen, line in zip(fens, lines):
        echoed, _, moves = line.partition("\t")
        if echoed != fen:
            sys.exit(f"dama answered for {echoed!r} where {fen!r} was expected")
        answers.append(moves.split())
    return answers


def dama_key(text):
    """(from, to, captured set) of a full-path move text such as `22-18` or `30x21x14x5`."""
    if "-" in text:
        start, end = map(int, text.split("-"))
        return start, end, frozenset()
    path = [int(s) for s in text.split("x")]
    if len(path) < 2 or not all(1 <= s <= 32 for s in path):
        raise ValueError(f"{text} is not a full path")
    return path[0], path[-1], frozenset(captured_on_path(path))


def pydraughts_key(move):
    path = move.steps_move
    captured = list(move.captures or [])
    if captured and captured != captured_on_path(path):
        raise AssertionError(f"pydraughts captures {captured} do not match its path {path}")
    return path[0], path[-1], frozenset(captured)


def precedence(sequences, pieces, reading):
    """Rules 1-4 (rules-italian.md section 4) over pydraughts' unfiltered sequences
    (Game.get_moves: per sequence its [from, to] steps and captured squares, None when quiet),
    with rule 4 read 'lexicographic' (FID, Dama) or 'first-king' (pydraughts)."""
    keyed = []
    for steps, captured in sequences:
        path = [steps[0][0]] + [step[1] for step in steps]
        if captured[0] is None:
            keyed.append(((), (path[0], path[-1], frozenset())))
            continue
        kings = tuple(i for i, s in enumerate(captured) if pieces[s].isupper())
        rank = (len(captured), pieces[path[0]].isupper(), len(kings))
        keyed.append(((rank, kings), (path[0], path[-1], frozenset(captured))))
    if not keyed:
        return set()
    best_rank = max(order[0] if order else () for order, _ in keyed)
    kept = [(order, key) for order, key in keyed if (order[0] if order else ()) == best_rank]
    if best_rank and best_rank[2]:
        if reading == "lexicographic":
            target = min(order[1] for order, _ in kept)
            kept = [(order, key) for order, key in kept if order[1] == target]
        else:
            target = min(order[1][0] for order, _ in kept)
            kept = [(order, key) for order, key in kept if order[1][0] == target]
    return {key for _, key in kept}


def judge(dama_texts, dama_set, py_set, sequences, pieces):
    """None when the position agrees, "whitelisted" for the rule-4 deviation alone, otherwise
    (why, dama's set, name of the other set, the other set)."""
    if len(dama_set) != len(dama_texts):
        return "dama printed two moves with the same effect", dama_set, "pydraughts", py_set
    # Dama must equal the FID precedence over pydraughts' own capture sequences in every position,
    # so a Dama that copied pydraughts' first-king reading would fail here.
    fid = precedence(sequences, pieces, "lexicographic")
    if dama_set != fid:
        return ("dama differs from rules 1-4 (lexicographic) applied to pydraughts' unfiltered "
                "sequences", dama_set, "FID/pyd.", fid)
    if dama_set == py_set:
        return None
    if py_set == precedence(sequences, pieces, "first-king"):
        return "whitelisted"
    return "sets differ", dama_set, "pydraughts", py_set


def show(keys):
    def text(key):
        start, end, captured = key
        return f"{start}x{end}[{','.join(map(str, sorted(captured)))}]" if captured else f"{start}-{end}"
    return " ".join(sorted(map(text, keys))) or "(none)"


# ---- Main ----------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dama", default=os.environ.get("DAMA_BIN",
                                                         REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=20240522)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--placements", type=int, default=2000)
    parser.add_argument("--max-whitelisted", type=float, default=0.02,
                        help="largest fraction of positions the rule-4 whitelist may explain")
    parser.add_argument("--show-whitelisted", action="store_true",
                        help="print each whitelisted position with both move sets")
    args = parser.parse_args()
    started = time.monotonic()
    rng = random.Random(args.seed)

    positions = [from_hub(draughts.Board(variant="italian", fen=fen)._game.get_fen())
                 for fen in REGRESSION_FENS]
    positions += random_play_positions(rng, args.games, max_plies=200)
    positions += random_placements(rng, args.placements)
    fens = list(dict.fromkeys(fen_of(side, pieces) for side, pieces in positions))
    dama = dama_moves(args.dama, fens)

    compared_moves = whitelisted = 0
    mismatches = []
    coverage = {"captures": 0, "multi-captures": 0, "3+ pieces": 0, "2+ kings taken": 0,
                "rule 2 decides": 0, "rule 3 decides": 0, "rule 4 decides": 0}
    for fen, dama_texts in zip(fens, dama):
        board = draughts.Board(variant="italian", fen=fen)
        _, pieces = from_hub(board._game.get_fen())
        try:
            dama_set = {dama_key(text) for text in dama_texts}
        except ValueError as error:
            mismatches.append((fen, f"dama printed an impossible move: {error}", set(),
                               "pydraughts", set()))
            continue
        py_set = {pydraughts_key(move) for move in board.legal_moves()}
        sequences = list(zip(*board._game.get_moves()))
        compared_moves += len(dama_set | py_set)
        update_coverage(coverage, sequences, pieces, dama_set)
        verdict = judge(dama_texts, dama_set, py_set, sequences, pieces)
        if verdict is None:
            continue
        if verdict == "whitelisted":
            whitelisted += 1
            if args.show_whitelisted:
                print(f"whitelisted {fen}\n  dama:       {show(dama_set)}\n"
                      f"  pydraughts: {show(py_set)}")
        else:
            mismatches.append((fen,) + verdict)

    elapsed = time.monotonic() - started
    for fen, why, dama_set, name, other in mismatches:
        print(f"MISMATCH {fen}: {why}\n  dama:       {show(dama_set)}\n  {name + ':':11} {show(other)}"
              f"\n  only dama:  {show(dama_set - other)}\n  only other: {show(other - dama_set)}")
    print("coverage: " + ", ".join(f"{name} {count}" for name, count in coverage.items()))
    print(f"pydraughts differential: {len(fens)} positions, {compared_moves} moves compared, "
          f"{whitelisted} whitelisted (rule 4 first-king), {len(mismatches)} mismatches "
          f"[seed {args.seed}, {elapsed:.1f} s]")
    failures = []
    if mismatches:
        failures.append(f"{len(mismatches)} unexplained mismatches")
    if len(fens) < MIN_POSITIONS:
        failures.append(f"only {len(fens)} positions compared, at least {MIN_POSITIONS} required")
    if whitelisted > args.max_whitelisted * len(fens):
        failures.append(f"the rule-4 whitelist explained {whitelisted} positions, more than "
                        f"{args.max_whitelisted:.1%} of {len(fens)}")
    thin = [name for name, count in coverage.items() if count < 10]
    if thin:
        failures.append("too few positions exercise: " + ", ".join(thin))
    if failures:
        sys.exit("FAILED: " + "; ".join(failures))


def update_coverage(coverage, sequences, pieces, dama_set):
    """Counts the positions that exercise captures and each precedence rule (from pydraughts'
    unfiltered sequences and Dama's legal set; only a guard that the sample stays meaningful)."""
    captures = [(steps, captured) for steps, captured in sequences if captured[0] is not None]
    if not captures:
        return
    coverage["captures"] += 1
    most = max(len(captured) for _, captured in captures)
    coverage["multi-captures"] += most >= 2
    coverage["3+ pieces"] += most >= 3
    coverage["2+ kings taken"] += any(sum(pieces.get(s, "e").isupper() for s in key[2]) >= 2
                                      for key in dama_set)
    longest = [(steps, captured) for steps, captured in captures if len(captured) == most]
    movers = {pieces[steps[0][0]].isupper() for steps, _ in longest}
    coverage["rule 2 decides"] += len(movers) == 2
    if len(movers) == 2:
        longest = [(steps, c) for steps, c in longest if pieces[steps[0][0]].isupper()]
    king_counts = {sum(pieces[s].isupper() for s in captured) for _, captured in longest}
    coverage["rule 3 decides"] += len(king_counts) >= 2
    best = [c for _, c in longest if sum(pieces[s].isupper() for s in c) == max(king_counts)]
    orders = {tuple(i for i, s in enumerate(c) if pieces[s].isupper()) for c in best}
    coverage["rule 4 decides"] += len(orders) >= 2


if __name__ == "__main__":
    main()
