// A turn's resolution, played back step by step from its events (the engine's `Event`
// list as the viewer may see it), with a log where each line says what happened.

import { addGroup, arrow, key, project, recolourStructure } from "./board.js";

const word = (s) => String(s ?? "").replaceAll("_", " ");
const sq = (at) => (at ? key(at) : "?");

/// Names of groups and minions from one or more views (the state before and after).
export function namer(views, cards) {
  const groups = new Map();
  const minions = new Map();
  for (const v of views) {
    for (const g of v?.groups || []) {
      groups.set(g.id, g);
      g.minions.forEach((m, i) => minions.set(m.id, { group: g, minion: m, index: i }));
    }
  }
  const card = (id) => (id ? cards.get(id)?.name || word(id) : "a hidden card");
  const group = (id) => groups.get(id)?.name || `group ${id}`;
  const minion = (id) => {
    const m = minions.get(id);
    if (!m) return `minion ${id}`;
    const k = m.minion.kind || {};
    return `${m.group.name}'s ${word(k.class || k.type || "minion")} #${m.index + 1}`;
  };
  const target = (t) => {
    if (!t || t.type === "globe") return "the globe";
    if (t.type === "minion") return `minion ${t.index + 1} at ${sq(t.at)}`;
    return `the ${t.type} at ${sq(t.at)}`;
  };
  return { card, group, minion, target, groups, minions };
}

/// One line of the log for an event.
export function describe(e, n) {
  switch (e.event) {
    case "turn_started": return `Turn ${e.turn} begins.`;
    case "level_up": return `${n.minion(e.minion)} of ${n.group(e.group)} reaches level ${e.level}.`;
    case "spell_expired": return `${n.card(e.card)} expires.`;
    case "terrain_damage": return `${n.group(e.group)} takes ${e.damage} damage from the terrain at ${sq(e.at)}${e.killed ? `; ${e.killed} die` : ""}.`;
    case "drew": return `${e.side} draws ${e.card ? n.card(e.card) : "a card"}.`;
    case "deck_empty": return `${e.side}'s deck is empty.`;
    case "captured": return `${e.by} captures the ${word(e.kind)} at ${sq(e.at)} from ${e.from}${e.mana ? ` (it will give ${e.mana} mana)` : ""}.`;
    case "novice_produced": return `A novice waits in ${e.owner}'s structure at ${sq(e.at)}.`;
    case "initiative": return `${e.side} has the initiative${e.changed ? " (it changed hands)" : ""}.`;
    case "mana_generated": return `${e.side} gains ${manaText(e.mana)}.`;
    case "conceded": return `${e.side} concedes.`;
    case "discarded": return `${e.side} discards ${e.card ? n.card(e.card) : "a card"} into the Whirlpool.`;
    case "trained": return `${e.side} trains the novice at ${sq(e.at)} as ${word(e.into)}.`;
    case "spell_cast": return `${e.side} casts ${n.card(e.card)} on ${n.target(e.target)}.`;
    case "spell_squandered": return `${e.side}'s ${n.card(e.card)} is squandered: ${e.reason}.`;
    case "summoned": return `${e.side} summons ${n.group(e.group)} at ${sq(e.at)}.`;
    case "leaped": return `${n.group(e.group)} leaps from ${sq(e.from)} to ${sq(e.to)}.`;
    case "hero_created": return `${e.side} raises a hero: ${n.group(e.group)} at ${sq(e.at)}.`;
    case "spell_damage": return `${n.minion(e.minion)} takes ${e.damage} damage from a spell${e.died ? " and dies" : ""}.`;
    case "enchanted": return `${n.card(e.card)} takes hold.`;
    case "spell_dispelled": return `${n.card(e.card)} is dispelled: ${e.reason}.`;
    case "terrain_changed": return `${sq(e.at)} becomes ${word(e.terrain)}.`;
    case "structure_founded": return `A ${word(e.kind)} is founded at ${sq(e.at)}.`;
    case "structure_destroyed": return `The ${word(e.kind)} at ${sq(e.at)} is destroyed.`;
    case "healed": return `${n.group(e.group)} heals ${e.amount}.`;
    case "moved": return moveText(e, n);
    case "combat_started": return `Combat: ${n.group(e.first)} against ${n.group(e.second)}.`;
    case "combat_round": return `Combat round ${e.round}.`;
    case "withdrew": return `${n.group(e.group)} withdraws in round ${e.round}.`;
    case "attack":
      return `${n.minion(e.attacker)} ${e.mode === "missile" ? "shoots at" : "strikes"} ${n.minion(e.victim)}: ${e.hit ? `hits for ${e.damage} (armour soaks ${e.soaked}, ${e.taken} taken)${e.killed ? ", killing it" : ""}` : "misses"}.`;
    case "forfeit": return `${n.minion(e.minion)} forfeits its attack.`;
    case "gazed": return `${n.minion(e.minion)} meets ${e.gazes} gaze${e.gazes === 1 ? "" : "s"}${e.killed ? " and is turned to stone" : ""}.`;
    case "exploded": return `${n.minion(e.minion)} explodes at ${n.minion(e.killer)} for ${e.damage}${e.killed ? ", killing it" : ""}.`;
    case "piped": return `A piper plays for ${n.group(e.group)}.`;
    case "helper_cast": return `${n.minion(e.by)} casts ${n.card(e.card)} on ${n.minion(e.on)}.`;
    case "trophy_taken": return `${n.minion(e.minion)} takes a trophy.`;
    case "spell_transferred": return `A spell passes to ${n.minion(e.to)}.`;
    case "deflected": return `${n.minion(e.minion)} deflects ${e.damage} back at ${n.minion(e.attacker)}${e.killed ? ", killing it" : ""}.`;
    case "combat_ended": return `The combat of ${n.group(e.first)} and ${n.group(e.second)} ends after ${e.rounds} round${e.rounds === 1 ? "" : "s"}.`;
    case "experience": return `${n.minion(e.minion)} gains ${e.xp} experience.`;
    case "minion_died": return `${n.minion(e.minion)} dies.`;
    case "group_died": return `${n.group(e.group)} is wiped out.`;
    case "game_ended": return `The game ends: ${e.winner ? `${e.winner} wins` : "a draw"} (${word(e.reason)}).`;
    default: return word(e.event);
  }
}

function manaText(mana) {
  const parts = Object.entries(mana || {}).filter(([, v]) => v).map(([k, v]) => `${v} ${k}`);
  return parts.length ? `${parts.join(", ")} mana` : "no mana";
}

function moveText(e, n) {
  const g = n.group(e.group);
  const lost = e.killed ? ` (${e.killed} lost on the way)` : "";
  const why = e.setback ? `: ${setbackText(e.setback, n)}` : "";
  switch (e.outcome) {
    case "moved": return `${g} moves from ${sq(e.from)} to ${sq(e.to)}${lost}.`;
    case "bounced": return `${g} bounces back to ${sq(e.from)}${why || ": its way was blocked"}${lost}.`;
    case "joined": return `${g} joins ${e.into ? n.group(e.into) : "another group"} at ${sq(e.to)}${lost}${why ? ` (after a bounce${why})` : ""}.`;
    case "moonwalked": return `${g} is pushed from ${sq(e.from)} to the nearest free square, ${sq(e.to)}${why}${lost}.`;
    case "removed": return `${g} leaves the game at ${sq(e.from)}${why}${lost}.`;
    default: return `${g} stays at ${sq(e.from)}.`;
  }
}

const TIE_BREAK = {
  stationary: "by standing still",
  initiative: "by initiative",
  larger: "by being the larger group",
  sequence: "by coming earlier in the movement orders",
};

/// Why a group did not get where it was going (the engine's `setback`): the check that
/// refused its step, or the vote it lost and why it could not stay.
export function setbackText(s, n) {
  if (s.cause === "outvoted") {
    const stay = s.hostile ? "they are enemies" : "the two cannot join";
    return `${n.group(s.winner)} won the vote in ${sq(s.at)} ${TIE_BREAK[s.by] || `by ${word(s.by)}`}, and ${stay}`;
  }
  const b = s.blocked || {};
  switch (b.check) {
    case "cannot_move": return "it cannot move";
    case "cannot_exit": return `it cannot leave ${sq(b.at)}`;
    case "too_far": return `${sq(b.at)} is out of its reach`;
    case "cannot_pass_through": return `it cannot pass through ${sq(b.at)}`;
    case "hostile_on_the_way": return `an enemy stands in the way at ${sq(b.at)}`;
    case "cannot_enter": return `it cannot enter ${b.structure ? `the ${word(b.structure)}` : word(b.terrain)} at ${sq(b.at)}`;
    case "hostile_there": return `an enemy holds ${sq(b.at)}`;
    default: return "its way was blocked";
  }
}

/// Squares an event concerns, for highlighting.
function squaresOf(e, n) {
  const out = [];
  for (const k of ["at", "from", "to"]) if (Array.isArray(e[k])) out.push(e[k]);
  if (e.target?.at) out.push(e.target.at);
  for (const k of ["group", "first", "second", "into"]) {
    const g = n.groups.get(e[k]);
    if (g) out.push(g.at);
  }
  for (const k of ["minion", "attacker", "victim", "killer", "by", "on"]) {
    const m = n.minions.get(e[k]);
    if (m) out.push(m.group.at);
  }
  return out;
}

/// Plays a list of events back against a drawn board, writing the log into `logEl`.
/// With `drawBefore` and `drawAfter` the turn is animated: the board as it stood before
/// the turn is drawn, groups slide, shrink and vanish as the events say, and the board
/// after the turn is drawn at the end.
export class Playback {
  constructor({ board, logEl, statusEl, events, names, onDone, drawBefore = null, drawAfter = null }) {
    this.board = board;
    this.logEl = logEl;
    this.statusEl = statusEl;
    this.events = events;
    this.names = names;
    this.onDone = onDone;
    this.drawBefore = drawBefore;
    this.drawAfter = drawAfter;
    this.i = 0;
    this.timer = null;
    this.delay = 450;
    this.animating = false;
    this.logEl.replaceChildren();
    this.begin();
  }

  begin() {
    if (this.drawBefore && this.events.length) {
      this.board = this.drawBefore();
      this.animating = true;
    }
  }

  end() {
    if (this.animating && this.drawAfter) this.board = this.drawAfter();
    this.animating = false;
  }

  /// Moves, shrinks or hides group tokens on the board as an event says.
  animate(e) {
    if (!this.animating) return;
    const token = (id) => this.board.groups.get(id);
    const slide = (id, from, to) => {
      const t = token(id);
      if (!t || !from || !to) return;
      const [x1, y1] = project(from, this.board.flip);
      const [x2, y2] = project(to, this.board.flip);
      t.style.transform = `translate(${x2 - x1}px, ${y2 - y1}px)`;
    };
    const hide = (id) => {
      const t = token(id);
      if (t) t.style.opacity = "0";
    };
    if (e.event === "moved") {
      if (e.to && key(e.to) !== key(e.from)) slide(e.group, e.from, e.to);
      if (e.outcome === "joined" || e.outcome === "removed") hide(e.group);
    } else if (e.event === "leaped") {
      slide(e.group, e.from, e.to);
    } else if (e.event === "summoned" || e.event === "hero_created") {
      const g = this.names.groups.get(e.group);
      if (g && !token(e.group)) addGroup(this.board, { ...g, at: e.at });
    } else if (e.event === "captured") {
      recolourStructure(this.board, e.at, e.by);
    } else if (e.event === "group_died") {
      hide(e.group);
    } else if (e.event === "minion_died") {
      const t = token(e.group);
      const label = t?.querySelector("text");
      const n = parseInt(label?.textContent || "", 10);
      if (label && n > 0) label.textContent = `${n - 1}${label.textContent.replace(/^\d+/, "")}`;
    }
  }

  play() {
    this.stopTimer();
    this.timer = setInterval(() => this.step(), this.delay);
    this.status();
  }

  pause() {
    this.stopTimer();
    this.status();
  }

  get playing() {
    return this.timer !== null;
  }

  stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  replay() {
    this.stopTimer();
    this.i = 0;
    this.logEl.replaceChildren();
    this.clearMarks();
    this.begin();
    this.play();
  }

  /// Shows every remaining line at once.
  finish() {
    this.stopTimer();
    while (this.i < this.events.length) this.step();
    this.step();
  }

  clearMarks() {
    for (const g of this.board.squares.values()) g.classList.remove("event-mark");
    this.board.overlay.querySelectorAll(".play-arrow").forEach((a) => a.remove());
  }

  step() {
    if (this.i >= this.events.length) {
      const was = this.animating || this.playing;
      this.stopTimer();
      this.clearMarks();
      this.end();
      this.status();
      if (was) this.onDone?.();
      return;
    }
    const e = this.events[this.i++];
    this.clearMarks();
    this.animate(e);
    for (const at of squaresOf(e, this.names)) this.board.squares.get(key(at))?.classList.add("event-mark");
    if (e.event === "moved" && e.to && key(e.to) !== key(e.from)) arrow(this.board, e.from, e.to, "play-arrow");
    if (e.event === "leaped") arrow(this.board, e.from, e.to, "play-arrow");
    const li = document.createElement("li");
    li.textContent = describe(e, this.names);
    li.dataset.event = e.event;
    this.logEl.appendChild(li);
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.status();
  }

  status() {
    if (!this.statusEl) return;
    const done = this.i >= this.events.length;
    this.statusEl.textContent = `${this.i} / ${this.events.length}${done ? " — done" : this.playing ? " — playing" : " — paused"}`;
  }
}
