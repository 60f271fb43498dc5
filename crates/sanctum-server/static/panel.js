// The game page's side panel: the selected target's details and spell list, mana,
// hand, Whirlpool, the orders given with their withdraw buttons. Pure rendering: the
// handlers come from game.js.

import { key, kindWord, OWNER_COLOUR, SQUARES } from "./board.js";

const MANA = ["order", "strife", "clarity", "mystery", "will", "world"];
const word = (s) => String(s ?? "").replaceAll("_", " ");

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

export function manaText(mana) {
  const parts = Object.entries(mana || {}).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`);
  return parts.length ? parts.join(", ") : "none";
}

/// A card's spell type in words: "alteration", "conjuration (2 turns)".
export function spellType(c) {
  const t = c?.spell_type;
  if (!t || typeof t === "string") return word(t);
  const [name, v] = Object.entries(t)[0] || ["spell", {}];
  return v?.turns ? `${word(name)} (${v.turns} turn${v.turns === 1 ? "" : "s"})` : word(name);
}

export function cardName(cards, id) {
  return cards.get(id)?.name || word(id);
}

/// A line describing one order.
export function orderText(o, cards) {
  switch (o.kind) {
    case "cast": return `Cast ${cardName(cards, o.card)} on ${targetText(o.target)}`;
    case "discard": return `Discard ${cardName(cards, o.card)}`;
    case "train": return `Train the novice at ${key(o.at)} as ${word(o.into)}`;
    case "move": return `Move ${key(o.from)} → ${key(o.to)}`;
    case "town_mana": return `Town ${key(o.at)} gives ${o.mana} mana when captured`;
    case "concede": return "Concede";
    default: return o.kind;
  }
}

export function targetText(t) {
  if (!t || t.type === "globe") return "the globe";
  if (t.type === "minion") return `minion ${t.index + 1} at ${key(t.at)}`;
  return `the ${t.type} at ${key(t.at)}`;
}

function dot(owner) {
  return h("span", { class: "dot", style: `background:${OWNER_COLOUR[owner] || "#888"}`, title: owner, "aria-label": `${owner}'s` });
}

/// The spell list box of a target: enchantments on it (owner dots) and, in
/// parentheses, the caller's own spells ordered onto it this turn.
function spellList(view, orders, cards, hosts, at) {
  const items = [];
  for (const a of view.enchantments || []) {
    const host = a.host || {};
    const on = host.on === "globe" ? hosts.globe
      : host.on === "square" ? hosts.square && key(host.at) === key(at)
      : host.on === "group" ? hosts.groups.has(host.group)
      : host.on === "minion" ? hosts.minions.has(host.minion) : false;
    if (!on) continue;
    const id = a.spell?.card || Object.values(a.spell || {})[0] || "spell";
    items.push(h("li", {}, dot(a.owner), ` ${cardName(cards, id)}${a.until ? ` (until turn ${a.until})` : ""}`));
  }
  for (const o of orders) {
    if (o.kind !== "cast") continue;
    const t = o.target;
    const mine = t.type === "globe" ? hosts.globe : at && t.at && key(t.at) === key(at);
    if (mine) items.push(h("li", { class: "potent" }, `(${cardName(cards, o.card)})`));
  }
  return h("div", { class: "spells" }, h("h4", {}, "Spells"), items.length ? h("ul", {}, items) : h("p", { class: "muted" }, "none"));
}

function minionLine(m) {
  const k = m.kind || {};
  const what = word(k.class || k.monster || k.type || "minion") + (k.hero ? " (hero)" : "");
  const hp = m.hit_points - (m.damage || 0);
  return h("li", {}, `${what}, level ${m.level}: ${hp}/${m.hit_points} HP, hand ${m.hand}, missile ${m.missile}, armour ${m.armor}, ${m.attacks} attack${m.attacks === 1 ? "" : "s"}`);
}

/// Details of the selected square (or the globe).
export function selection(ctx) {
  const { view, sel, legal, orders, cards, onTrain, onChoose, chooser } = ctx;
  const box = h("section", { class: "selection", "aria-label": "Selected target", "data-turn": view?.turn });
  if (chooser) {
    box.append(h("h3", {}, `Cast ${cardName(cards, chooser.card)} on…`),
      h("div", { class: "chooser" }, chooser.targets.map((t) =>
        h("button", { type: "button", onclick: () => onChoose(chooser.card, t) }, targetLabel(t, view)))),
      h("button", { type: "button", class: "link", onclick: () => onChoose(null) }, "Cancel"));
    return box;
  }
  if (ctx.picked) {
    const c = cards.get(ctx.picked);
    box.append(h("h3", {}, c?.name || word(ctx.picked)),
      h("p", { class: "muted" }, `${word(c?.house)} · ${spellType(c)} · target: ${word(c?.target)} · cost ${manaText(c?.cost)}`),
      h("p", {}, c?.text || ""),
      h("p", { class: "muted" }, "Drop it on a lit target, or click one (Esc cancels)."));
    return box;
  }
  if (!sel) {
    box.append(h("p", { class: "muted" }, "Select a square, a group or a card."));
    return box;
  }
  if (sel.globe) {
    box.append(h("h3", {}, "The globe"), spellList(view, orders, cards, { globe: true, groups: new Set(), minions: new Set() }, null));
    return box;
  }
  const at = sel.at;
  const idx = squareIndex(at);
  const terrain = view.field.terrain?.[idx] || "?";
  box.append(h("h3", {}, `Square ${key(at)} — ${word(terrain)}`));
  const s = view.field.structures.find((x) => key(x.at) === key(at));
  if (s) box.append(h("p", {}, dot(s.owner), ` ${word(s.kind)} of ${s.owner}; ${s.novices} novice${s.novices === 1 ? "" : "s"} waiting`));
  const town = view.towns?.find((t) => key(t.at) === key(at));
  if (town) box.append(h("p", {}, `Town: captured ${town.captured} time${town.captured === 1 ? "" : "s"}${town.mana ? `, gives ${town.mana}` : ""}`));
  if (legal?.town_mana?.some((t) => key(t) === key(at))) {
    const given = orders.find((o) => o.kind === "town_mana" && key(o.at) === key(at));
    box.append(h("div", { class: "town-mana" }, h("span", {}, given ? `If you capture it, it gives ${given.mana} mana. Change: ` : "If you capture it, it gives: "),
      MANA.map((mana) => h("button", { type: "button", "data-town-mana": mana, onclick: () => ctx.onTownMana(at, mana) }, mana))));
  }
  const training = legal?.training?.find((t) => key(t.at) === key(at));
  if (training) {
    box.append(h("div", { class: "train" }, h("span", {}, "Train the novice as: "),
      training.into.map((into) => h("button", { type: "button", "data-train": into, onclick: () => onTrain(at, into) }, word(into)))));
  }
  const groups = view.groups.filter((g) => key(g.at) === key(at));
  const minions = new Set();
  for (const g of groups) {
    g.minions.forEach((m) => minions.add(m.id));
    box.append(h("div", { class: "group-detail" },
      h("h4", {}, dot(g.owner), ` ${g.name}: ${g.minions.length} ${kindWord(g)} (${g.owner}${g.control !== "player" ? `, ${word(g.control)}` : ""})`),
      h("ol", { class: "minions" }, g.minions.map(minionLine))));
  }
  box.append(spellList(view, orders, cards, { square: true, globe: false, groups: new Set(groups.map((g) => g.id)), minions }, at));
  return box;
}

function targetLabel(t, view) {
  if (t.type === "minion") {
    const g = view.groups.find((x) => key(x.at) === key(t.at));
    const m = g?.minions[t.index];
    const k = m?.kind || {};
    return `minion ${t.index + 1}: ${word(k.class || k.type || "minion")} of ${g?.name || "?"}`;
  }
  if (t.type === "group") {
    const g = view.groups.find((x) => key(x.at) === key(t.at));
    return `the group ${g?.name || ""} at ${key(t.at)}`;
  }
  return targetText(t);
}

const SQUARE_INDEX = new Map(SQUARES.map((at, i) => [key(at), i]));
function squareIndex(at) {
  return SQUARE_INDEX.get(key(at));
}

/// The hand: one card element per card, castable ones draggable onto the board, with a
/// discard button.
export function hand(ctx) {
  const { me, cards, orders, legal, editable, onPick, onDiscard, onDragStart, picked } = ctx;
  const used = new Map();
  for (const o of orders) if (o.kind === "cast" || o.kind === "discard") used.set(o.card, (used.get(o.card) || 0) + 1);
  const seen = new Map();
  const casts = new Map((legal?.casts || []).map((c) => [c.card, c]));
  const list = me.hand.map((id, i) => {
    const n = (seen.get(id) || 0) + 1;
    seen.set(id, n);
    const spent = n <= (used.get(id) || 0);
    const c = cards.get(id);
    const castable = !spent && editable && (casts.get(id)?.affordable?.length || 0) > 0;
    const el = h("li", {
      class: `card${spent ? " spent" : ""}${castable ? " castable" : ""}${picked === id ? " picked" : ""}`,
      "data-card": id, "data-index": i, tabindex: 0,
      "aria-label": `${c?.name || id}${spent ? " (ordered)" : ""}`,
      onclick: () => !spent && onPick(id),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); if (!spent) onPick(id); } },
      // Dragging by mouse, pen or finger (drag.js); a press on the Discard button is not a drag.
      onpointerdown: (e) => { if (castable && !e.target.closest("button")) onDragStart(id, e); },
    },
    h("span", { class: "card-name" }, c?.name || word(id)),
    h("span", { class: "card-cost" }, manaText(c?.cost)),
    h("span", { class: "card-type" }, `${spellType(c)} · ${word(c?.target)}`),
    editable && !spent && legal?.discard ? h("button", { type: "button", class: "discard", "data-discard": id, onclick: (e) => { e.stopPropagation(); onDiscard(id); } }, "Discard")
      // The same room is kept when the button is not offered, so the hand never changes height.
      : h("button", { type: "button", class: "discard", disabled: true, tabindex: -1, "aria-hidden": "true", style: "visibility:hidden" }, "Discard"));
    if (picked === id && c?.text) el.title = c.text;
    return el;
  });
  return h("ul", { class: "hand", "aria-label": "Your hand" }, list);
}

/// The orders given this turn, each with a withdraw button.
export function orderList(ctx) {
  const { orders, cards, editable, onWithdraw } = ctx;
  if (!orders.length) return h("p", { class: "muted" }, "No orders yet.");
  return h("ol", { class: "orders" }, orders.map((o, i) =>
    h("li", { "data-order": i }, orderText(o, cards), " ",
      editable ? h("button", { type: "button", class: "link", "aria-label": `Withdraw order ${i + 1}`, onclick: () => onWithdraw(i) }, "Withdraw") : null)));
}
