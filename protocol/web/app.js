// Dama's board: the page of `dama serve`. The server is the referee (it lists the legal moves of
// every position) and the engine; the page keeps the game tree (moves and variations), draws the
// board and talks to the server over one WebSocket.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

// Each game's board: its size and where square n stands (row 0 at the top, seen from White).
const GAMES = {
  italian: { size: 8, perRow: 4, darkOnEven: false, title: "Dama Italiana" },
  english: { size: 8, perRow: 4, darkOnEven: true, title: "English draughts" },
  international: { size: 10, perRow: 5, darkOnEven: true, title: "International draughts" },
};

function place(variant, n) {
  const g = GAMES[variant];
  const i = n - 1;
  const row = Math.floor(i / g.perRow);
  const even = row % 2 === 0;
  const col = 2 * (i % g.perRow) + ((even === g.darkOnEven) ? 1 : 0);
  return { row, col };
}

function squareAt(variant, row, col) {
  const g = GAMES[variant];
  if (row < 0 || col < 0 || row >= g.size || col >= g.size) return null;
  const offset = ((row % 2 === 0) === g.darkOnEven) ? 1 : 0;
  if ((col - offset) % 2 !== 0) return null;
  return row * g.perRow + (col - offset) / 2 + 1;
}

// ---- The game tree ----
let nextNodeId = 1;
function newNode(parent, move) {
  return { id: nextNodeId++, parent, move, children: [], score: null, mark: "", better: null };
}

const state = {
  variant: "italian",
  startFen: null,          // null: the game's start position
  root: null,
  node: null,              // the current node
  position: null,          // the server's reply for the current node
  flipped: false,
  coords: true,
  selected: null,          // a selected square
  analyzing: false,
  search: 0,               // the id of the search whose lines are shown
  searchMode: null,
  lines: [],
  waiting: [],             // nodes whose position was asked, in order
  games: [],
  annotatedPdn: null,
  drag: null,
};

function resetTree(variant, fen) {
  state.variant = variant;
  state.startFen = fen || null;
  state.root = newNode(null, null);
  state.node = state.root;
  state.selected = null;
  state.annotatedPdn = null;
  $("download").disabled = true;
  $("summary").textContent = "";
  $("variant").value = variant;
}

function pathTo(node) {
  const moves = [];
  for (let n = node; n && n.move; n = n.parent) moves.push(n.move);
  return moves.reverse();
}

function mainLine() {
  const line = [];
  for (let n = state.root; n.children.length; n = n.children[0]) line.push(n.children[0]);
  return line;
}

function ply(node) { let p = 0; for (let n = node; n.parent; n = n.parent) p++; return p; }

// ---- The connection ----
let socket = null;
let sendQueue = [];
function connect() {
  const url = `ws://${location.host}/ws`;
  socket = new WebSocket(url);
  socket.onopen = () => { setStatus("connected"); sendQueue.forEach((m) => socket.send(m)); sendQueue = []; };
  socket.onclose = () => { setStatus("disconnected: reload the page"); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}
function send(message) {
  const text = JSON.stringify(message);
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text); else sendQueue.push(text);
}
function setStatus(text) { $("status").textContent = text; }

function askPosition() {
  state.waiting.push(state.node);
  send({ type: "position", variant: state.variant, fen: state.startFen, moves: pathTo(state.node) });
}

function receive(m) {
  switch (m.type) {
    case "hello": setStatus(`Dama ${m.version}`); break;
    case "position": onPosition(m); break;
    case "started": state.search = m.search; state.searchMode = m.mode; if (m.mode === "analyze") state.lines = []; break;
    case "info": onInfo(m); break;
    case "done": onDone(m); break;
    case "games": onGames(m); break;
    case "pdn": onPdn(m); break;
    case "progress": $("progress").textContent = `${m.done}/${m.total}`; break;
    case "annotation": onAnnotation(m); break;
    case "error": onError(m.message); break;
  }
}

function showMessage(text) {
  const box = $("message");
  box.textContent = text;
  box.hidden = !text;
}

function onError(message) {
  // A position the server refused leaves the waiting list; the tree stays where it was.
  showMessage(message);
  if (/move \d+ is refused|bad FEN|unknown game/.test(message) && state.waiting.length) {
    const node = state.waiting.shift();
    if (node === state.node && node.parent) { node.parent.children = node.parent.children.filter((c) => c !== node); state.node = node.parent; askPosition(); }
    else if (node === state.node && !node.parent && state.startFen) { state.startFen = null; resetTree(state.variant, null); askPosition(); }
  }
}

function onPosition(m) {
  const node = state.waiting.shift();
  if (node !== state.node) return;
  state.position = m;
  state.selected = null;
  $("fen").textContent = m.fen;
  $("turn").textContent = m.result ? `${m.result}: ${m.reason}` : `${m.side === "white" ? "White" : "Black"} to move${m.must_capture ? " (must capture)" : ""}`;
  $("verdict").textContent = m.tables ? `tables: ${m.tables}` : "";
  draw();
  drawMoves();
  drawGraph();
  if (m.result) { stopSearch(); return; }
  if (damaToMove()) { startPlay(); return; }
  if (state.analyzing) send({ type: "analyze", lines: Number($("lines").value) });
}

function damaToMove() {
  const side = $("dama-side").value;
  return state.position && side !== "none" && side === state.position.side && !state.position.result;
}

function startPlay() {
  const skill = Math.max(1, Math.min(20, Number($("skill").value) || 20));
  const movetime = Math.max(0.1, Math.min(60, Number($("movetime").value) || 1));
  send({ type: "go", skill, movetime });
  setStatus("Dama is thinking…");
}

function stopSearch() { send({ type: "stop" }); }

function onInfo(m) {
  if (m.search !== state.search) return;
  state.lines[m.line - 1] = m;
  if (m.line === 1) {
    const white = state.position && state.position.side === "white" ? m.score : -m.score;
    state.node.score = Math.max(-1000, Math.min(1000, white));
    $("stats").textContent = `depth ${m.depth}/${m.seldepth}  ${(m.nps / 1e6).toFixed(1)} M nodes/s  ${formatNodes(m.nodes)} nodes  ${m.time.toFixed(1)} s${m.tbhits ? "  tbhits " + m.tbhits : ""}`;
  }
  drawLines();
  drawArrows();
  drawGraph();
}

function formatNodes(n) { return n >= 1e6 ? (n / 1e6).toFixed(1) + " M" : n >= 1e3 ? (n / 1e3).toFixed(0) + " k" : String(n); }

function onDone(m) {
  if (m.search !== state.search) return;
  if (state.searchMode === "play" && m.best && state.position) {
    setStatus("connected");
    const legal = state.position.legal.find((l) => l.text === m.best);
    if (legal) playMove(legal);
  }
}

// ---- Moves ----
function playMove(legal) {
  showMessage("");
  $("chooser").hidden = true;
  let child = state.node.children.find((c) => c.move === legal.text);
  if (!child) { child = newNode(state.node, legal.text); state.node.children.push(child); }
  goTo(child);
}

function goTo(node) {
  if (!node) return;
  state.node = node;
  state.lines = [];
  $("pv").innerHTML = "";
  $("stats").textContent = "";
  askPosition();
}

function clickSquare(n) {
  const p = state.position;
  if (!p || p.result || damaToMove()) return;
  const from = p.legal.filter((l) => l.path[0] === n);
  if (state.selected !== null && state.selected !== n) {
    const moves = p.legal.filter((l) => l.path[0] === state.selected && l.path[l.path.length - 1] === n);
    if (moves.length === 1) { playMove(moves[0]); return; }
    if (moves.length > 1) { choose(moves); return; }
  }
  state.selected = from.length ? n : null;
  $("chooser").hidden = true;
  draw();
}

// Several captures from one square to another: the player picks the route.
function choose(moves) {
  const box = $("chooser");
  box.innerHTML = "";
  for (const mv of moves) {
    const b = document.createElement("button");
    b.textContent = mv.text + (mv.captured.length ? ` (takes ${mv.captured.join(", ")})` : "");
    b.onclick = () => playMove(mv);
    box.appendChild(b);
  }
  box.hidden = false;
}

// ---- Drawing the board ----
function cellXY(n) {
  const g = GAMES[state.variant];
  const cell = 800 / g.size;
  let { row, col } = place(state.variant, n);
  if (state.flipped) { row = g.size - 1 - row; col = g.size - 1 - col; }
  return { x: col * cell, y: row * cell, cell };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function draw() {
  const svg = $("board");
  svg.innerHTML = "";
  const g = GAMES[state.variant];
  const cell = 800 / g.size;
  const squares = g.size * g.size / 2;
  for (let r = 0; r < g.size; r++) for (let c = 0; c < g.size; c++) {
    const playing = squareAt(state.variant, r, c) !== null;
    el("rect", { x: c * cell, y: r * cell, width: cell, height: cell, fill: playing ? "var(--dark)" : "var(--light)" }, svg);
  }
  const p = state.position;
  if (!p) return;
  const last = p.last;
  const mark = (n, color, opacity) => { const { x, y } = cellXY(n); el("rect", { x, y, width: cell, height: cell, fill: color, "fill-opacity": opacity }, svg); };
  if (last) { mark(last.path[0], "#9bc700", 0.35); mark(last.path[last.path.length - 1], "#9bc700", 0.45); }
  if (state.selected !== null) mark(state.selected, "#14551e", 0.5);
  for (let n = 1; n <= squares; n++) {
    const { x, y } = cellXY(n);
    el("rect", { x, y, width: cell, height: cell, fill: "transparent", "data-square": n, class: "sq" }, svg);
    if (state.coords) {
      const t = el("text", { x: x + 4, y: y + 14, "font-size": cell / 5.5, fill: "#f0d9b5", "fill-opacity": 0.8, "pointer-events": "none" }, svg);
      t.textContent = n;
    }
  }
  // The pieces that must capture.
  if (p.must_capture && !p.result) {
    for (const from of new Set(p.legal.map((l) => l.path[0]))) {
      const { x, y } = cellXY(from);
      el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.46, fill: "none", stroke: "#e33", "stroke-width": cell * 0.06, "pointer-events": "none", class: "must-capture" }, svg);
    }
  }
  for (let n = 1; n <= squares; n++) {
    const ch = p.board[n];
    if (ch === "e" || state.drag && state.drag.from === n && state.drag.moved) continue;
    drawPiece(svg, n, ch, cell);
  }
  if (last) for (const c of last.captured) {
    const { x, y } = cellXY(c);
    el("path", { d: `M${x + cell * .3},${y + cell * .3}L${x + cell * .7},${y + cell * .7}M${x + cell * .7},${y + cell * .3}L${x + cell * .3},${y + cell * .7}`, stroke: "#c33", "stroke-width": cell * .06, "pointer-events": "none", class: "captured" }, svg);
  }
  if (state.selected !== null) {
    for (const mv of p.legal.filter((l) => l.path[0] === state.selected)) {
      mv.path.slice(1).forEach((s, i) => {
        const { x, y } = cellXY(s);
        const end = i === mv.path.length - 2;
        el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * (end ? 0.16 : 0.08), fill: "#14551e", "fill-opacity": 0.7, "pointer-events": "none", class: end ? "target" : "step" }, svg);
      });
      for (const c of mv.captured) {
        const { x, y } = cellXY(c);
        el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.4, fill: "none", stroke: "#c33", "stroke-dasharray": "6 4", "stroke-width": 3, "pointer-events": "none" }, svg);
      }
    }
  }
  if (state.drag && state.drag.moved) drawPieceAt(svg, state.drag.x - cell / 2, state.drag.y - cell / 2, p.board[state.drag.from], cell);
  drawArrows();
}

function drawPiece(svg, n, ch, cell) { const { x, y } = cellXY(n); drawPieceAt(svg, x, y, ch, cell); }

function drawPieceAt(svg, x, y, ch, cell) {
  const white = ch === "w" || ch === "W";
  const king = ch === "W" || ch === "B";
  const cx = x + cell / 2, cy = y + cell / 2;
  const grp = el("g", { class: `piece ${white ? "white" : "black"}${king ? " king" : ""}`, "pointer-events": "none" }, svg);
  el("circle", { cx, cy: cy + cell * 0.03, r: cell * 0.38, fill: "#000", "fill-opacity": 0.3 }, grp);
  el("circle", { cx, cy, r: cell * 0.38, fill: white ? "#f5f1e6" : "#2b2b2b", stroke: white ? "#8a8068" : "#000", "stroke-width": cell * 0.03 }, grp);
  el("circle", { cx, cy, r: cell * 0.26, fill: "none", stroke: white ? "#c9bfa5" : "#555", "stroke-width": cell * 0.025 }, grp);
  if (king) {
    const s = cell * 0.16;
    el("path", { d: `M${cx - s},${cy + s * .6}L${cx - s},${cy - s * .5}L${cx - s * .5},${cy}L${cx},${cy - s * .8}L${cx + s * .5},${cy}L${cx + s},${cy - s * .5}L${cx + s},${cy + s * .6}Z`, fill: "#d4a017" }, grp);
  }
}

// The best line as arrows: the first moves of line 1 (fading), the first move of the others.
function drawArrows() {
  const svg = $("board");
  svg.querySelectorAll(".arrow").forEach((a) => a.remove());
  if (!state.analyzing || !state.lines.length || !state.position) return;
  const cell = 800 / GAMES[state.variant].size;
  const arrow = (text, color, width, opacity) => {
    const squares = text.split(/[-x]/).map(Number);
    let d = "";
    squares.forEach((s, i) => { const { x, y } = cellXY(s); d += `${i ? "L" : "M"}${x + cell / 2},${y + cell / 2}`; });
    el("path", { d, stroke: color, "stroke-width": width, "stroke-opacity": opacity, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round", "marker-end": "url(#head)", class: "arrow", "pointer-events": "none" }, svg);
  };
  if (!svg.querySelector("#head")) {
    const defs = el("defs", {}, svg);
    const marker = el("marker", { id: "head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto" }, defs);
    el("path", { d: "M0,0L10,5L0,10Z", fill: "#15781b" }, marker);
  }
  state.lines.slice(1).forEach((line) => line && line.pv.length && arrow(line.pv[0], "#003088", cell * 0.08, 0.45));
  const best = state.lines[0];
  if (best) best.pv.slice(0, 3).forEach((mv, i) => arrow(mv, "#15781b", cell * (i ? 0.07 : 0.12), i ? 0.45 : 0.8));
}

function drawLines() {
  const list = $("pv");
  list.innerHTML = "";
  state.lines.forEach((line) => {
    if (!line) return;
    const li = document.createElement("li");
    li.className = "line";
    const score = document.createElement("span");
    score.className = "score";
    const white = state.position && state.position.side === "white";
    score.textContent = scoreForWhite(line, white);
    li.appendChild(score);
    li.appendChild(document.createTextNode(` d${line.depth}  ${line.pv.join(" ")}`));
    li.title = "Play this line's first move";
    li.onclick = () => { const mv = state.position.legal.find((l) => l.text === line.pv[0]); if (mv) playMove(mv); };
    list.appendChild(li);
  });
}

function scoreForWhite(line, whiteToMove) {
  if (/win|loss/.test(line.score_text)) return line.score_text;
  const s = (whiteToMove ? line.score : -line.score) / 100;
  return (s > 0 ? "+" : "") + s.toFixed(2);
}

// ---- The move list ----
function drawMoves() {
  const box = $("moves");
  box.innerHTML = "";
  // PDN numbers "N." the moves of the side that moves first in the game (Black in English).
  const first = state.variant === "english" ? "B" : "W";
  const startSide = state.startFen ? state.startFen.trim().toUpperCase()[0] : first;
  const startsNumbered = startSide === first;
  const addMove = (node, parent, showNumber) => {
    const p = ply(node) - 1;
    const whiteMove = (p % 2 === 0) === startsNumbered;
    const number = Math.floor((p + (startsNumbered ? 0 : 1)) / 2) + 1;
    if (whiteMove || showNumber) {
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = whiteMove ? `${number}.` : `${number}…`;
      parent.appendChild(num);
    }
    const span = document.createElement("span");
    span.className = "mv" + (node === state.node ? " current" : "");
    span.textContent = node.move;
    span.onclick = () => goTo(node);
    parent.appendChild(span);
    if (node.mark) {
      const m = document.createElement("span");
      m.className = node.mark === "??" ? "mark-blunder" : node.mark === "?" ? "mark-mistake" : "mark-good";
      m.textContent = node.mark;
      parent.appendChild(m);
    }
    parent.appendChild(document.createTextNode(" "));
  };
  const line = (node, parent, first) => {
    let n = node;
    let showNumber = first;
    while (n) {
      addMove(n, parent, showNumber);
      showNumber = false;
      const siblings = n.parent.children;
      if (siblings[0] === n) {
        for (const v of siblings.slice(1)) {
          const span = document.createElement("span");
          span.className = "var";
          span.appendChild(document.createTextNode("( "));
          line(v, span, true);
          span.appendChild(document.createTextNode(") "));
          parent.appendChild(span);
          showNumber = true;
        }
      }
      n = n.children[0];
    }
  };
  if (state.root.children.length) line(state.root.children[0], box, true);
  const current = box.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// ---- The evaluation graph: White's score after each move of the main line ----
function drawGraph() {
  const svg = $("graph");
  svg.innerHTML = "";
  const line = mainLine();
  el("line", { x1: 0, y1: 60, x2: 600, y2: 60, stroke: "#666" }, svg);
  if (!line.length) return;
  const step = 600 / Math.max(line.length, 1);
  const y = (s) => 60 - Math.max(-300, Math.min(300, s)) / 300 * 55;
  let d = "";
  line.forEach((n, i) => { if (n.score !== null) d += `${d ? "L" : "M"}${(i + 0.5) * step},${y(n.score)}`; });
  if (d) el("path", { d, stroke: "#9cf", fill: "none", "stroke-width": 2 }, svg);
  line.forEach((n, i) => {
    const cx = (i + 0.5) * step;
    const cy = n.score === null ? 60 : y(n.score);
    const color = n.mark === "??" ? "#f66" : n.mark === "?" ? "#fc6" : n === state.node ? "#fff" : "#9cf";
    const dot = el("circle", { cx, cy, r: n === state.node || n.mark ? 4 : 2, fill: color, class: "point", "data-ply": i + 1 }, svg);
    dot.style.cursor = "pointer";
  });
  svg.onclick = (e) => {
    const rect = svg.getBoundingClientRect();
    const i = Math.floor((e.clientX - rect.left) / rect.width * line.length);
    if (line[Math.max(0, Math.min(line.length - 1, i))]) goTo(line[Math.max(0, Math.min(line.length - 1, i))]);
  };
}

// ---- Games in and out ----
function onGames(m) {
  if (m.errors.length && !m.games.length) { showMessage(m.errors.join("; ")); return; }
  showMessage(m.errors.length ? `Some games could not be read: ${m.errors.join("; ")}` : "");
  state.games = m.games;
  const list = $("game-list");
  list.innerHTML = "";
  m.games.forEach((g, i) => {
    const tag = (name) => (g.tags.find(([n]) => n === name) || [, "?"])[1];
    const o = document.createElement("option");
    o.value = i;
    o.textContent = `${i + 1}. ${tag("White")} - ${tag("Black")} (${GAMES[g.variant].title})`;
    list.appendChild(o);
  });
  list.hidden = m.games.length < 2;
  loadGame(0);
}

function loadGame(i) {
  const g = state.games[i];
  if (!g) return;
  stopSearch();
  resetTree(g.variant, g.fen);
  let node = state.root;
  for (const mv of g.moves) { const child = newNode(node, mv); node.children.push(child); node = child; }
  state.node = state.root;
  askPosition();
}

function onPdn(m) {
  $("text").value = m.text;
  copy(m.text);
}

function copy(text) {
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(() => {});
}

function onAnnotation(m) {
  $("progress").textContent = "";
  const line = mainLine();
  m.moves.forEach((v, i) => {
    if (!line[i]) return;
    line[i].score = v.white_score;
    line[i].mark = v.mark;
    line[i].better = v.better;
  });
  $("summary").textContent = m.summary;
  state.annotatedPdn = m.pdn;
  $("download").disabled = false;
  drawMoves();
  drawGraph();
  if (state.analyzing) askPosition();
}

function download(text, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pdn" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// ---- Controls ----
function boardSquare(event) {
  const svg = $("board");
  const rect = svg.getBoundingClientRect();
  const g = GAMES[state.variant];
  let col = Math.floor((event.clientX - rect.left) / rect.width * g.size);
  let row = Math.floor((event.clientY - rect.top) / rect.height * g.size);
  if (state.flipped) { row = g.size - 1 - row; col = g.size - 1 - col; }
  return { n: squareAt(state.variant, row, col), x: (event.clientX - rect.left) / rect.width * 800, y: (event.clientY - rect.top) / rect.height * 800 };
}

function setup() {
  const board = $("board");
  board.addEventListener("pointerdown", (e) => {
    const { n, x, y } = boardSquare(e);
    if (n === null) return;
    const p = state.position;
    if (p && !p.result && !damaToMove() && p.legal.some((l) => l.path[0] === n) && state.selected !== n) {
      state.drag = { from: n, x, y, moved: false };
      board.setPointerCapture(e.pointerId);
    }
    clickSquare(n);
  });
  board.addEventListener("pointermove", (e) => {
    if (!state.drag) return;
    const { x, y } = boardSquare(e);
    if (Math.hypot(x - state.drag.x, y - state.drag.y) > 8) state.drag.moved = true;
    state.drag.x = x; state.drag.y = y;
    if (state.drag.moved) draw();
  });
  board.addEventListener("pointerup", (e) => {
    const drag = state.drag;
    state.drag = null;
    if (!drag || !drag.moved) return;
    const { n } = boardSquare(e);
    if (n !== null && n !== drag.from) clickSquare(n); else draw();
  });
  $("variant").onchange = () => { stopSearch(); resetTree($("variant").value, null); askPosition(); };
  $("new").onclick = () => { stopSearch(); resetTree(state.variant, null); askPosition(); };
  $("flip").onclick = () => { state.flipped = !state.flipped; draw(); };
  $("coords").onchange = () => { state.coords = $("coords").checked; draw(); };
  $("first").onclick = () => goTo(state.root);
  $("back").onclick = () => state.node.parent && goTo(state.node.parent);
  $("forward").onclick = () => state.node.children.length && goTo(state.node.children[0]);
  $("last").onclick = () => { let n = state.node; while (n.children.length) n = n.children[0]; goTo(n); };
  $("analyze").onclick = () => {
    state.analyzing = !state.analyzing;
    $("analyze").classList.toggle("on", state.analyzing);
    if (state.analyzing) {
      if ($("dama-side").value !== "none") $("dama-side").value = "none";
      send({ type: "analyze", lines: Number($("lines").value) });
    } else { stopSearch(); state.lines = []; drawLines(); drawArrows(); }
  };
  $("lines").onchange = () => state.analyzing && send({ type: "analyze", lines: Number($("lines").value) });
  $("dama-side").onchange = () => {
    if ($("dama-side").value !== "none" && state.analyzing) $("analyze").click();
    if (damaToMove()) startPlay();
  };
  $("go").onclick = () => { if (state.position && !state.position.result) { $("dama-side").value = state.position.side; startPlay(); } };
  $("load-pdn").onclick = () => send({ type: "pdn", text: $("text").value, variant: state.variant });
  $("file").onchange = () => {
    const file = $("file").files[0];
    if (!file) return;
    if (file.size > 1000000) { showMessage("This file is over 1 MB: open a smaller one."); return; }
    file.text().then((text) => { $("text").value = text; send({ type: "pdn", text, variant: state.variant }); });
  };
  $("game-list").onchange = () => loadGame(Number($("game-list").value));
  $("load-fen").onclick = () => {
    const fen = $("text").value.trim();
    if (!fen) { showMessage("Paste a FEN first, e.g. W:W21-32:B1-12"); return; }
    stopSearch();
    resetTree(state.variant, fen);
    askPosition();
  };
  $("copy-fen").onclick = () => { if (state.position) { $("text").value = state.position.fen; copy(state.position.fen); } };
  $("copy-pdn").onclick = () => send({ type: "export", tags: [["Event", "Dama board"], ["Date", new Date().toISOString().slice(0, 10).replace(/-/g, ".")]] });
  $("annotate").onclick = () => {
    if (!mainLine().length) { showMessage("Play or load a game to annotate first."); return; }
    if (state.analyzing) $("analyze").click();
    const end = mainLine().slice(-1)[0];
    state.node = end;
    state.waiting.push(end);
    send({ type: "position", variant: state.variant, fen: state.startFen, moves: pathTo(end) });
    send({ type: "annotate", movetime: 0.3 });
    $("progress").textContent = "annotating…";
  };
  $("download").onclick = () => state.annotatedPdn && download(state.annotatedPdn, "annotated.pdn");
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") $("back").click();
    else if (e.key === "ArrowRight") $("forward").click();
    else if (e.key === "Home") $("first").click();
    else if (e.key === "End") $("last").click();
    else if (e.key === "f") $("flip").click();
    else if (e.key === " ") { e.preventDefault(); $("analyze").click(); }
  });
  resetTree("italian", null);
  connect();
  askPosition();
}

setup();
