// The deck builder: pick a house and cards; the deck file (TOML, the format of
// crates/sanctum-rules/decks/) is checked by the server as you edit
// (POST /api/decks/check), and a valid deck can be kept in this browser to play with.

import { post } from "./api.js";
import { h, manaText } from "./panel.js";

const HOUSES = ["war", "making", "unmaking", "body", "abomination", "nature", "mind", "life", "death", "justice", "despair", "hope"];

export function decksPage(root, app) {
  const counts = new Map();
  let timer = null;
  const name = h("input", { id: "deck-name", value: "My deck", maxlength: 60 });
  const house = h("select", { id: "deck-house" }, HOUSES.map((x) => h("option", { value: x }, x)));
  const starter = h("select", { id: "deck-starter" }, h("option", { value: "" }, "Start from a starter deck…"),
    app.decks.map((d) => h("option", { value: d.id }, d.name)));
  const filter = h("input", { id: "deck-filter", type: "search", placeholder: "Filter cards" });
  const pool = h("ul", { class: "pool" });
  const chosen = h("ul", { class: "chosen" });
  const toml = h("pre", { id: "deck-toml", class: "toml" });
  const result = h("div", { id: "deck-check", role: "status", "aria-live": "polite" });
  const save = h("button", { type: "button", id: "deck-save", disabled: true, onclick: keep }, "Keep this deck");

  function text() {
    const lines = [`name = ${JSON.stringify(name.value)}`, `house = ${JSON.stringify(house.value)}`, "", "[cards]"];
    for (const [id, n] of counts) if (n > 0) lines.push(`${id} = ${n}`);
    return `${lines.join("\n")}\n`;
  }

  function change() {
    toml.textContent = text();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    chosen.replaceChildren(...[...counts].filter(([, n]) => n > 0).map(([id, n]) =>
      h("li", {}, `${n} × ${app.cards.get(id)?.name || id} `, h("button", { type: "button", class: "link", "aria-label": `One fewer ${id}`, onclick: () => add(id, -1) }, "−"))));
    chosen.prepend(h("li", { class: "muted" }, `${total} cards`));
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  }

  async function check() {
    try {
      const r = await post("/api/decks/check", { toml: text() });
      save.disabled = !r.valid;
      result.replaceChildren(r.valid ? h("p", { class: "ok" }, "The deck is valid.")
        : h("ul", { class: "problems" }, r.problems.map((p) => h("li", {}, p.message))));
    } catch (e) {
      save.disabled = true;
      result.replaceChildren(h("p", { class: "refusal" }, e.message));
    }
  }

  function add(id, d) {
    counts.set(id, Math.max(0, (counts.get(id) || 0) + d));
    change();
  }

  function keep() {
    const list = JSON.parse(localStorage.getItem("sanctum.decks") || "[]");
    list.push({ name: name.value, toml: text() });
    localStorage.setItem("sanctum.decks", JSON.stringify(list));
    app.toast?.(`Kept "${name.value}": choose it in the lobby.`);
  }

  function showPool() {
    const q = filter.value.toLowerCase();
    pool.replaceChildren(...[...app.cards.values()]
      .filter((c) => !q || `${c.name} ${c.house}`.toLowerCase().includes(q))
      .map((c) => h("li", { "data-pool-card": c.id },
        h("button", { type: "button", "aria-label": `Add ${c.name}`, onclick: () => add(c.id, 1) }, "+"),
        ` ${c.name} `, h("span", { class: "muted" }, `${c.house} · ${manaText(c.cost)}`))));
  }

  starter.addEventListener("change", () => {
    const d = app.decks.find((x) => x.id === starter.value);
    if (!d) return;
    counts.clear();
    for (const c of d.cards) counts.set(c.card, c.copies);
    name.value = `${d.name} (copy)`;
    house.value = d.house;
    change();
  });
  for (const x of [name, house]) x.addEventListener("input", change);
  filter.addEventListener("input", showPool);
  root.replaceChildren(h("section", { class: "deck-builder" },
    h("h1", {}, "Deck builder"),
    h("div", { class: "row" }, h("label", { for: "deck-name" }, "Name "), name, h("label", { for: "deck-house" }, " House "), house, starter),
    h("div", { class: "columns" },
      h("div", {}, h("h2", {}, "Cards"), filter, pool),
      h("div", {}, h("h2", {}, "Your deck"), chosen, result, save, h("h3", {}, "Deck file"), toml))));
  showPool();
  change();
}
