// Dama's board: the page of `dama serve`. The server is the referee (it lists the legal moves of
// every position) and the engine; the page keeps the game tree (moves and variations) and talks to
// the server over one WebSocket; draw.js (loaded first) draws the board, the lines and the graph.
"use strict";

const $ = (id) => document.getElementById(id);

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
