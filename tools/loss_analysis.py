#!/usr/bin/env python3
"""Where a match's lost games were lost: the loss analysis of docs/international.md and
docs/english.md.

Usage:
  tools/loss_analysis.py --dama target/release/dama --pdn match.pdn --engine NAME
                         --variant international|english|italian --nodes 5000000 [--jobs 1]
                         [--out analysis.json]

For every game of the PDN (as `dama match` writes it) that the engine NAME lost, each position
after one of NAME's moves is searched again with `dama analyze --nodes N` (a deeper search than
the game's: choose N as ten times the nodes the engine searched a move in the game or more). The
score after the move, from NAME's side, is the deep verdict. The moves are searched from the last
back to the last one after which the verdict was still better than -0.5: the earlier ones cannot
be where the game was lost (their verdicts are `null` in the JSON). With `--step K`, only every
K-th move is searched on the way back, then each move after the last held one up to the next
searched: K times fewer searches, at the risk of missing a recovery between two searched moves. The game was lost at the first of
NAME's moves after which the verdict is LOST (-1.0 men: a man down, or a proven loss) or worse
and never again better than -0.5 to the end of the game. That move is classified, in this order:

  opening      the move is among NAME's first 12 of the game (the opening's moves not counted);
  endgame      at most 14 pieces on the board (International; 8 in the 8x8 games), or a king,
               before the move (endgame technique);
  tactic       the verdict fell by at least 0.8 men across this one move (from before the move,
               the verdict after NAME's previous move, to after it) while NAME's own score at the
               move (its PDN comment) was still above -0.5: a combination beyond its horizon;
  drift        otherwise: the verdict slid over several moves (positional drift).

A lost game whose verdict never reaches LOST and stays there (the engine lost on time, or lost an
ending the deep search still calls defensible) is counted as `unresolved`, with its termination.

Output: one line per lost game on stdout and a Markdown table of the classes; `--out` writes
every verdict as JSON, so the table can be rebuilt without searching again.
"""
import argparse
import concurrent.futures
import json
import re
import subprocess
import sys

LOST = -1.0
RECOVERED = -0.5
BLOW = 0.8
OPENING_MOVES = 12
# An endgame: at most this many pieces on the board (about a third of the start's 40 or 24).
ENDGAME_PIECES = {"international": 14, "english": 8, "italian": 8}


def read_pdn(path):
    """The games of a `dama match` PDN: tags, moves (comments kept per move), result."""
    text = open(path, encoding="utf-8").read()
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', block, re.M))
        movetext = "\n".join(l for l in block.splitlines() if not l.startswith("["))
        moves = []
        for token in re.finditer(r"\{([^}]*)\}|(\S+)", movetext):
            comment, word = token.group(1), token.group(2)
            if comment is not None:
                if moves:
                    moves[-1]["comment"] = comment
            elif re.match(r"^\d+\.(\.\.)?$", word) or word in ("1-0", "0-1", "1/2-1/2", "*"):
                continue
            else:
                moves.append({"move": word, "comment": None})
        games.append({"tags": tags, "moves": moves})
    return games


def comment_score(comment):
    """The score of a `{score/depth time}` comment, in men from the mover's side."""
    if not comment:
        return None
    match = re.match(r"^([+-]\d+\.\d+)", comment.strip())
    return float(match.group(1)) if match else None


def deep_score(dama, variant, fen, moves, nodes):
    """The score of the position after `moves` from `fen`, for the side to move there."""
    command = [dama, "analyze", "--variant", variant, "--fen", fen, "--no-book",
               "--nodes", str(nodes)]
    if moves:
        command += ["--moves", " ".join(moves)]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    last = None
    for line in output.splitlines():
        match = re.search(r"score\s+(tb win|tb loss|win in \d+|loss in \d+|[+-]\d+\.\d+)", line)
        if match:
            last = match.group(1)
    if last is None:
        if "no legal move" in output:
            return -100.0
        # One legal move is played at once, unsearched: the score is that of the position after.
        forced = re.search(r"^bestmove (\S+)", output, re.M)
        if forced:
            return -deep_score(dama, variant, fen, list(moves) + [forced.group(1)], nodes)
        raise RuntimeError("no score from %s:\n%s" % (" ".join(command), output))
    if "win" in last:
        return 100.0
    if "loss" in last:
        return -100.0
    return float(last)


def pieces(dama, variant, fen, moves):
    """(pieces, kings) on the board after `moves`, read from the FEN `dama analyze` prints."""
    command = [dama, "analyze", "--variant", variant, "--fen", fen, "--no-book", "--depth", "1"]
    if moves:
        command += ["--moves", " ".join(moves)]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    match = re.search(r"\b([WB]:[WB][^\s]*:[WB][^\s]*)", output)
    if not match:
        return None, None
    squares = re.findall(r"K?\d+(?:-\d+)?", match.group(1))
    count, kings = 0, 0
    for square in squares:
        king = square.startswith("K")
        square = square.lstrip("K")
        if "-" in square:
            a, b = square.split("-")
            count += int(b) - int(a) + 1
        else:
            count += 1
        kings += king
    return count, kings


def analyse(game, args):
    tags, moves = game["tags"], game["moves"]
    engine_white = tags["White"] == args.engine
    result = tags["Result"]
    lost = (result == "0-1" and engine_white) or (result == "1-0" and not engine_white)
    if not lost:
        return None
    fen = tags["FEN"]
    first_white = fen.startswith("W")
    opening_plies = len(tags.get("Opening", "").split()) - 1 if tags.get("Opening", "").startswith("moves ") else 0
    verdicts = [{"ply": index, "move": move["move"], "own": comment_score(move["comment"]),
                 "after": None}
                for index, move in enumerate(moves)
                if ((index % 2 == 0) == first_white) == engine_white and index >= opening_plies]
    # From the last move back to the last one after which the game was still held (better than
    # RECOVERED): the moves before it cannot be where the game was lost, so they are not searched.
    # With --step K every K-th move is searched on the way back, then every move after the held
    # one found, up to the next one searched.
    def judge(i):
        if verdicts[i]["after"] is None:
            played = [m["move"] for m in moves[:verdicts[i]["ply"] + 1]]
            verdicts[i]["after"] = -deep_score(args.dama, args.variant, fen, played, args.nodes)
        return verdicts[i]["after"]

    held = None
    for i in range(len(verdicts) - 1, -1, -args.step):
        if judge(i) > RECOVERED:
            held = i
            break
    if held is None and verdicts and args.step > 1:
        held = -1  # no sampled move held: the first moves before the first sample still count
    if held is not None:
        for i in range(held + 1, min(held + args.step, len(verdicts))):
            if judge(i) > RECOVERED:
                held = i
    lost_at = None
    for i, verdict in enumerate(verdicts):
        if verdict["after"] is not None and verdict["after"] <= LOST and all(
                v["after"] is None or v["after"] <= RECOVERED for v in verdicts[i:]):
            lost_at = i
            break
    record = {"round": tags.get("Round"), "opening": tags.get("Opening"),
              "termination": tags.get("Termination"), "plies": len(moves), "verdicts": verdicts}
    if lost_at is None:
        record["class"] = "unresolved"
        return record
    # A move before it that was not searched (--step) may already have been lost: go back
    # until the move before the loss was not.
    while lost_at > 0 and verdicts[lost_at - 1]["after"] is None and judge(lost_at - 1) <= LOST:
        lost_at -= 1
    verdict = verdicts[lost_at]
    before = judge(lost_at - 1) if lost_at > 0 else 0.0
    count, kings = pieces(args.dama, args.variant, fen, [m["move"] for m in moves[:verdict["ply"]]])
    number = lost_at + 1
    if number <= OPENING_MOVES:
        kind = "opening"
    elif (count is not None and count <= ENDGAME_PIECES[args.variant]) or (kings or 0) > 0:
        kind = "endgame"
    elif before - verdict["after"] >= BLOW and (verdict["own"] is None or verdict["own"] > RECOVERED):
        kind = "tactic"
    else:
        kind = "drift"
    record.update({"class": kind, "lost_at": lost_at, "move_number": number, "move": verdict["move"],
                   "ply": verdict["ply"], "before": before, "after": verdict["after"],
                   "own": verdict["own"], "pieces": count, "kings": kings})
    return record


def table(records):
    classes = ["opening", "tactic", "drift", "endgame", "unresolved"]
    counts = {c: sum(1 for r in records if r["class"] == c) for c in classes}
    total = len(records)
    lines = ["| class | lost games | share |", "|---|---:|---:|"]
    for c in classes:
        share = 100.0 * counts[c] / total if total else 0.0
        lines.append("| %s | %d | %.0f %% |" % (c, counts[c], share))
    lines.append("| all | %d | |" % total)
    moves = sorted(r["move_number"] for r in records if "move_number" in r)
    if moves:
        lines.append("")
        lines.append("Median move of the loss: %d (of the engine's own moves, opening moves not "
                     "counted)." % moves[len(moves) // 2])
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dama", required=True)
    parser.add_argument("--pdn", required=True)
    parser.add_argument("--engine", required=True, help="the engine's name in the PDN")
    parser.add_argument("--variant", required=True, choices=["italian", "english", "international"])
    parser.add_argument("--nodes", type=int, required=True)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--step", type=int, default=1,
                        help="on the way back from the end, search every STEP-th move only (then "
                             "every move after the last held one); 1: every move")
    parser.add_argument("--out")
    parser.add_argument("--from-json", help="rebuild the table from an earlier --out")
    args = parser.parse_args()
    if args.from_json:
        records = json.load(open(args.from_json))
    else:
        games = read_pdn(args.pdn)
        names = {g["tags"].get("White") for g in games} | {g["tags"].get("Black") for g in games}
        if args.engine not in names:
            sys.exit("no engine named %r in %s (names: %s)" % (args.engine, args.pdn,
                                                               ", ".join(sorted(map(str, names)))))
        done = []

        def one(game):
            record = analyse(game, args)
            done.append(record)
            print("%d of %d games read, %d lost so far" % (len(done), len(games),
                                                            sum(1 for r in done if r)),
                  file=sys.stderr, flush=True)
            if args.out:  # what is done so far, in case the run is stopped
                json.dump([r for r in done if r], open(args.out, "w"), indent=1)
            return record

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            records = [r for r in pool.map(one, games) if r]
        if args.out:
            json.dump(records, open(args.out, "w"), indent=1)
    for r in records:
        if r["class"] == "unresolved":
            print("round %s (%s): unresolved (%s)" % (r["round"], r["opening"], r["termination"]))
        else:
            print("round %s (%s): lost at move %d %s (%d pieces): %+.2f -> %+.2f, own %s: %s" % (
                r["round"], r["opening"], r["move_number"], r["move"], r["pieces"] or 0,
                r["before"], r["after"], "%+.2f" % r["own"] if r["own"] is not None else "-",
                r["class"]))
    print()
    print(table(records))


if __name__ == "__main__":
    main()
