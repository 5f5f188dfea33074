#!/usr/bin/env bash
# The CheckerBoard engine libraries, end to end (README "CheckerBoard"): the Italian library (the
# crate's default) and the English, Russian and Brazilian ones (the same crate with the feature
# `english`, `russian` or `brazilian`; every build writes the same file name, so each of these is
# copied aside as libdamacb_GAME.so / damacb_GAME.dll before the Italian build).
#   1. Linux: each library loaded by the C harness (as CheckerBoard loads a DLL; it asks the game
#      type, reads move lists as CheckerBoard does, and referees English moves with a generator of
#      its own as CheckerBoard does) and by the Python ctypes harness, which referees every move
#      with `dama moves --variant` (cb_harness.py).
#   2. Windows: the four DLLs cross-compiled with mingw-w64, their exports checked by name, and the
#      same C harness compiled for Windows playing games through each under Wine.
# Needs gcc, python3, and for part 2 x86_64-w64-mingw32-gcc (Debian gcc-mingw-w64-x86-64), wine64
# and the Rust target x86_64-pc-windows-gnu; `--linux-only` skips part 2. `DAMA_PROFILE` names the
# cargo profile of every build (default release; .ci/run sets ci, Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-python3}
PROFILE=${DAMA_PROFILE:-release}
OUT=target/$PROFILE
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The libraries and `dama` see no tables but those the harnesses name, and build none on first use.
export DAMA_EGDB_DIR="$WORK/no-egdb" XDG_CACHE_HOME="$WORK/no-cache" DAMA_EGDB_BUILD=off

GAMES="english russian brazilian"  # besides Italian, the crate's default
echo "== CheckerBoard libraries, Linux"
for GAME in $GAMES; do
    cargo build --profile "$PROFILE" -p dama-checkerboard --features "$GAME"
    cp "$OUT/libdamacb.so" "$WORK/libdamacb_$GAME.so"
done
cargo build --profile "$PROFILE" -p dama -p dama-checkerboard
gcc -O2 -Wall -std=c99 -D_POSIX_C_SOURCE=200809L -o "$WORK/cbharness" checkerboard/harness/cbharness.c -ldl
"$WORK/cbharness" "$OUT/libdamacb.so" 6 0.02 22
"$WORK/cbharness" "$WORK/libdamacb_english.so" 3 0.02 21
"$WORK/cbharness" "$WORK/libdamacb_russian.so" 3 0.02 25
"$WORK/cbharness" "$WORK/libdamacb_brazilian.so" 3 0.02 26
"$PYTHON" tests/checkerboard/cb_harness.py --lib "$OUT/libdamacb.so" --dama "$OUT/dama" --games 10
for GAME in $GAMES; do
    "$PYTHON" tests/checkerboard/cb_harness.py --variant "$GAME" --lib "$WORK/libdamacb_$GAME.so" \
        --dama "$OUT/dama" --games 6
done

if [ "${1:-}" = "--linux-only" ]; then
    exit 0
fi

echo "== CheckerBoard DLLs, Windows (mingw-w64, Wine)"
WINOUT=target/x86_64-pc-windows-gnu/$PROFILE
for GAME in $GAMES; do
    cargo build --profile "$PROFILE" -p dama-checkerboard --target x86_64-pc-windows-gnu --features "$GAME"
    cp "$WINOUT/damacb.dll" "$WORK/damacb_$GAME.dll"
done
cargo build --profile "$PROFILE" -p dama-checkerboard --target x86_64-pc-windows-gnu
cp "$WINOUT/damacb.dll" "$WORK/damacb.dll"
for DLL in damacb.dll damacb_english.dll damacb_russian.dll damacb_brazilian.dll; do
    EXPORTS=$(x86_64-w64-mingw32-objdump -p "$WORK/$DLL" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | grep -E '^\s*\[ *[0-9]+\]' | awk '{print $NF}' | sort | tr '\n' ' ')
    echo "$DLL exports: $EXPORTS"
    if [ "$EXPORTS" != "enginecommand getmove islegal " ]; then
        echo "FAIL: $DLL must export exactly enginecommand getmove islegal" >&2
        exit 1
    fi
done
x86_64-w64-mingw32-gcc -O2 -Wall -std=c99 -o "$WORK/cbharness.exe" checkerboard/harness/cbharness.c
# Wine 8 (Debian 12) lacks bcryptprimitives.dll, which Rust's std imports on Windows 10 and later:
# a test-only stand-in goes beside the harness (checkerboard/harness/bcryptprimitives_shim.c).
x86_64-w64-mingw32-gcc -O2 -shared -o "$WORK/bcryptprimitives.dll" checkerboard/harness/bcryptprimitives_shim.c -ladvapi32
WINE=$(command -v wine64 || echo /usr/lib/wine/wine64)
WINESERVER="$(dirname "$(readlink -f "$WINE")")/wineserver"
export WINEPREFIX="$WORK/prefix" WINEDEBUG=-all
start_wine_server() { "$WINESERVER" -p </dev/null >/dev/null 2>&1; }
stop_wine_server() { "$WINESERVER" -k 2>/dev/null || true; "$WINESERVER" -w 2>/dev/null || true; }
# Stop Wine's server before the prefix goes, whatever way the script ends.
trap 'stop_wine_server; rm -rf "$WORK"' EXIT
# The prefix is made once, its boot let finish, and one server kept for all runs: a run must not
# start while the server of the run before is going away (a CI run once failed on that race with
# "wine client error: recvmsg: Connection reset by peer" after the Italian games had passed).
"$WINE" wineboot --init >/dev/null 2>&1 || true
"$WINESERVER" -w
start_wine_server
# One harness run under Wine (DLL GAMES SECONDS GAME_TYPE). It passes only if the harness printed
# its closing line for all the games with no failure: Wine's launcher can exit 0 when its server is
# killed under it. A run that stopped before its closing line (Wine gone, no verdict) is run once
# more; a closing line with failures is a verdict and fails the script at once.
wine_harness() {
    local attempt games=$2
    for attempt in 1 2; do
        local rc=0
        (cd "$WORK" && "$WINE" cbharness.exe "$@" >"$WORK/wine.raw" 2>"$WORK/wine.err") || rc=$?
        tr -d '\r' <"$WORK/wine.raw" >"$WORK/wine.out"  # a Windows program's lines end in CR LF
        cat "$WORK/wine.out"
        cat "$WORK/wine.err" >&2
        if grep -q "^$games games, .*; failures 0$" "$WORK/wine.out"; then
            [ "$rc" = 0 ] && return 0
            echo "FAIL: the harness passed but Wine exited with $rc" >&2
            return 1
        fi
        if grep -q "; failures [0-9]*$" "$WORK/wine.out" || [ "$attempt" = 2 ]; then
            echo "FAIL: $1 under Wine (exit $rc)" >&2
            return 1
        fi
        echo "$1 under Wine stopped before its verdict (exit $rc): running it once more" >&2
        stop_wine_server
        start_wine_server
    done
}
wine_harness damacb.dll 3 0.05 22
wine_harness damacb_english.dll 2 0.05 21
wine_harness damacb_russian.dll 2 0.05 25
wine_harness damacb_brazilian.dll 2 0.05 26
