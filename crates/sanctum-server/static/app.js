// The Sanctum web client: a hash router over the pages. Every page talks to the server
// only through the documented API (docs/api.md).

import { clearSession, get, post, session, setSession } from "./api.js";
import { gamePage } from "./game.js";
import { h, manaText, spellType } from "./panel.js";
import { decksPage } from "./decks.js";
import { replayPage } from "./replay.js";

const root = document.getElementById("app");
const app = { cards: new Map(), decks: [], me: null };
let leave = null;

function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.textContent = ""), 4000);
}
app.toast = toast;

async function loadStatic() {
  const [cards, decks] = await Promise.all([get("/api/cards"), get("/api/decks")]);
  app.cards = new Map(cards.cards.map((c) => [c.id, c]));
  app.decks = decks.decks;
}

async function whoAmI() {
  app.me = null;
  if (session()) {
    try {
      app.me = await get("/api/me");
    } catch {
      clearSession();
    }
  }
  const who = document.getElementById("who");
  who.replaceChildren();
  if (app.me) {
    who.append(`Signed in as ${app.me.name}${app.me.guest ? " (guest)" : ""}${app.me.banished ? " — Volgaria room" : ""} `,
      h("button", { type: "button", class: "link", onclick: () => { clearSession(); route(); } }, "Sign out"));
  }
}

function signInPage() {
  const msg = h("p", { class: "refusal", role: "alert" });
  const guestName = h("input", { id: "guest-name", name: "name", required: true, maxlength: 24, autocomplete: "nickname" });
  const accName = h("input", { id: "acc-name", name: "name", required: true, maxlength: 24, autocomplete: "username" });
  const accPass = h("input", { id: "acc-pass", name: "password", type: "password", required: true, minlength: 8, autocomplete: "current-password" });
  const done = (r) => {
    setSession(r.token, r.name);
    route();
  };
  const fail = (e) => (msg.textContent = e.message);
  root.replaceChildren(h("section", { class: "signin" },
    h("h1", {}, "Sanctum"),
    h("p", {}, "A two-player game of hidden simultaneous orders: sorcery, armies and towns. Sign in to play."),
    h("form", { id: "guest-form", onsubmit: (e) => { e.preventDefault(); post("/api/guests", { name: guestName.value.trim() }).then(done, fail); } },
      h("h2", {}, "Play as a guest"),
      h("label", { for: "guest-name" }, "Name"), guestName,
      h("button", { type: "submit", class: "primary" }, "Play as guest")),
    h("form", { id: "account-form", onsubmit: (e) => { e.preventDefault(); post("/api/sessions", { name: accName.value.trim(), password: accPass.value }).then(done, fail); } },
      h("h2", {}, "Your account"),
      h("label", { for: "acc-name" }, "Name"), accName,
      h("label", { for: "acc-pass" }, "Password"), accPass,
      h("div", { class: "row" },
        h("button", { type: "submit", class: "primary" }, "Sign in"),
        h("button", { type: "button", onclick: () => post("/api/accounts", { name: accName.value.trim(), password: accPass.value }).then(done, fail) }, "Create account"))),
    msg));
}

const REALMS = ["veldt", "badlands", "great_frost", "arboria", "volgaria", "random"];
const OPPONENTS = [["bot:heuristic", "Bot (heuristic)"], ["bot:random", "Bot (random)"], ["bot:search", "Bot (search)"], ["open", "A person (open game)"]];

function select(id, options, value) {
  return h("select", { id, name: id }, options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
}

function deckOptions() {
  const custom = JSON.parse(localStorage.getItem("sanctum.decks") || "[]");
  return [...app.decks.map((d) => [d.id, `${d.name} (${d.house})`]), ...custom.map((d, i) => [`custom:${i}`, `My deck: ${d.name}`])];
}

function deckRequest(value) {
  if (!value.startsWith("custom:")) return value;
  const custom = JSON.parse(localStorage.getItem("sanctum.decks") || "[]");
  return { toml: custom[Number(value.slice(7))]?.toml || "" };
}

async function lobbyPage() {
  const msg = h("p", { class: "refusal", role: "alert" });
  const banished = app.me?.banished;
  const realm = select("realm", REALMS.map((r) => [r, r.replaceAll("_", " ")]), banished ? "volgaria" : "veldt");
  const layout = select("layout", [["classic", "classic"], ["symmetric", "symmetric"]], "classic");
  const deck = select("deck", deckOptions(), "war_mind");
  const opponent = select("opponent", OPPONENTS, "bot:heuristic");
  const ranked = h("input", { id: "ranked", type: "checkbox", disabled: banished });
  const seconds = h("input", { id: "turn-seconds", type: "number", min: 10, value: 300 });
  const create = h("form", { id: "create-form", class: "create", onsubmit: async (e) => {
    e.preventDefault();
    try {
      const body = { realm: realm.value, layout: layout.value, deck: deckRequest(deck.value), opponent: opponent.value, ranked: ranked.checked, turn_seconds: Number(seconds.value) };
      if (banished) body.room = "volgaria";
      const r = await post("/api/games", body);
      location.hash = `#/game/${r.id}`;
    } catch (err) {
      msg.textContent = err.message;
    }
  } },
  h("h2", {}, "New game"),
  h("div", { class: "grid" },
    h("label", { for: "realm" }, "Realm"), realm,
    h("label", { for: "layout" }, "Layout"), layout,
    h("label", { for: "deck" }, "Deck"), deck,
    h("label", { for: "opponent" }, "Opponent"), opponent,
    h("label", { for: "ranked" }, "Ranked"), ranked,
    h("label", { for: "turn-seconds" }, "Seconds per turn"), seconds),
  h("button", { type: "submit", class: "primary" }, "Create game"), msg);
  const lists = h("div", { class: "lists" }, h("p", {}, "Loading games…"));
  root.replaceChildren(h("section", { class: "lobby" },
    h("h1", {}, banished ? "Lobby — the Volgaria room" : "Lobby"),
    banished ? h("p", { class: "muted" }, "You have been banished to Volgaria: only Volgaria games, unranked.") : null,
    create, lists));
  const row = (g, action) => h("tr", { "data-game": g.id },
    h("td", {}, `#${g.id}`), h("td", {}, g.realm.replaceAll("_", " "), " · ", g.layout),
    h("td", {}, `${g.players.red?.name || "—"} vs ${g.players.blue?.name || "—"}`),
    h("td", {}, g.ranked ? "ranked" : "unranked", ` · ${g.turn_seconds}s`, g.room === "volgaria" ? " · Volgaria" : ""),
    h("td", {}, action));
  const table = (title, games, action, id) => h("section", { id },
    h("h2", {}, title),
    games.length ? h("table", {}, h("tbody", {}, games.map((g) => row(g, action(g))))) : h("p", { class: "muted" }, "None."));
  const joinDeck = select("join-deck", deckOptions(), "war_mind");
  const room = select("room-filter", [["", "every room"], ["main", "the main room"], ["volgaria", "the Volgaria room"]], banished ? "volgaria" : "");
  const controls = h("p", { class: "row" }, h("label", { for: "join-deck" }, "Deck to join with: "), joinDeck,
    h("label", { for: "room-filter" }, " Show: "), room);
  const join = (g) => async () => {
    try {
      await post(`/api/games/${g.id}/join`, { deck: deckRequest(joinDeck.value) });
      location.hash = `#/game/${g.id}`;
    } catch (err) {
      msg.textContent = err.message;
    }
  };
  // The lists, fetched again every few seconds while the lobby is shown.
  async function refresh() {
    const q = room.value ? `&room=${room.value}` : "";
    const [open, activeGames, finished] = await Promise.all(["open", "active", "finished"].map((st) => get(`/api/games?status=${st}${q}`).then((r) => r.games)));
    if (!lists.isConnected) return;
    lists.replaceChildren(
      table("Open games", open, (g) => g.you ? h("a", { href: `#/game/${g.id}` }, "Waiting — open") : h("button", { type: "button", class: "join", onclick: join(g) }, "Join"), "open-games"),
      controls,
      table("Games in progress", activeGames, (g) => h("a", { href: `#/game/${g.id}` }, g.you ? "Return" : "Watch"), "active-games"),
      table("Finished games", finished.slice(0, 20), (g) => h("span", {}, `${g.winner ? `${g.winner} won` : "a draw"} · `, h("a", { href: `#/replay/${g.id}` }, "Replay")), "finished-games"));
  }
  room.addEventListener("change", () => refresh().catch((e) => (msg.textContent = e.message)));
  await refresh();
  const timer = setInterval(() => refresh().catch(() => {}), 5000);
  return () => clearInterval(timer);
}

function cardsPage() {
  const filter = h("input", { id: "card-filter", type: "search", placeholder: "Filter by name, house or text" });
  const list = h("div", { class: "card-list" });
  const show = () => {
    const q = filter.value.toLowerCase();
    const cards = [...app.cards.values()].filter((c) => !q || `${c.name} ${c.house} ${c.text} ${spellType(c)}`.toLowerCase().includes(q));
    list.replaceChildren(...cards.map((c) => h("article", { class: "card-entry", "data-card-entry": c.id },
      h("h3", {}, c.name), h("p", { class: "muted" }, `${c.house} · ${spellType(c)} · target: ${c.target.replaceAll("_", " ")} · cost ${manaText(c.cost)}`),
      h("p", {}, c.text || ""))));
  };
  filter.addEventListener("input", show);
  root.replaceChildren(h("section", {}, h("h1", {}, `Cards (${app.cards.size})`), filter, list));
  show();
}

async function topPage() {
  const r = await get("/api/players/top");
  root.replaceChildren(h("section", {}, h("h1", {}, "Top players"),
    r.players.length ? h("table", { class: "top" }, h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Player"), h("th", {}, "Rating"), h("th", {}, "Games"))),
      h("tbody", {}, r.players.map((p, i) => h("tr", {}, h("td", {}, i + 1), h("td", {}, p.name), h("td", {}, `${Math.round(p.rating)} ± ${Math.round(2 * p.deviation)}`), h("td", {}, p.ranked_games)))))
      : h("p", { class: "muted" }, "No ranked games yet.")));
}

async function route() {
  leave?.();
  leave = null;
  await whoAmI();
  const hash = location.hash || "#/";
  const parts = hash.slice(2).split("/");
  try {
    if (parts[0] === "cards") return cardsPage();
    if (parts[0] === "top") return await topPage();
    if (parts[0] === "decks") return decksPage(root, app);
    if (parts[0] === "replay" && /^\d+$/.test(parts[1] || "")) {
      leave = replayPage(root, Number(parts[1]), app);
      return;
    }
    if (!app.me) return signInPage();
    if (parts[0] === "game" && /^\d+$/.test(parts[1] || "")) {
      leave = gamePage(root, Number(parts[1]), app);
      return;
    }
    leave = await lobbyPage();
  } catch (e) {
    root.replaceChildren(h("p", { class: "refusal", role: "alert" }, `Something went wrong: ${e.message}`));
  }
}

window.addEventListener("hashchange", route);
loadStatic().then(route, (e) => root.replaceChildren(h("p", { class: "refusal", role: "alert" }, `The server cannot be reached: ${e.message}`)));
