"""Measures `dama serve` (the numbers of README's "The board in the browser"): the time from the
start to a page that answers (cold), the page's size, the latency from a move to the first
analysis line (median of 20, in the page), and the server's memory with ten tabs analysing.

    python tests/web/measure.py --dama target/release/dama
"""
import argparse
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

LATENCY = """async () => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  const replies = [];
  let wake = null;
  ws.onmessage = (e) => { replies.push(JSON.parse(e.data)); if (wake) wake(); };
  await new Promise((r) => ws.onopen = r);
  const next = async (test) => {
    for (;;) {
      const i = replies.findIndex(test);
      if (i >= 0) return replies.splice(0, i + 1)[i];
      await new Promise((r) => wake = r);
    }
  };
  const moves = ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"];
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    ws.send(JSON.stringify({type: "position", variant: "italian", moves: [moves[i % 7]]}));
    ws.send(JSON.stringify({type: "analyze", lines: 2}));
    const started = await next((m) => m.type === "started");
    await next((m) => m.type === "info" && m.search === started.search);
    times.push(performance.now() - t0);
    replies.length = 0;
  }
  ws.close();
  return times;
}"""


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dama", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    started = time.time()
    server = subprocess.Popen([args.dama, "serve", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://[^ ]+/", server.stdout.readline()).group(0)
        while True:
            try:
                urllib.request.urlopen(url).read()
                break
            except OSError:
                time.sleep(0.005)
        print(f"cold start to a page that answers: {(time.time() - started) * 1000:.0f} ms")
        size = sum(len(urllib.request.urlopen(url + p).read()) for p in ["", "app.js", "draw.js", "style.css"])
        print(f"page size (HTML, script, style): {size} bytes ({size / 1024:.1f} KiB), uncompressed")
        print(f"server memory, idle: {rss_mib(server.pid):.0f} MiB")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector("#board g.piece")
            times = page.evaluate(LATENCY)
            print(f"move to first analysis line: median {statistics.median(times):.1f} ms, "
                  f"min {min(times):.1f}, max {max(times):.1f} (20 moves)")
            tabs = []
            for _ in range(10):
                tab = browser.new_page()
                tab.goto(url)
                tab.wait_for_selector("#board g.piece")
                tab.click("#analyze")
                tabs.append(tab)
            time.sleep(20)
            status = urllib.request.urlopen(url + "status").read().decode()
            print(f"ten tabs analysing for 20 s: server memory {rss_mib(server.pid):.0f} MiB, status {status}")
            browser.close()
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
