// Dama's board, drawn: the board and its pieces as SVG, the best lines as arrows, the move list
// and the evaluation graph, from the game tree and the state that app.js keeps (loaded before it;
// both are plain scripts sharing one global scope).
"use strict";

const SVG = "http://www.w3.org/2000/svg";

// Each game's board: its size and where square n stands (row 0 at the top, seen from White).
// Squares are numbered row by row from Black's side, or from White's (`fromWhite`: Russian and
// Brazilian draughts, where square 1 is a1); `darkOnEven`: the first numbered row starts on the
// second column.
const GAMES = {
  italian: { size: 8, perRow: 4, darkOnEven: false, title: "Dama Italiana" },
  english: { size: 8, perRow: 4, darkOnEven: true, title: "English draughts" },
  international: { size: 10, perRow: 5, darkOnEven: true, title: "International draughts" },
  russian: { size: 8, perRow: 4, darkOnEven: false, fromWhite: true, title: "Russian draughts" },
  brazilian: { size: 8, perRow: 4, darkOnEven: false, fromWhite: true, title: "Brazilian draughts" },
};

function place(variant, n) {
  const g = GAMES[variant];
  const i = n - 1;
  const counted = Math.floor(i / g.perRow);
  const even = counted % 2 === 0;
  const col = 2 * (i % g.perRow) + ((even === g.darkOnEven) ? 1 : 0);
  return { row: g.fromWhite ? g.size - 1 - counted : counted, col };
}

function squareAt(variant, row, col) {
  const g = GAMES[variant];
  if (row < 0 || col < 0 || row >= g.size || col >= g.size) return null;
  const counted = g.fromWhite ? g.size - 1 - row : row;
  const offset = ((counted % 2 === 0) === g.darkOnEven) ? 1 : 0;
  if ((col - offset) % 2 !== 0) return null;
  return counted * g.perRow + (col - offset) / 2 + 1;
}

// The squares of a move's text: numbers (`22x15x6`), or algebraic names (`c3:e5:g7`) in the games
// that write them, each the square's number.
function moveSquares(variant, text) {
  return text.split(/[-x:]/).map((s) => {
    const m = /^([a-h])([1-8])$/.exec(s);
    if (!m) return Number(s);
    return squareAt(variant, 8 - Number(m[2]), m[1].charCodeAt(0) - 97);
  });
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
    const squares = moveSquares(state.variant, text);
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
