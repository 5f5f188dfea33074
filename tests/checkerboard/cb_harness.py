#!/usr/bin/env python3
"""Dama's CheckerBoard engine library (libdamacb.so), loaded with ctypes the way CheckerBoard loads
the DLL, checked against `dama` itself (Dama's move generator, in a separate process):

1. `get movelist FEN` equals `dama moves --fen-file` on every position met in the games below and
   on random positions (several hundred in all), as sets of full paths; `movelist 0` exactly for a
   position without moves.
2. Complete games through `getmove` alone from the three-move ballots: every board written back must
   be the position after one of Dama's legal moves (applied here, independently of the library),
   and CBmove (from, to, jumps, path, captured squares and pieces, old and new piece) must describe
   that move. As CheckerBoard does, `set gamehist` gives the game since its last irreversible move.
3. `playnow`: raised by another thread 0.3 s into a 20-second search, the move must follow within
   PLAYNOW_LATENCY.
4. `set gamehist` makes a repetition visible: with a history in which the move 29-25 repeats a
   position for the third time, the engine (a lone king against three) takes the draw and
   answers CB_DRAW; the same position without the history does not claim a draw.
5. Bad input: a board with a piece on a light square, an unknown colour: an error in the status
   string, the board untouched, CB_UNKNOWN; unknown commands answer 0 and `?`.

Usage: cb_harness.py [--lib PATH] [--dama PATH] [--games N] [--seed N]   (exit status 0 only when
every check passed)
"""

import argparse
import ctypes
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CB_WHITE, CB_BLACK, CB_MAN, CB_KING = 1, 2, 4, 8
CB_DRAW, CB_WIN, CB_LOSS, CB_UNKNOWN = 0, 1, 2, 3
CB_EXACT_TIME = 2
PLAYNOW_LATENCY = 0.25
MAX_PLIES = 300


class Coor(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]


class CBmove(ctypes.Structure):
    _fields_ = [
        ("jumps", ctypes.c_int),
        ("newpiece", ctypes.c_int),
        ("oldpiece", ctypes.c_int),
        ("frm", Coor),
        ("to", Coor),
        ("path", Coor * 12),
        ("dele", Coor * 12),
        ("delpiece", ctypes.c_int * 12),
    ]


Board = (ctypes.c_int * 8) * 8  # board[x][y]

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, file=sys.stderr)


def coor(n):
    y = (n - 1) // 4
    return 2 * ((n - 1) % 4) + (y % 2), y


def number(x, y):
    return 1 + 4 * y + x // 2


# ---------------------------------------------------------------- positions as {square: code}


def parse_fen(fen):
    side, *parts = fen.strip().split(":")
    pieces = {}
    for part in parts:
        colour = CB_WHITE if part[0] == "W" else CB_BLACK
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            lo, _, hi = item.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                pieces[n] = colour | (CB_KING if king else CB_MAN)
    return pieces, CB_WHITE if side == "W" else CB_BLACK


def to_fen(pieces, colour):
    def side(c):
        return ",".join(
            ("K" if v & CB_KING else "") + str(n) for n, v in sorted(pieces.items()) if v & c
        )

    return f"{'W' if colour == CB_WHITE else 'B'}:W{side(CB_WHITE)}:B{side(CB_BLACK)}"


def to_board(pieces):
    board = Board()
    for n, v in pieces.items():
        x, y = coor(n)
        board[x][y] = v
    return board


def from_board(board):
    pieces = {}
    for x in range(8):
        for y in range(8):
            if board[x][y]:
                if (x + y) % 2:
                    raise ValueError(f"piece on light square {x},{y}")
                pieces[number(x, y)] = board[x][y]
    return pieces


def apply_path(pieces, path):
    """The position after a move in full-path notation (`22-18`, `22x13x6`), applied here."""
    squares = [int(s) for s in path.replace("x", "-").split("-")]
    after = dict(pieces)
    piece = after.pop(squares[0])
    captured = []
    if "x" in path:
        for a, b in zip(squares, squares[1:]):
            (ax, ay), (bx, by) = coor(a), coor(b)
            captured.append(number((ax + bx) // 2, (ay + by) // 2))
        for c in captured:
            del after[c]
    to = squares[-1]
    _, y = coor(to)
    if piece & CB_MAN and ((piece & CB_WHITE and y == 0) or (piece & CB_BLACK and y == 7)):
        piece = (piece & 3) | CB_KING
    after[to] = piece
    return after, captured, squares


# ---------------------------------------------------------------- the library and the referee


class Library:
    def __init__(self, path):
        self.lib = ctypes.CDLL(str(path))
        self.lib.getmove.restype = ctypes.c_int
        self.lib.getmove.argtypes = [
            ctypes.POINTER(Board), ctypes.c_int, ctypes.c_double, ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int, ctypes.POINTER(CBmove),
        ]
        self.lib.enginecommand.restype = ctypes.c_int
        self.lib.enginecommand.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.lib.islegal.restype = ctypes.c_int
        self.lib.islegal.argtypes = [
            ctypes.POINTER(Board), ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(CBmove),
        ]

    def command(self, text):
        reply = ctypes.create_string_buffer(1024)
        ok = self.lib.enginecommand(text.encode(), reply)
        return ok, reply.value.decode()

    def getmove(self, board, colour, seconds, info=CB_EXACT_TIME, playnow=None):
        status = ctypes.create_string_buffer(1024)
        move = CBmove()
        flag = playnow if playnow is not None else ctypes.c_int(0)
        verdict = self.lib.getmove(
            ctypes.byref(board), colour, seconds, status, ctypes.byref(flag), info, 0,
            ctypes.byref(move),
        )
        return verdict, move, status.value.decode()


class Referee:
    """`dama moves`: the legal moves of positions, in full-path notation."""

    def __init__(self, dama):
        self.dama = dama

    def moves_of_many(self, fens):
        with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
            f.write("\n".join(fens) + "\n")
            name = f.name
        out = subprocess.run([self.dama, "moves", "--fen-file", name], capture_output=True,
                             text=True, check=True).stdout
        Path(name).unlink()
        result = {}
        for line in out.splitlines():
            fen, _, moves = line.partition("\t")
            result[fen] = moves.split()
        return result

    def moves(self, fen):
        out = subprocess.run([self.dama, "moves", "--fen", fen], capture_output=True, text=True,
                             check=True).stdout
        return out.split()


def movelist_paths(reply):
    """The moves of a `movelist` reply as full paths (from, landings...)."""
    head, _, rest = reply.partition(",")
    count = int(head.split()[1])
    entries = [e for e in rest.split(";") if e] if count else []
    if len(entries) != count or (count and not reply.endswith(";")):
        raise ValueError(f"malformed movelist: {reply}")
    paths = set()
    for entry in entries:
        v = [int(t) for t in entry.split(",")]
        jumps, _old, _new, frm, to = v[:5]
        if len(v) != 5 + 3 * jumps:
            raise ValueError(f"malformed entry {entry}")
        if jumps == 0:
            paths.add(f"{frm}-{to}")
        else:
            landings = [v[5 + 3 * j] for j in range(jumps)]
            if landings[-1] != to:
                raise ValueError(f"entry {entry}: last landing is not the destination")
            paths.add("x".join(str(s) for s in [frm] + landings))
    return paths


def canonical(paths):
    """Captures as (from, to, captured set): Dama lists one path per such triple."""
    out = set()
    for p in paths:
        squares = [int(s) for s in p.replace("x", "-").split("-")]
        if "x" in p:
            caps = frozenset(
                number((coor(a)[0] + coor(b)[0]) // 2, (coor(a)[1] + coor(b)[1]) // 2)
                for a, b in zip(squares, squares[1:])
            )
        else:
            caps = frozenset()
        out.add((squares[0], squares[-1], caps))
    return out


# ---------------------------------------------------------------- the checks


def check_move(pieces, colour, board, move, legal, where):
    """The returned board and CBmove against Dama's legal moves; returns the path played."""
    try:
        returned = from_board(board)
    except ValueError as e:
        fail(f"{where}: {e}")
        return None
    for path in legal:
        after, captured, squares = apply_path(pieces, path)
        if after != returned:
            continue
        expect_from, expect_to = coor(squares[0]), coor(squares[-1])
        problems = []
        if (move.frm.x, move.frm.y) != expect_from or (move.to.x, move.to.y) != expect_to:
            problems.append("from/to")
        if move.jumps != len(captured):
            problems.append("jumps")
        if move.oldpiece != pieces[squares[0]] or move.newpiece != after[squares[-1]]:
            problems.append("old/new piece")
        dels = {number(move.dele[i].x, move.dele[i].y): move.delpiece[i] for i in range(move.jumps)}
        if dels != {c: pieces[c] for c in captured}:
            problems.append("captured squares or pieces")
        if captured:
            landings = [number(move.path[i].x, move.path[i].y) for i in range(1, move.jumps + 1)]
            if landings[-1] != squares[-1]:
                problems.append("path does not end on the destination")
        if problems:
            fail(f"{where}: CBmove of {path} wrong: {', '.join(problems)}")
        return path
    fail(f"{where}: the board written back follows no legal move of {to_fen(pieces, colour)}")
    return None


def play_games(lib, referee, games, seed, seconds, seen):
    ballots = []
    tsv = REPOSITORY / "data" / "openings" / "italian-3move-ballots.tsv"
    for line in tsv.read_text().splitlines():
        if line and not line.startswith("#") and not line.startswith("acf_no"):
            ballots.append(line.split("\t")[2])
    rng = random.Random(seed)
    totals = {"plies": 0, "verdicts": [0, 0, 0, 0]}
    for g in range(games):
        ballot = rng.choice(ballots)
        pieces, colour = parse_fen("W:W21-32:B1-12")
        for path in ballot.split():
            legal = referee.moves(to_fen(pieces, colour))
            ends = lambda text: (text.replace("x", "-").split("-")[0], text.replace("x", "-").split("-")[-1])
            path = next(p for p in legal if ends(p) == ends(path))
            pieces, _, _ = apply_path(pieces, path)
            colour ^= 3
        history_fen, history_moves = to_fen(pieces, colour), []
        plies, verdict = 0, CB_UNKNOWN
        while plies < MAX_PLIES:
            fen = to_fen(pieces, colour)
            seen.add(fen)
            legal = referee.moves(fen)
            if not legal:
                break
            ok, _ = lib.command("set gamehist " + " ".join([history_fen] + history_moves))
            if not ok:
                fail(f"game {g + 1}: set gamehist refused")
            board = to_board(pieces)
            verdict, move, status = lib.getmove(board, colour, seconds)
            path = check_move(pieces, colour, board, move, legal, f"game {g + 1} ply {plies + 1}")
            if path is None:
                break
            moved = pieces[int(path.replace("x", "-").split("-")[0])]
            pieces, captured, _ = apply_path(pieces, path)
            colour ^= 3
            plies += 1
            totals["verdicts"][verdict] += 1
            if captured or moved & CB_MAN:
                history_fen, history_moves = to_fen(pieces, colour), []
            else:
                history_moves.append(path)
            if verdict != CB_UNKNOWN:
                break
        totals["plies"] += plies
        print(f"game {g + 1} ({ballot}): {plies} plies, verdict {verdict}")
    return totals


def random_positions(rng, count):
    fens = set()
    while len(fens) < count:
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(2, 12)):
            colour = rng.choice((CB_WHITE, CB_BLACK))
            y = coor(n)[1]
            king = rng.random() < 0.4 or (colour == CB_WHITE and y == 0) or (colour == CB_BLACK and y == 7)
            pieces[n] = colour | (CB_KING if king else CB_MAN)
        if any(v & CB_WHITE for v in pieces.values()) and any(v & CB_BLACK for v in pieces.values()):
            fens.add(to_fen(pieces, rng.choice((CB_WHITE, CB_BLACK))))
    return sorted(fens)


def check_movelists(lib, referee, fens):
    expected = referee.moves_of_many(fens)
    for fen in fens:
        ok, reply = lib.command("get movelist " + fen)
        if not ok:
            fail(f"get movelist {fen} refused: {reply}")
            continue
        try:
            got = movelist_paths(reply)
        except ValueError as e:
            fail(f"{fen}: {e}")
            continue
        if canonical(got) != canonical(expected.get(fen, [])):
            fail(f"{fen}: movelist {sorted(got)} but dama moves {sorted(expected.get(fen, []))}")
        if not expected.get(fen) and reply != "movelist 0":
            fail(f"{fen}: no move, but the reply is {reply!r}")
    print(f"movelist: {len(fens)} positions compared with dama moves")


def check_playnow(lib):
    lib.command("set book 0")
    board = to_board(parse_fen("W:W21-32:B1-12")[0])
    flag = ctypes.c_int(0)
    timer = threading.Timer(0.3, lambda: setattr(flag, "value", 1))
    started = time.monotonic()
    timer.start()
    lib.getmove(board, CB_WHITE, 20.0, CB_EXACT_TIME, flag)
    took = time.monotonic() - started
    lib.command("set book 2")
    print(f"playnow: raised at 0.30 s, move at {took:.3f} s")
    if took > 0.3 + PLAYNOW_LATENCY:
        fail(f"playnow not honoured: the move came after {took:.3f} s")


def check_repetition(lib):
    # White's lone king against three kings: lost, but the kings have shuffled so that 29-25
    # now makes the position after it occur for the third time: a draw by repetition, which
    # the engine can only see through the history.
    start = "B:WK25:BK4,K13,K16"
    history = f"set gamehist {start} 4-8 25-29 8-4 29-25 4-8 25-29 8-4"
    current = "W:WK29:BK4,K13,K16"
    ok, reply = lib.command(history)
    if not ok:
        fail(f"set gamehist refused: {reply}")
    board = to_board(parse_fen(current)[0])
    verdict, move, status = lib.getmove(board, CB_WHITE, 0.5)
    played = f"{number(move.frm.x, move.frm.y)}-{number(move.to.x, move.to.y)}"
    print(f"repetition: with the history, {played} verdict {verdict} ({status})")
    if (played, verdict) != ("29-25", CB_DRAW):
        fail(f"with the game history the engine played {played} (verdict {verdict}), not the draw 29-25")
    lib.command(f"set gamehist {current}")
    board = to_board(parse_fen(current)[0])
    verdict, move, status = lib.getmove(board, CB_WHITE, 0.5)
    print(f"repetition: without it, verdict {verdict} ({status})")
    if verdict == CB_DRAW:
        fail("without the history the engine still claimed a draw")


def check_bad_input(lib):
    board = to_board(parse_fen("W:W21-32:B1-12")[0])
    board[1][0] = CB_WHITE | CB_MAN
    before = [list(col) for col in board]
    verdict, _, status = lib.getmove(board, CB_WHITE, 0.05)
    if verdict != CB_UNKNOWN or not status.startswith("error:") or [list(c) for c in board] != before:
        fail(f"a piece on a light square: verdict {verdict}, status {status!r}")
    board = to_board(parse_fen("W:W21-32:B1-12")[0])
    verdict, _, status = lib.getmove(board, 7, 0.05)
    if verdict != CB_UNKNOWN or not status.startswith("error:"):
        fail(f"colour 7: verdict {verdict}, status {status!r}")
    for text in ("frobnicate", "get nothing", "set allscores 1"):
        if lib.command(text) != (0, "?"):
            fail(f"{text}: {lib.command(text)}")
    for text, want in (("get gametype", "22"), ("get protocolversion", "2"), ("name", "Dama")):
        if lib.command(text) != (1, want):
            fail(f"{text}: {lib.command(text)}")
    print("bad input: answered with errors, nothing changed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=str(REPOSITORY / "target" / "release" / "libdamacb.so"))
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.02)
    args = parser.parse_args()
    lib, referee = Library(args.lib), Referee(args.dama)
    lib.command("set hashsize 16")
    check_bad_input(lib)
    check_playnow(lib)
    check_repetition(lib)
    seen = set()
    totals = play_games(lib, referee, args.games, args.seed, args.seconds, seen)
    rng = random.Random(args.seed)
    fens = sorted(seen | set(random_positions(rng, 300)) | {"W:W29:B25,26,22"})
    check_movelists(lib, referee, fens)
    v = totals["verdicts"]
    print(f"{args.games} games, {totals['plies']} moves by getmove; verdicts draw {v[0]} win {v[1]} "
          f"loss {v[2]} unknown {v[3]}; failures {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
