#!/usr/bin/env python3
"""Dama's CheckerBoard engine library (libdamacb.so for Italian, libdamacb_GAME.so for English,
Russian and Brazilian), loaded with ctypes the way CheckerBoard loads the DLL, checked against
`dama` itself (Dama's move generator, in a separate process, `dama moves --variant GAME`; Russian
and Brazilian positions translated to PDN's numbers and back):

1. `get movelist FEN` equals `dama moves` on every position met in the games below and on random
   positions (several hundred in all), as sets of full paths, every captured square the piece on
   its jump; `movelist 0` exactly for a position without moves. A list that does not fit
   CheckerBoard (more than 28 moves, or 1023 bytes) must count the moves that fit, all legal, and
   let the others follow.
2. Complete games through `getmove` alone from the three-move ballots (the ACF list, in the game's
   numbering; random opening moves in Russian and Brazilian, whose Brazilian games start with
   Black, as CheckerBoard does, or White): every board written back must be the position after
   one of Dama's legal moves (applied here, independently of the library), and CBmove (from, to,
   jumps, path, captured squares and pieces, old and new piece) must describe that move. As
   CheckerBoard does, `set gamehist` gives the game since its last irreversible move. The first
   positions of each game also check `islegal` on every (from, to) pair.
3. `playnow`: raised by another thread 0.3 s into a 20-second search, the move must follow within
   PLAYNOW_LATENCY.
4. `set gamehist` makes a repetition visible: with a history in which the lone king's move repeats
   a position for the third time, the engine (a lone king against three) takes the draw and
   answers CB_DRAW; the same position without the history does not claim a draw.
5. Bad input: a board with a piece on a light square, an unknown colour: an error in the status
   string, the board untouched, CB_UNKNOWN; unknown commands answer 0 and `?` (also the book
   settings but in Italian, the one game with a book).

Usage: cb_harness.py [--variant italian|english|russian|brazilian] [--lib PATH] [--dama PATH]
[--games N] [--seed N]
(exit status 0 only when every check passed)
"""

import argparse
import ctypes
import random
import sys
from pathlib import Path
import threading
import time

from cb_games import CB_MAN, CB_WHITE, GAMES, REPOSITORY, Game, parse_fen, random_positions, to_fen
from cb_library import Library, Referee, movelist_paths
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

CB_DRAW, CB_WIN, CB_LOSS, CB_UNKNOWN = 0, 1, 2, 3
PLAYNOW_LATENCY = 0.25
MAX_PLIES = 300

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message, file=sys.stderr)


def check_move(game, pieces, colour, board, move, legal, where):
    """The returned board and CBmove against Dama's legal moves; returns the path played."""
    try:
        returned = game.from_board(board)
    except ValueError as e:
        fail(f"{where}: {e}")
        return None
    for path in legal:
        after, captured, squares = game.apply_path(pieces, path)
        if after != returned:
            continue
        expect_from, expect_to = game.coor(squares[0]), game.coor(squares[-1])
        problems = []
        if (move.frm.x, move.frm.y) != expect_from or (move.to.x, move.to.y) != expect_to:
            problems.append("from/to")
        if move.jumps != len(captured):
            problems.append("jumps")
        if move.oldpiece != pieces[squares[0]] or move.newpiece != after[squares[-1]]:
            problems.append("old/new piece")
        dels = {game.number(move.dele[i].x, move.dele[i].y): move.delpiece[i] for i in range(move.jumps)}
        if dels != {c: pieces[c] for c in captured}:
            problems.append("captured squares or pieces")
        if captured:
            landings = [game.number(move.path[i].x, move.path[i].y) for i in range(1, move.jumps + 1)]
            start = [squares[0]] + landings
            board = {n: v for n, v in pieces.items() if n != squares[0]}
            if landings[-1] != squares[-1]:
                problems.append("path does not end on the destination")
            elif [game.jumped(board, a, b) for a, b in zip(start, landings)] != [
                game.number(move.dele[i].x, move.dele[i].y) for i in range(move.jumps)
            ]:
                problems.append("path and captured squares disagree")
        if problems:
            fail(f"{where}: CBmove of {path} wrong: {', '.join(problems)}")
        return path
    fail(f"{where}: the board written back follows no legal move of {to_fen(pieces, colour)}")
    return None


def check_islegal(game, lib, pieces, colour, legal, where):
    """islegal accepts exactly the (from, to) pairs of Dama's legal moves."""
    ends = {(int(p.replace("x", "-").split("-")[0]), int(p.replace("x", "-").split("-")[-1])) for p in legal}
    board = game.to_board(pieces)
    for frm in range(1, 33):
        for to in range(1, 33):
            ok, move = lib.islegal(board, colour, frm, to)
            if bool(ok) != ((frm, to) in ends):
                fail(f"{where}: islegal({frm}, {to}) answered {ok} in {to_fen(pieces, colour)}")
                return
            if ok and (game.number(move.frm.x, move.frm.y), game.number(move.to.x, move.to.y)) != (frm, to):
                fail(f"{where}: islegal({frm}, {to}) described another move")


def opening(game, referee, rng, colour):
    """A ballot's moves (Italian, English), or two to five random moves (Russian, Brazilian) from
    the start with `colour` to move."""
    ballots = game.openings()
    if ballots:
        return rng.choice(ballots).split()
    pieces, _ = parse_fen(game.start_fen)
    moves = []
    for _ in range(rng.randint(2, 5)):
        path = rng.choice(referee.moves(to_fen(pieces, colour)))
        moves.append(path)
        pieces, _, _ = game.apply_path(pieces, path)
        colour ^= 3
    return moves


def play_games(game, lib, referee, games, seed, seconds, seen):
    rng = random.Random(seed)
    totals = {"plies": 0, "verdicts": [0, 0, 0, 0]}
    for g in range(games):
        pieces, colour = parse_fen(game.start_fen)
        # Brazilian: CheckerBoard starts with Black, the rules with White; every other game each.
        if game.name == "brazilian" and g % 2 == 1:
            colour = CB_WHITE
        ballot = " ".join(opening(game, referee, rng, colour))
        for text in ballot.split():
            legal = referee.moves(to_fen(pieces, colour))
            ends = lambda t: (t.replace("x", "-").split("-")[0], t.replace("x", "-").split("-")[-1])
            path = next(p for p in legal if ends(p) == ends(text))
            check_islegal(game, lib, pieces, colour, legal, f"game {g + 1} ballot {text}")
            pieces, _, _ = game.apply_path(pieces, path)
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
            board = game.to_board(pieces)
            verdict, move, status = lib.getmove(board, colour, seconds)
            path = check_move(game, pieces, colour, board, move, legal, f"game {g + 1} ply {plies + 1}")
            if path is None:
                break
            moved = pieces[int(path.replace("x", "-").split("-")[0])]
            pieces, captured, _ = game.apply_path(pieces, path)
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


def check_movelists(game, lib, referee, fens):
    expected = referee.moves_of_many(fens)
    cut_lists = 0
    for fen in fens:
        pieces, _ = parse_fen(fen)
        ok, reply = lib.command("get movelist " + fen)
        if not ok:
            fail(f"get movelist {fen} refused: {reply}")
            continue
        try:
            got, count, cut = movelist_paths(reply, game, pieces)
        except ValueError as e:
            fail(f"{fen}: {e}")
            continue
        want = game.canonical(pieces, expected.get(fen, []))
        listed = game.canonical(pieces, got)
        if cut:
            # CheckerBoard holds the first `count`; all of them and those after are legal moves.
            cut_lists += 1
            if not listed <= want or len(listed) < count or len(want) <= count:
                fail(f"{fen}: cut movelist {sorted(got)} (count {count}) against {sorted(want)}")
        elif listed != want or count != len(want):
            fail(f"{fen}: movelist {sorted(got)} but dama moves {sorted(expected.get(fen, []))}")
        if not expected.get(fen) and reply != "movelist 0":
            fail(f"{fen}: no move, but the reply is {reply!r}")
    print(f"movelist: {len(fens)} positions compared with dama moves --variant {game.name}; "
          f"{cut_lists} lists did not fit CheckerBoard")
    return cut_lists


def check_playnow(game, lib):
    lib.command("set book 0")
    board = game.to_board(parse_fen(game.start_fen)[0])
    flag = ctypes.c_int(0)
    timer = threading.Timer(0.3, lambda: setattr(flag, "value", 1))
    started = time.monotonic()
    timer.start()
    lib.getmove(board, game.first, 20.0, playnow=flag)
    took = time.monotonic() - started
    lib.command("set book 2")
    print(f"playnow: raised at 0.30 s, move at {took:.3f} s")
    if took > 0.3 + PLAYNOW_LATENCY:
        fail(f"playnow not honoured: the move came after {took:.3f} s")


def check_repetition(game, lib):
    # White's lone king against three kings: lost, but the kings have shuffled so that the move
    # now makes the position after it occur for the third time: a draw by repetition, which the
    # engine can only see through the history.
    start, moves, current, draw = game.repetition()
    ok, reply = lib.command(f"set gamehist {start} {moves}")
    if not ok:
        fail(f"set gamehist refused: {reply}")
    board = game.to_board(parse_fen(current)[0])
    verdict, move, status = lib.getmove(board, CB_WHITE, 0.5)
    played = f"{game.number(move.frm.x, move.frm.y)}-{game.number(move.to.x, move.to.y)}"
    print(f"repetition: with the history, {played} verdict {verdict} ({status})")
    if (played, verdict) != (draw, CB_DRAW):
        fail(f"with the game history the engine played {played} (verdict {verdict}), not the draw {draw}")
    lib.command(f"set gamehist {current}")
    board = game.to_board(parse_fen(current)[0])
    verdict, move, status = lib.getmove(board, CB_WHITE, 0.5)
    print(f"repetition: without it, verdict {verdict} ({status})")
    if verdict == CB_DRAW:
        fail("without the history the engine still claimed a draw")


def check_bad_input(game, lib):
    board = game.to_board(parse_fen(game.start_fen)[0])
    board[1][0] = CB_WHITE | CB_MAN
    before = [list(col) for col in board]
    verdict, _, status = lib.getmove(board, game.first, 0.05)
    if verdict != CB_UNKNOWN or not status.startswith("error:") or [list(c) for c in board] != before:
        fail(f"a piece on a light square: verdict {verdict}, status {status!r}")
    board = game.to_board(parse_fen(game.start_fen)[0])
    verdict, _, status = lib.getmove(board, 7, 0.05)
    if verdict != CB_UNKNOWN or not status.startswith("error:"):
        fail(f"colour 7: verdict {verdict}, status {status!r}")
    unknown = ["frobnicate", "get nothing", "set allscores 1"]
    if not game.has_book:
        unknown += ["get book", "set book 1"]
    for text in unknown:
        if lib.command(text) != (0, "?"):
            fail(f"{text}: {lib.command(text)}")
    # CheckerBoard's start-up probe (its loadengine): it keeps the engine's move lists only if
    # this exact command answers exactly "movelist 0".
    for text, want in (("get gametype", str(game.gametype)), ("get protocolversion", "2"),
                       ("name", game.engine_name), ("get movelist B:W1:B", "movelist 0")):
        if lib.command(text) != (1, want):
            fail(f"{text}: {lib.command(text)}")
    print("bad input: answered with errors, nothing changed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=GAMES, default="italian")
    parser.add_argument("--lib", help="default target/release/libdamacb.so (Italian) or, for "
                        "another game, libdamacb_GAME.so beside it")
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.02)
    args = parser.parse_args()
    game = Game(args.variant)
    name = "libdamacb.so" if game.italian else f"libdamacb_{game.name}.so"
    lib = Library(args.lib or REPOSITORY / "target" / "release" / name)
    referee = Referee(args.dama, game)
    print(f"== {game.name} (game type {game.gametype}): {args.lib or name}")
    lib.command("set hashsize 16")
    check_bad_input(game, lib)
    check_playnow(game, lib)
    check_repetition(game, lib)
    seen = set()
    totals = play_games(game, lib, referee, args.games, args.seed, args.seconds, seen)
    rng = random.Random(args.seed)
    fens = seen | set(random_positions(game, rng, 300)) | {game.stuck_fen}
    if game.flying:
        # Flying kings on an open board: lists longer than CheckerBoard holds.
        fens |= set(random_positions(game, rng, 300, kings=0.9, most=6))
    fens = sorted(fens)
    cut_lists = check_movelists(game, lib, referee, fens)
    if game.flying and not cut_lists:
        fail("no list longer than CheckerBoard holds was met: the random positions are too few")
    v = totals["verdicts"]
    print(f"{args.games} games, {totals['plies']} moves by getmove; verdicts draw {v[0]} win {v[1]} "
          f"loss {v[2]} unknown {v[3]}; failures {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
