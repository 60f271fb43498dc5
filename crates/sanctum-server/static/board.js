// The board, drawn isometrically in SVG. Geometry follows crates/sanctum-rules/src/board.rs:
// a 12×12 grid less four cut corners (94 playable squares, listed row by row, which is
// the order of the view's `field.terrain`). Grid "up" is north-east on screen, "left"
// north-west. The viewer's own Sanctum is drawn at the bottom: red's view is turned half
// a turn (red's Sanctum stands near the top of the grid).

const SVG = "http://www.w3.org/2000/svg";
const GRID = 12;
const TOP_LEFT_CUT = [3, 1];
const TOP_RIGHT_CUT = [6, 5, 4, 3, 2, 1];
export const W = 30; // half a tile's width
export const H = 15; // half a tile's height

/// The playable squares in row-major order, as [c, r].
export const SQUARES = (() => {
  const off = new Set();
  const last = GRID - 1;
  TOP_LEFT_CUT.forEach((run, r) => {
    for (let c = 0; c < run; c++) {
      off.add(`${c},${r}`);
      off.add(`${last - c},${last - r}`);
    }
  });
  TOP_RIGHT_CUT.forEach((run, r) => {
    for (let c = 0; c < run; c++) {
      off.add(`${last - c},${r}`);
      off.add(`${c},${last - r}`);
    }
  });
  const out = [];
  for (let r = 0; r < GRID; r++) {
    for (let c = 0; c < GRID; c++) if (!off.has(`${c},${r}`)) out.push([c, r]);
  }
  return out;
})();

export const key = (at) => `${at[0]},${at[1]}`;

/// Terrain look: fill colour, pattern drawing (in a 12×12 cell), and a word.
const TERRAIN = {
  plains: { fill: "#b9d98a", ink: "#8fb860", draw: "M2 9h2M8 4h2" },
  forest: { fill: "#4f8a3c", ink: "#23501a", draw: "M3 10L6 3L9 10Z" },
  water: { fill: "#6aa7dc", ink: "#2f6ea8", draw: "M0 4q3-3 6 0t6 0M0 10q3-3 6 0t6 0" },
  mountain: { fill: "#a39585", ink: "#5b4f43", draw: "M1 11L5 3L8 8L10 5L12 11" },
  desert: { fill: "#ecd69b", ink: "#b99a4b", draw: "M2 2h1v1h-1zM8 6h1v1h-1zM4 10h1v1h-1z" },
  swamp: { fill: "#7f8a4e", ink: "#47502a", draw: "M1 4h4M7 8h4M2 11h3" },
  barren_land: { fill: "#c9ab84", ink: "#8a6b45", draw: "M1 2L5 6L3 10M8 1L10 5L9 9" },
  lava: { fill: "#e0662d", ink: "#8f1d0a", draw: "M0 0L12 12M12 0L0 12" },
  volcano: { fill: "#8b3a2a", ink: "#f09a3e", draw: "M2 11L6 2L10 11Z" },
  void: { fill: "#2a2533", ink: "#c7bde0", draw: "M3 3h1v1h-1zM9 7h1v1h-1zM5 10h1v1h-1z" },
  ice: { fill: "#d8eef5", ink: "#7fb1c4", draw: "M0 12L12 0M6 12L12 6M0 6L6 0" },
};

export const OWNER_COLOUR = { red: "#c8322b", blue: "#2a62c9", neutral: "#8a8a8a" };

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/// Screen position of a square's centre for a viewer.
export function project(at, flip) {
  const [c, r] = at;
  const sx = c - r;
  const sy = c + r;
  return flip ? [-sx * W, -sy * H] : [sx * W, sy * H];
}

function defs(svg) {
  const d = el("defs", {}, svg);
  for (const [name, t] of Object.entries(TERRAIN)) {
    const p = el("pattern", { id: `t-${name}`, width: 12, height: 12, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 12, height: 12, fill: t.fill }, p);
    el("path", { d: t.draw, stroke: t.ink, fill: name === "forest" || name === "volcano" ? t.ink : "none", "stroke-width": 1.2 }, p);
  }
  const m = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, d);
  el("path", { d: "M0 0L10 5L0 10Z", fill: "#ffe14d", stroke: "#222", "stroke-width": 1 }, m);
  const m2 = el("marker", { id: "arrow-play", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" }, d);
  el("path", { d: "M0 0L10 5L0 10Z", fill: "#fff", stroke: "#222", "stroke-width": 1 }, m2);
}

function structureShape(g, s, x, y) {
  const colour = OWNER_COLOUR[s.owner] || OWNER_COLOUR.neutral;
  if (s.kind === "sanctum") {
    el("path", { d: `M${x - 12} ${y + 4}v-16l6-6 6 6 6-6 6 6v16z`, fill: colour, stroke: "#111", "stroke-width": 1.5 }, g);
    el("path", { d: `M${x - 3} ${y + 4}v-8h6v8z`, fill: "#111" }, g);
  } else if (s.kind === "entrance") {
    el("path", { d: `M${x - 8} ${y + 3}v-10h16v10h-5v-5h-6v5z`, fill: colour, stroke: "#111", "stroke-width": 1.2 }, g);
  } else {
    // towns and colonies: two roofs
    el("path", { d: `M${x - 12} ${y + 3}v-7l5-5 5 5v7zM${x} ${y + 3}v-9l6-6 6 6v9z`, fill: colour, stroke: "#111", "stroke-width": 1.2 }, g);
  }
  if (s.novices > 0) {
    const b = el("g", { class: "novices" }, g);
    el("title", {}, b).textContent = `${s.novices} novice${s.novices === 1 ? "" : "s"} waiting`;
    el("circle", { cx: x - 16, cy: y - 2, r: 6.5, fill: "#fff", stroke: "#111" }, b);
    const t = el("text", { x: x - 16, y: y + 1.5, "text-anchor": "middle", "font-size": 9, "font-weight": "bold" }, b);
    t.textContent = s.novices;
  }
}

/// A group's token: owner by colour and by shape (red a circle, blue a square, monsters
/// a diamond), its size as a number and its kind as a letter.
function groupToken(parent, group, x, y, you) {
  const colour = OWNER_COLOUR[group.owner] || OWNER_COLOUR.neutral;
  const g = el("g", { class: "group", "data-group": group.id, tabindex: 0, role: "button" }, parent);
  const label = `${group.name}: ${group.minions.length} ${kindWord(group)}${group.owner === you ? " (yours)" : ""}`;
  g.setAttribute("aria-label", label);
  el("title", {}, g).textContent = label;
  const cy = y - 6;
  if (group.owner === "red") el("circle", { cx: x, cy, r: 10, fill: colour, stroke: "#fff", "stroke-width": 2 }, g);
  else if (group.owner === "blue") el("rect", { x: x - 9, y: cy - 9, width: 18, height: 18, fill: colour, stroke: "#fff", "stroke-width": 2 }, g);
  else el("path", { d: `M${x} ${cy - 12}l12 12-12 12-12-12z`, fill: colour, stroke: "#fff", "stroke-width": 2 }, g);
  const t = el("text", { x, y: cy + 4, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": "bold" }, g);
  t.textContent = `${group.minions.length}${kindLetter(group)}`;
  return g;
}

export function kindWord(group) {
  const k = group.minions[0]?.kind || {};
  if (k.hero) return "hero group";
  if (k.class) return group.minions.length > 1 ? `${k.class}s`.replace("mans", "men") : k.class;
  return String(k.type || k.monster || "minions").replaceAll("_", " ");
}

function kindLetter(group) {
  const k = group.minions[0]?.kind || {};
  if (k.hero) return "H";
  if (k.class === "swordsman") return "S";
  if (k.class === "archer") return "A";
  return "M";
}

/// Draws the whole board into `host`; returns handles for highlighting.
export function drawBoard(host, view, you) {
  const flip = you === "red";
  host.replaceChildren();
  const pts = SQUARES.map((s) => project(s, flip));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = 8;
  const minX = Math.min(...xs) - W - pad - 40;
  const minY = Math.min(...ys) - H - pad - 30;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * W + 2 * pad + 80;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * H + 2 * pad + 40;
  const svg = el("svg", { viewBox: `${minX} ${minY} ${width} ${height}`, class: "board", role: "group", "aria-label": "The board" }, host);
  defs(svg);
  const tiles = el("g", { class: "tiles" }, svg);
  const squares = new Map();
  const terrain = view.field.terrain || [];
  SQUARES.forEach((at, i) => {
    const [x, y] = project(at, flip);
    const name = terrain[i] || "plains";
    const g = el("g", { class: "square", "data-square": key(at), "data-terrain": name }, tiles);
    el("path", { d: `M${x} ${y - H}L${x + W} ${y}L${x} ${y + H}L${x - W} ${y}Z`, fill: `url(#t-${name})`, stroke: "#333", "stroke-width": 0.6 }, g);
    el("title", {}, g).textContent = `${key(at)} ${name.replaceAll("_", " ")}`;
    squares.set(key(at), g);
  });
  const things = el("g", { class: "things" }, svg);
  // Draw back to front so nearer things overlap farther ones.
  const depth = (at) => project(at, flip)[1];
  const structures = [...view.field.structures].sort((a, b) => depth(a.at) - depth(b.at));
  for (const s of structures) {
    const [x, y] = project(s.at, flip);
    const g = el("g", { class: `structure ${s.kind}`, "data-structure": key(s.at), "pointer-events": "none" }, things);
    structureShape(g, s, x, y);
  }
  const groups = new Map();
  const board = { svg, squares, groups, things, flip, you, structures: view.field.structures };
  const sorted = [...view.groups].sort((a, b) => depth(a.at) - depth(b.at));
  for (const gr of sorted) addGroup(board, gr);
  const overlay = el("g", { class: "overlay", "pointer-events": "none" }, svg);
  // The globe: the target of global spells.
  const gx = minX + 28;
  const gy = minY + 30;
  const globe = el("g", { class: "globe", "data-target": "globe", tabindex: 0, role: "button", "aria-label": "The globe" }, svg);
  el("circle", { cx: gx, cy: gy, r: 20, fill: "#3b5b8c", stroke: "#ddd", "stroke-width": 2 }, globe);
  el("path", { d: `M${gx - 20} ${gy}h40M${gx} ${gy - 20}q-12 20 0 40q12-20 0-40`, stroke: "#ddd", fill: "none" }, globe);
  el("title", {}, globe).textContent = "The globe (global spells)";
  return Object.assign(board, { overlay, globe });
}

/// Draws a group's token on a drawn board (beside a structure when it stands in one).
export function addGroup(board, group) {
  const [x, y] = project(group.at, board.flip);
  const inside = board.structures.some((s) => key(s.at) === key(group.at));
  const token = groupToken(board.things, group, x + (inside ? 12 : 0), y + (inside ? 4 : 0), board.you);
  board.groups.set(group.id, token);
  return token;
}

/// Gives a drawn structure a new owner's colour.
export function recolourStructure(board, at, owner) {
  const g = board.svg.querySelector(`[data-structure="${key(at)}"]`);
  g?.querySelectorAll("path").forEach((p, i) => {
    if (p.getAttribute("fill") !== "#111" || i === 0) p.setAttribute("fill", OWNER_COLOUR[owner] || OWNER_COLOUR.neutral);
  });
}

/// An arrow from one square to another in the overlay.
export function arrow(board, from, to, cls = "order-arrow") {
  const [x1, y1] = project(from, board.flip);
  const [x2, y2] = project(to, board.flip);
  return el("line", { x1, y1, x2, y2, class: cls, "marker-end": cls === "order-arrow" ? "url(#arrow)" : "url(#arrow-play)" }, board.overlay);
}

export function terrainNames() {
  return Object.keys(TERRAIN);
}
