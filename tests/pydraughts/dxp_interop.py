#!/usr/bin/env python3
"""Interoperability of `dama dxp` with pydraughts' DXP client (PyPI `pydraughts`, class
draughts.engine.DXPEngine), an independent implementation of the DamExchange protocol, in
International draughts (pydraughts variant "standard").

`dama dxp --listen 127.0.0.1:0` serves; pydraughts connects once per game (its client plays one game
per connection), sends its game request (always with the position, as 'B'), its moves and its game
end, and reads Dama's accept and moves. The script's own side plays seeded random legal moves.

Games:
1. Dama White, no thinking time (Dama uses --movetime per move); a chat; a take-back
   (pydraughts' `takeback`) to move 2 with pydraughts' side (Black) to move, then play on.
2. Dama Black (pydraughts plays the first move), a one-minute clock and 120 moves: Dama must move
   within what is left of its minute (its moves' wall time, as pydraughts waits for them, adds up to
   under 60 s), and may end the game when the 120 moves are played.

Every move Dama sends must be one of pydraughts' own legal moves (from, to, captured set); a game
ends when pydraughts' board says it is over (the script's side then sends the game end, as a
pydraughts user does), or when Dama ends it on its turn by a rule pydraughts does not count (a draw
by the FMJD counts, the agreed moves). Counted and required to be zero: illegal or missing moves,
games Dama did not finish, a Dama that died, and any panic on its stderr.

pydraughts 0.6.7 reads the socket in chunks and takes two messages that arrive together as one, so
Dama sends the message that matters first (an accept or game end before its chat).

Usage: dxp_interop.py [--dama PATH] [--seed N]   (exit status 0 only when all is well)
"""

import argparse
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import draughts
from draughts.engine import DXPEngine

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hub_common import Failures  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
MOVE_PATIENCE = 20.0  # seconds for one Dama move (its move time is far below)
MAX_PLIES = 400


def key(move):
    """A move as (from, to, captured set)."""
    return move.steps_move[0], move.steps_move[-1], frozenset(move.captures or [])


def start_server(dama, log_path):
    command = [dama, "dxp", "--listen", "127.0.0.1:0", "--movetime", "0.05", "--hash", "16",
               "--timeout", "60", "--log-file", str(log_path)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    match = re.fullmatch(r"listening on 127\.0\.0\.1:(\d+)", line)
    if not match:
        server.kill()
        sys.exit(f"dama dxp did not say where it listens: {line!r}")
    return server, int(match.group(1))


def engine_move(engine, board):
    """engine.play on a thread: pydraughts waits for the move without a limit, and would wait
    forever if Dama ended the game instead. Returns (the move or None, seconds)."""
    outcome = {}

    def run():
        outcome["result"] = engine.play(board)

    started = time.monotonic()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = started + MOVE_PATIENCE
    while thread.is_alive() and time.monotonic() < deadline:
        if engine.sender.current.result is not None:  # Dama sent a game end
            break
        thread.join(0.01)
    elapsed = time.monotonic() - started
    result = outcome.get("result")
    return (result.move if result else None), elapsed


def play_game(number, dama_white, port, rng, failures, options, takeback_at=None, chat=None):
    engine = DXPEngine(options={"ip": "127.0.0.1", "port": port, **options})
    board = draughts.Board(variant="standard")
    dama_color = draughts.WHITE if dama_white else draughts.BLACK
    dama_time = 0.0
    ended_by_dama = None
    while not board.is_over() and len(board.move_stack) < MAX_PLIES:
        if board.turn == dama_color:
            move, elapsed = engine_move(engine, board)
            dama_time += elapsed
            if move is None:
                ended_by_dama = engine.sender.current.result
                break
            legal = {key(m): m for m in board.legal_moves()}
            if not failures.check(key(move) in legal,
                                  f"game {number}: Dama's move {move.pdn_move} is not legal in {board.fen}"):
                break
            board.push(legal[key(move)])
            if chat:
                engine.sender.chat(chat)
                chat = None
        else:
            if takeback_at and len(board.move_stack) == takeback_at:
                takeback_at = None
                # Back to move 2 with pydraughts' side (Black) to move: Dama answers K0 and waits.
                accepted, new_board, _ = engine.takeback(2, draughts.BLACK)
                failures.check(accepted, f"game {number}: Dama refused the take-back")
                failures.check(len(new_board.move_stack) == 3,
                               f"game {number}: {len(new_board.move_stack)} plies after the take-back")
                board = new_board
                continue
            board.push(rng.choice(board.legal_moves()))
    plies = len(board.move_stack)
    if ended_by_dama is not None:
        # Dama ended the game on its turn: a draw by a count pydraughts keeps differently, or the
        # agreed number of moves played.
        moves_done = options.get("max-moves", 0) and plies >= 2 * options["max-moves"]
        has_king = "K" in board.fen
        failures.check(ended_by_dama == "2" and has_king or ended_by_dama == "0" and moves_done,
                       f"game {number}: Dama ended the game (reason {ended_by_dama}) at ply {plies}")
        how = f"Dama ended it (reason {ended_by_dama})"
    elif board.is_over():
        how = f"over for pydraughts, winner {board.winner()}"
    else:
        failures.check(ended_by_dama is not None, f"game {number}: no move from Dama at ply {plies}")
        how = "unfinished"
    engine.quit()  # sends pydraughts' game end, closes the connection (pydraughts waits 7 s)
    print(f"game {number}: Dama {'White' if dama_white else 'Black'}, {plies} plies, {how}; "
          f"Dama's moves took {dama_time:.2f} s", flush=True)
    return dama_time


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = Failures()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "dxp.log"
        server, port = start_server(args.dama, log_path)
        try:
            play_game(1, True, port, rng, failures, {}, takeback_at=7, chat="hello from pydraughts")
            dama_time = play_game(2, False, port, rng, failures,
                                  {"initial-time": 60, "max-moves": 120})
            failures.check(dama_time < 60, f"game 2: Dama's moves took {dama_time:.1f} s of its minute")
            failures.check(server.poll() is None, "dama dxp exited")
        finally:
            server.kill()
            _, stderr = server.communicate()
        log = log_path.read_text()
    # What Dama logged of the exchange: pydraughts' requests, both games' ends answered.
    received = [line.split(" ", 2)[2] for line in log.splitlines() if " < " in line]
    requests = [text for text in received if text.startswith("R01")]
    failures.check(len(requests) == 2, f"{len(requests)} game requests")
    failures.check(requests and requests[0][35:44] == "W000000BW",
                   f"game 1's request: {requests[:1]}")
    failures.check(len(requests) > 1 and requests[1][35:44] == "Z001120BW",
                   f"game 2's request: {requests[1:2]}")
    failures.check(log.count("# game 1:") >= 2 and log.count("# game 2:") >= 2, "a game without its result")
    failures.check("back to move 2" in log, "no take-back in the log")
    failures.check("chat from DXP Client: hello from pydraughts" in stderr, f"no chat on stderr: {stderr}")
    failures.check("panicked" not in stderr, f"dama dxp panicked: {stderr}")
    print(f"{len(failures.messages)} failures in {time.monotonic() - started:.1f} s")
    if failures.messages:
        print(log)
        print(stderr)
    return 1 if failures.messages else 0


if __name__ == "__main__":
    sys.exit(main())
