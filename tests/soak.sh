#!/bin/sh
# The soak: GAMES fast games (default 1000) between two `dama hub` processes through `dama match`,
# then every game of the PDN replayed by pydraughts. Fails on any illegal move, crash, hang or
# forfeit. Usage: tests/soak.sh [GAMES] (run from the checkout after `cargo build --release`;
# needs .venv with pydraughts, as .ci/run makes it). About 5 minutes on two cores.
set -eu
games=${1:-1000}
dama=target/release/dama
out=$(mktemp -d)
# No tables: the machine's table directory does not decide the games.
export DAMA_EGDB_DIR="$out/no-egdb" XDG_CACHE_HOME="$out/no-cache" DAMA_EGDB_BUILD=off
$dama match --engine "$dama hub" name=A --engine "$dama hub" name=B option.tt-size=8 \
    --nodes 400 --games "$games" --concurrency 2 --quiet --pdn-out "$out/soak.pdn" \
    | tee "$out/result.txt"
result=$(tail -n 1 "$out/result.txt")
case "$result" in
    *" forfeits=0,0 "*) ;;
    *) echo "soak: forfeits in: $result" >&2; exit 1 ;;
esac
case "$result" in
    "result games=$games "*) ;;
    *) echo "soak: not every game was played: $result" >&2; exit 1 ;;
esac
.venv/bin/python tests/pydraughts/pdn_readback.py --dama "$dama" --pdn "$out/soak.pdn"
rm -rf "$out"
echo "soak: $games games, no forfeit, every game replayed by pydraughts"
