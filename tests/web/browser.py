"""The board of `dama serve` in a real browser (Debian's Chromium, headless, driven by Playwright):
each game's board, a legal move played by clicking and Dama's answer, a PDN with a capture sequence
stepped through, analysis with two lines updating, a broken PDN refused with a message, a game
annotated; no error in the browser's console. Screenshots go to target/web-screenshots/.

    python tests/web/browser.py --dama target/release/dama [--chromium /usr/bin/chromium]
"""
import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
import time

from playwright.sync_api import sync_playwright
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Each game, the side Dama plays, and a first move of the other side (from, to).
GAMES = [("italian", "black", (22, 18)), ("english", "white", (11, 15)),
         ("international", "black", (32, 28))]

CAPTURES = '[Event "captures"]\n[GameType "22"]\n[FEN "W:W30,31:B26,18,11,1"]\n\n1. 30x21x14x7 1-5 *\n'
GAME = ('[Event "a short game"]\n[White "W"]\n[Black "B"]\n[GameType "22"]\n\n'
        '1. 22-18 11-14 2. 18x11 7x14 3. 23-19 14x23 4. 28x19 10-14 5. 19x10 5x14 *\n')


def click_square(page, n):
    """A click at the middle of square n (where a player clicks, the piece on it included). The
    board is drawn anew when the engine's messages come, so a square found may be gone the next
    moment: it is looked up again until it stays for the measure."""
    square = page.locator(f'#board rect.sq[data-square="{n}"]')
    for _ in range(50):
        square.wait_for(state="visible")
        box = square.bounding_box()
        if box is not None:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"square {n} is never on the board long enough to be clicked")


def moves_in_list(page):
    return page.locator("#moves .mv").count()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dama", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--out", default="target/web-screenshots")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    server = subprocess.Popen([args.dama, "serve", "--listen", "127.0.0.1:0", "--hash", "16"],
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = re.search(r"http://[^ ]+/", line).group(0)
        run(url, args)
    finally:
        server.kill()
        server.wait()
    print("browser checks: 6 passed, 0 failed")


def run(url, args):
    errors = []
    # Playwright starts the browser with a fresh profile directory of its own.
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        started = time.time()
        page.goto(url)
        page.wait_for_selector("#board g.piece")
        print(f"page up in {time.time() - started:.2f} s")

        # 1. Each game: its board, a move by clicking, Dama's answer.
        for variant, dama, (a, b) in GAMES:
            page.select_option("#variant", variant)
            page.select_option("#dama-side", dama)
            # The new game's board is drawn: its squares, no move yet, its first side to move
            # (the text of the game before can still be there right after the choice).
            squares = 50 if variant == "international" else 32
            first = "Black" if variant == "english" else "White"
            page.wait_for_function(
                f"document.querySelectorAll('#board rect.sq').length === {squares}"
                " && document.querySelectorAll('#moves .mv').length === 0"
                f" && document.querySelector('#turn').textContent.includes('{first} to move')")
            click_square(page, a)
            page.wait_for_selector("#board circle.target")
            click_square(page, b)
            page.wait_for_function("document.querySelectorAll('#moves .mv').length >= 2", timeout=15000)
            page.wait_for_timeout(200)
            page.locator("#board").screenshot(path=f"{args.out}/{variant}.png")
            print(f"{variant}: played {a}-{b}, Dama answered")
        page.select_option("#dama-side", "none")

        # 2. A PDN with a capture sequence, stepped through.
        page.select_option("#variant", "italian")
        page.fill("#text", CAPTURES)
        page.click("#load-pdn")
        page.wait_for_function("document.querySelector('#fen').textContent.startsWith('W:W30,31')")
        page.click("#forward")
        page.wait_for_function("document.querySelectorAll('#board .captured').length === 3")
        assert page.locator("#moves .mv.current").inner_text() == "30x21x14x7"
        page.click("#forward")
        page.wait_for_function("document.querySelector('#moves .mv.current').textContent === '1-5'")
        page.click("#back")
        page.wait_for_function("document.querySelectorAll('#board .captured').length === 3")
        print("PDN capture sequence stepped through")

        # 3. Analysis: two lines, updating.
        page.click("#new")
        page.select_option("#lines", "2")
        page.click("#analyze")
        page.wait_for_function("document.querySelectorAll('#pv li').length >= 2", timeout=15000)
        first = page.inner_text("#stats")
        page.wait_for_function(f"document.querySelector('#stats').textContent !== {first!r}", timeout=15000)
        assert page.locator("#board .arrow").count() >= 2
        page.locator("#board").screenshot(path=f"{args.out}/analysis.png")
        page.click("#analyze")
        print("analysis: two lines updating, arrows drawn")

        # 4. A broken PDN is refused with a message.
        page.fill("#text", '[Event "x"]\n1. 22-18 {never closed')
        page.click("#load-pdn")
        page.wait_for_selector("#message:not([hidden])")
        message = page.inner_text("#message")
        assert "comment" in message, message
        page.fill("#text", "W:W99:B1")
        page.click("#load-fen")
        page.wait_for_function("document.querySelector('#message').textContent.includes('FEN')")
        print(f"broken PDN refused: {message}")

        # 5. An annotated game with its graph.
        page.fill("#text", GAME)
        page.click("#load-pdn")
        page.wait_for_function("document.querySelector('#fen').textContent.startsWith('W:W21')")
        page.click("#annotate")
        page.wait_for_function("document.querySelector('#summary').textContent.includes('mistake')", timeout=30000)
        page.click("#graph", position={"x": 300, "y": 60})
        page.wait_for_selector("#moves .mv.current")
        page.screenshot(path=f"{args.out}/annotated.png")
        print("annotated: " + page.inner_text("#summary"))

        # 6. No error in the console.
        assert not errors, errors
        browser.close()


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"browser checks failed: {e}", file=sys.stderr)
        sys.exit(1)
