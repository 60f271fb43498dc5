// End-to-end tests of the web client in a real headless Chromium (Debian's `chromium`,
// driven by playwright-core). Run by crates/sanctum-cli/tests/browser.rs against a real
// `sanctum serve`:  node client.mjs http://127.0.0.1:PORT/ [SCREENSHOT_DIR]
// Prints one line per scenario and exits non-zero on the first failure.

import { chromium } from "playwright-core";

const BASE = process.argv[2];
const SHOTS = process.argv[3] || process.env.SANCTUM_SCREENSHOTS || "";
if (!BASE) {
  console.error("usage: node client.mjs URL [SCREENSHOT_DIR]");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

const problems = [];
const pages = new Set();
let guests = 0;

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

async function newPage(label, options = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  pages.add(page);
  page.on("close", () => pages.delete(page));
  page.on("console", (m) => {
    // The browser logs every refused request; a page that provokes a refusal on purpose says so.
    if (page.refusalExpected && /status of 422/.test(m.text())) return;
    if (m.type() === "error" || m.type() === "warning") problems.push(`${label}: console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${label}: page error: ${e.message}`));
  return page;
}

async function shot(page, name, fullPage = false) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function signIn(page) {
  const name = `guest${process.pid % 1000}x${++guests}`;
  await page.goto(BASE);
  await page.fill("#guest-name", name);
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.waitForSelector("#create-form");
  return name;
}

async function createGame(page, opponent, seconds = 600) {
  await page.selectOption("#opponent", opponent);
  await page.fill("#turn-seconds", String(seconds));
  await page.getByRole("button", { name: "Create game" }).click();
  await page.waitForURL(/#\/game\/\d+$/);
  return Number(page.url().split("/").pop());
}

/// A game against the bot whose first hand holds a card that can be cast now (a dealt
/// hand may hold none: then the game is left and another created, a few times).
async function castableGame(page) {
  for (let tries = 1; ; tries++) {
    const id = await createGame(page, "bot:heuristic");
    await page.waitForSelector('.game[data-ready="true"]');
    const legal = await legalOf(page, id);
    if (legal.casts?.some((c) => c.affordable.length > 0) || tries === 5) return id;
    await page.click('nav a[href="#/"]');
    await page.waitForSelector("#create-form");
  }
}

/// The caller's picture of a game, through the API with the page's own token.
async function picture(page, id) {
  return page.evaluate(async (id) => {
    const r = await fetch(`/api/games/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem("sanctum.token")}` } });
    return r.json();
  }, id);
}

async function turnOf(page, id) {
  return (await picture(page, id)).view?.turn;
}

async function waitTurn(page, id, turn) {
  await page.waitForFunction((t) => document.querySelector("#status .turn")?.textContent.includes(`turn ${t} `), turn, { timeout: 30000 });
  check((await turnOf(page, id)) === turn, `game ${id} is at turn ${turn}`);
}

async function handIds(page) {
  return page.$$eval("[data-card]", (els) => els.map((e) => e.dataset.card));
}

/// The legal orders of the page's player, through the API.
async function legalOf(page, id) {
  return page.evaluate(async (id) => {
    const r = await fetch(`/api/games/${id}/legal`, { headers: { Authorization: `Bearer ${localStorage.getItem("sanctum.token")}` } });
    return r.json();
  }, id);
}

/// The centre of an element on screen, scrolled into view first.
async function centreOf(page, selector) {
  const loc = page.locator(selector).first();
  await loc.scrollIntoViewIfNeeded();
  const box = await loc.boundingBox();
  check(box, `${selector} is on screen`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/// A finger pressed on one point, slid in steps to another and lifted: real touch
/// input through the DevTools protocol (Chromium turns it into pointer events).
async function touchDrag(page, [x1, y1], [x2, y2]) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, x, y) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  await touch("touchStart", x1, y1);
  for (let i = 1; i <= 12; i++) await touch("touchMove", x1 + ((x2 - x1) * i) / 12, y1 + ((y2 - y1) * i) / 12);
  await touch("touchEnd", x2, y2);
  await cdp.detach();
}

/// Where the Confirm button and the board stand (to catch layout jumps).
async function layoutOf(page) {
  return page.evaluate(() => {
    scrollTo(0, 0); // sticky parts stand where they are drawn for the top of the page
    const at = (sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return [Math.round(r.left + scrollX), Math.round(r.top + scrollY), Math.round(r.width), Math.round(r.height)].join(",");
    };
    return { confirm: at("#confirm"), board: at("#board svg"), hand: at("#hand") };
  });
}

/// After a drop: when the square holds several targets the page asks which (the first
/// is taken); then the order list reaches `n` orders.
async function chooseIfAsked(page, n) {
  await page.waitForFunction((n) => document.querySelector(".chooser") || document.querySelectorAll(".orders li").length === n, n);
  if (await page.isVisible(".chooser")) await page.click(".chooser button >> nth=0");
  await page.waitForFunction((n) => document.querySelectorAll(".orders li").length === n, n);
}

const scenarios = [];
const scenario = (name, fn) => scenarios.push([name, fn]);

scenario("sign in, lobby, card list, top players and deck builder load", async () => {
  const page = await newPage("pages");
  await signIn(page);
  // The list comes from a request made after sign-in ("Loading games…" until then).
  const listed = await page.waitForSelector("#open-games", { state: "visible" }).then(() => true, () => false);
  check(listed, "the lobby lists open games");
  await page.click('nav a[href="#/cards"]');
  await page.waitForSelector("[data-card-entry]");
  check((await page.$$("[data-card-entry]")).length > 100, "the card list shows the pool");
  await page.fill("#card-filter", "fireball");
  check((await page.$$("[data-card-entry]")).length >= 1, "the card filter finds Fireball");
  await page.click('nav a[href="#/top"]');
  await page.waitForSelector("h1:has-text('Top players')");
  await page.click('nav a[href="#/decks"]');
  await page.selectOption("#deck-starter", "war_mind");
  await page.waitForSelector("#deck-check .ok");
  await page.click("[aria-label='Add Fireball']");
  await page.selectOption("#deck-house", "nature");
  await page.waitForSelector("#deck-check .problems li");
  // The playback log says why a group bounced (the engine's setback on a move).
  const lines = await page.evaluate(async () => {
    const { describe, namer } = await import("/playback.js");
    const view = { groups: [{ id: 1, name: "A", at: [5, 10], minions: [] }, { id: 2, name: "B", at: [5, 9], minions: [] }] };
    const n = namer([view], new Map());
    const bounce = (setback) => describe({ event: "moved", group: 1, from: [5, 10], to: [5, 10], outcome: "bounced", killed: 0, setback }, n);
    return [
      bounce({ cause: "outvoted", at: [5, 9], winner: 2, by: "initiative", hostile: true }),
      bounce({ cause: "outvoted", at: [5, 9], winner: 2, by: "stationary", hostile: false }),
      bounce({ cause: "blocked", blocked: { check: "cannot_enter", at: [5, 9], terrain: "mountain", structure: null } }),
      bounce({ cause: "blocked", blocked: { check: "hostile_there", at: [5, 9] } }),
    ];
  });
  check(lines[0] === "A bounces back to 5,10: B won the vote in 5,9 by initiative, and they are enemies.", lines[0]);
  check(lines[1] === "A bounces back to 5,10: B won the vote in 5,9 by standing still, and the two cannot join.", lines[1]);
  check(lines[2] === "A bounces back to 5,10: it cannot enter mountain at 5,9.", lines[2]);
  check(lines[3] === "A bounces back to 5,10: an enemy holds 5,9.", lines[3]);
  await page.context().close();
});

scenario("a move, a spell cast by dragging, a training and a discard show up in the next state; a reload restores the game", async () => {
  const page = await newPage("orders");
  await signIn(page);
  const id = await castableGame(page);
  const before = await picture(page, id);
  const me = before.view.me;
  const you = before.game.you;
  const mine = before.view.groups.find((g) => g.owner === you);
  const home = before.view.field.structures.find((x) => x.kind === "sanctum" && x.owner === you).at.join(",");
  // A move: click the group, then a lit square.
  await page.click(`[data-group="${mine.id}"]`);
  const lit = await page.$$eval("[data-square].target", (els) => els.map((e) => e.dataset.square));
  check(lit.length > 0, "squares light up for the group's move");
  const dest = lit[0];
  await page.click(`[data-square="${dest}"]`);
  await page.waitForSelector(".orders li");
  check(await page.isVisible("line.order-arrow"), "an arrow shows the move");
  // A spell cast by dragging a card onto a lit target.
  const card = await page.$eval(".card.castable", (e) => e.dataset.card);
  await page.click(`[data-card="${card}"]`);
  const targets = await page.$$eval("[data-square].target, [data-target=globe].target", (els) => els.map((e) => e.dataset.square || "globe"));
  check(targets.length > 0, `targets light up for ${card}`);
  await shot(page, "game-targets");
  check((await page.textContent(".selection")).includes("Drop it on a lit target"), "the picked card's text is shown");
  await page.keyboard.press("Escape"); // put it back
  check((await page.$$("[data-square].target")).length === 0, "Esc puts the card back");
  const to = targets[0] === "globe" ? page.locator("[data-target=globe]") : page.locator(`[data-square="${targets[0]}"]`).first();
  await page.locator(`[data-card="${card}"].castable`).first().dragTo(to); // a hand may hold two alike
  await chooseIfAsked(page, 2);
  // A training: the novice waiting in the Sanctum.
  await page.click(`[data-group="${mine.id}"]`);
  await page.waitForSelector("[data-train]");
  const into = await page.$eval("[data-train]", (e) => e.dataset.train);
  await page.click(`[data-train="${into}"]`);
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 3);
  // A discard.
  const discard = await page.$eval("[data-discard]", (e) => e.dataset.discard);
  await page.locator(`[data-discard="${discard}"]`).first().click();
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 4);
  check(!(await page.textContent("#refusal")).startsWith("Refused"), "no order was refused");
  await shot(page, "game-mid-turn");
  const given = (await picture(page, id)).orders;
  check(given.length === 4, "the server holds the four orders");
  // A reload mid-game restores the game with its orders.
  await page.reload();
  await page.waitForSelector('.game[data-ready="true"]');
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 4);
  check(await page.isVisible("line.order-arrow"), "the move's arrow is back after the reload");
  // Confirm; the bot has confirmed already, so the turn resolves and is pushed.
  await page.getByRole("button", { name: "Confirm orders" }).click();
  await waitTurn(page, id, 2);
  await page.waitForSelector("#log li");
  // The picture of the playback once the move is under way.
  await page.waitForFunction(() => [...document.querySelectorAll("#log li")].some((li) => / (moves|bounces|joins) /.test(li.textContent)), null, { timeout: 30000 });
  await page.getByRole("button", { name: "Pause" }).click();
  await page.waitForTimeout(400);
  await shot(page, "game-playback", true); // the whole page: the log is below the fold
  // Until the playback ends the board and the selection show the turn as it stood.
  if (!/done/.test(await page.textContent("#pb-status"))) {
    check((await page.textContent("#banner")).includes("Playing back turn 1"), "the banner says the turn is being played back");
    check(await page.isVisible('.selection[data-turn="1"]'), "the selection shows turn 1 during its playback");
  }
  await page.getByRole("button", { name: "Skip to end" }).click();
  await page.waitForFunction(() => /done/.test(document.querySelector("#pb-status")?.textContent || ""));
  await page.waitForSelector('.selection[data-turn="2"]');
  const log = await page.$$eval("#log li", (els) => els.map((e) => e.textContent));
  const after = await picture(page, id);
  check(log.some((l) => l.startsWith(`${you} casts`) || (l.startsWith(`${you}'s`) && l.includes("squandered"))), `the log tells of the spell: ${log.join(" | ")}`);
  check(log.some((l) => l.startsWith(`${you} trains the novice`)), "the log tells of the training");
  check(log.some((l) => l.startsWith(`${you} discards`)), "the log tells of the discard");
  check(after.view.me.whirlpool.includes(discard) || after.view.me.whirlpool.length > 0, "the discarded card is in the Whirlpool");
  const moved = after.view.groups.find((g) => g.id === mine.id);
  check(log.some((l) => l.includes(`${mine.name} `) && /moves|bounces|joins|pushed/.test(l)), "the log tells of the move");
  check(!moved || moved.at.join(",") !== home || log.some((l) => l.includes("bounces")), "the group left the Sanctum or bounced");
  // Step and replay controls.
  await page.getByRole("button", { name: "Replay" }).click();
  await page.getByRole("button", { name: "Pause" }).click();
  const n = await page.$$eval("#log li", (els) => els.length);
  await page.getByRole("button", { name: "Step" }).click();
  check((await page.$$eval("#log li", (els) => els.length)) === n + 1, "Step adds one line to the log");
  await page.context().close();
  return `cast ${card}, trained ${into}, discarded ${discard}, moved to ${dest}; ${log.length} log lines`;
});

scenario("the keyboard alone gives a move and a cast and confirms them", async () => {
  const page = await newPage("keyboard");
  await signIn(page);
  const id = await castableGame(page);
  const before = await picture(page, id);
  const mine = before.view.groups.find((g) => g.owner === before.game.you);
  const enter = async (selector) => {
    check(await page.$eval(selector, (e) => e.tabIndex >= 0), `${selector} is in the tab order`);
    await page.focus(selector);
    await page.keyboard.press("Enter");
  };
  // A move: Enter on the group, then Enter on a lit square (lit squares join the tab order).
  await enter(`[data-group="${mine.id}"]`);
  await page.waitForSelector("[data-square].target");
  const dest = await page.$eval("[data-square].target", (e) => e.dataset.square);
  await enter(`[data-square="${dest}"].target`);
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 1);
  // A cast: Enter on a castable card, then Enter on a lit target.
  const card = await page.$eval(".card.castable", (e) => e.dataset.card);
  await enter(`.card.castable[data-card="${card}"]`);
  await page.waitForSelector("[data-square].target, [data-target=globe].target");
  const target = await page.$eval("[data-square].target, [data-target=globe].target", (e) => e.dataset.square ? `[data-square="${e.dataset.square}"].target` : "[data-target=globe]");
  await enter(target);
  await page.waitForFunction(() => document.querySelector(".chooser") || document.querySelectorAll(".orders li").length === 2);
  if (await page.isVisible(".chooser")) await enter(".chooser button");
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 2);
  check(!(await page.textContent("#refusal")).startsWith("Refused"), "no order was refused");
  // Confirm orders from the keyboard; the turn resolves.
  await page.getByRole("button", { name: "Confirm orders" }).focus();
  await page.keyboard.press("Enter");
  await waitTurn(page, id, 2);
  await page.context().close();
});

scenario("at tablet sizes a finger drags a card onto the board, nothing jumps or hides Confirm, and a refusal shows its reason", async () => {
  const notes = [];
  for (const viewport of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
    const size = `${viewport.width}×${viewport.height}`;
    const page = await newPage(`tablet ${size}`, { viewport, hasTouch: true, isMobile: true });
    await signIn(page);
    const id = await castableGame(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(overflow <= 0, `${size}: no sideways scrolling (${overflow} px)`);
    const start = await layoutOf(page);
    const before = await picture(page, id);
    const mine = before.view.groups.find((g) => g.owner === before.game.you);

    // A refusal: the move the page sends is crafted on its way into one the engine
    // refuses (a square out of reach); the page shows the engine's reason and keeps
    // its orders as they were.
    page.refusalExpected = true;
    await page.route("**/api/games/*/orders", async (route) => {
      const body = JSON.parse(route.request().postData() || "{}");
      for (const o of body.orders || []) if (o.kind === "move") o.to = [o.from[0] > 5 ? 1 : 10, o.from[1] > 5 ? 1 : 10];
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.tap(`[data-group="${mine.id}"]`);
    const lit = await page.$$eval("[data-square].target", (els) => els.map((e) => e.dataset.square));
    check(lit.length > 0, `${size}: squares light up for the group's move`);
    await page.locator(`[data-square="${lit[0]}"] path`).tap();
    await page.waitForFunction(() => document.querySelector("#refusal").textContent.startsWith("Refused"));
    const refusal = await page.textContent("#refusal");
    check(/cannot be ordered from .* \(not_reachable\)$/.test(refusal), `${size}: the refusal gives the engine's reason: ${refusal}`);
    check((await page.$$(".orders li")).length === 0, `${size}: the refused order is not listed`);
    check((await picture(page, id)).orders.length === 0, `${size}: the server holds no order`);
    await page.unroute("**/api/games/*/orders");
    page.refusalExpected = false;

    // A card dragged by a finger onto one of its targets.
    const legal = await legalOf(page, id);
    const cast = legal.casts.find((c) => c.affordable.length > 0);
    check(cast, `${size}: a card can be cast`);
    const t = cast.affordable[0];
    const card = `.card.castable[data-card="${cast.card}"]`;
    const to = t.type === "globe" ? "[data-target=globe] circle" : `[data-square="${t.at.join(",")}"] path`;
    const from = await centreOf(page, card);
    const onto = await page.locator(to).first().boundingBox().then((b) => [b.x + b.width / 2, b.y + b.height / 2]);
    check(onto[1] >= 0 && onto[1] <= viewport.height, `${size}: the target is on screen while the card is (${onto})`);
    await touchDrag(page, from, onto);
    await chooseIfAsked(page, 1);
    const given = (await picture(page, id)).orders;
    check(given.length === 1 && given[0].kind === "cast" && given[0].card === cast.card, `${size}: the server holds the cast: ${JSON.stringify(given)}`);
    check(!(await page.textContent("#refusal")), `${size}: the refusal is cleared`);
    const still = await page.evaluate(() => ({ lit: document.querySelectorAll("[data-square].target").length, picked: [...document.querySelectorAll(".card.picked")].map((c) => c.dataset.card), targeting: document.querySelector("svg.board").classList.contains("targeting") }));
    check(!still.lit && !still.picked.length && !still.targeting, `${size}: the card is no longer in hand after the drop: ${JSON.stringify(still)}`);
    await shot(page, `game-tablet-${viewport.width}`);

    // Nothing moved: the board, the hand and Confirm stand where they stood.
    const now = await layoutOf(page);
    check(JSON.stringify(now) === JSON.stringify(start), `${size}: no layout jump: ${JSON.stringify(start)} → ${JSON.stringify(now)}`);
    // Confirm is in reach without scrolling (it stays at the bottom of the screen) and
    // nothing covers it.
    await page.evaluate(() => scrollTo(0, 0));
    const free = await page.evaluate(() => {
      const b = document.querySelector("#confirm");
      const r = b.getBoundingClientRect();
      return r.bottom <= innerHeight && r.right <= innerWidth && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b;
    });
    check(free, `${size}: the Confirm button is in view and uncovered`);
    // The turn played back and its end: the banner, the selection and the log change,
    // nothing else moves.
    // (Buttons by mouse here: a tap Playwright sends just after scrolling the page, while
    // the sticky Confirm row moves, can lose its click in Chromium's touch emulation;
    // taps are tested above.)
    await page.click("#confirm");
    await page.waitForFunction(() => /Playing back/.test(document.querySelector("#banner").textContent));
    await page.click("#pb-toggle"); // pause
    const during = await layoutOf(page);
    await page.click("#pb-end");
    await page.waitForSelector('.selection[data-turn="2"]');
    const after = await layoutOf(page);
    check(JSON.stringify(during) === JSON.stringify(after), `${size}: no layout jump when the playback ends: ${JSON.stringify(during)} → ${JSON.stringify(after)}`);
    notes.push(`${size}: cast ${cast.card} by touch (card at ${from.map(Math.round)})`);
    await page.context().close();
  }
  return notes.join("; ");
});

scenario("two players in two browser contexts each see only their own hand", async () => {
  const a = await newPage("creator");
  const b = await newPage("joiner");
  await signIn(a);
  const id = await createGame(a, "open");
  await a.waitForSelector("#banner:has-text('Waiting')");
  await signIn(b);
  await b.waitForSelector(`#open-games [data-game="${id}"]`);
  await b.click(`#open-games [data-game="${id}"] button.join`);
  await b.waitForSelector('.game[data-ready="true"]');
  await a.waitForSelector('.game[data-ready="true"]');
  const pa = await picture(a, id);
  const pb = await picture(b, id);
  check(pa.game.you && pb.game.you && pa.game.you !== pb.game.you, "the two players play opposite sides");
  const ha = await handIds(a);
  const hb = await handIds(b);
  check(JSON.stringify(ha) === JSON.stringify(pa.view.me.hand), `the creator's page shows the creator's hand: ${ha} vs ${pa.view.me.hand}`);
  check(JSON.stringify(hb) === JSON.stringify(pb.view.me.hand), "the joiner's page shows the joiner's hand");
  const aOnly = pa.view.me.hand.filter((c) => !pb.view.me.hand.includes(c));
  const bOnly = pb.view.me.hand.filter((c) => !pa.view.me.hand.includes(c));
  const aHtml = await a.content();
  const bHtml = await b.content();
  for (const c of aOnly) check(!bHtml.includes(`data-card="${c}"`), `the joiner's page does not show the creator's ${c}`);
  for (const c of bOnly) check(!aHtml.includes(`data-card="${c}"`), `the creator's page does not show the joiner's ${c}`);
  // A third person watches from the lobby: the board, no hand.
  const c = await newPage("spectator");
  await signIn(c);
  await c.click(`#active-games [data-game="${id}"] a`);
  await c.waitForSelector('.game[data-ready="true"]');
  check((await c.$$("[data-card]")).length === 0, "a spectator's page shows no hand");
  check((await c.textContent("#hand")).includes("watching"), "the spectator is told they are watching");
  // Both confirm; each sees the other's confirm and then the next turn.
  await a.getByRole("button", { name: "Confirm orders" }).click();
  await b.waitForSelector("#opponent-confirmed:has-text('has confirmed')");
  await b.getByRole("button", { name: "Confirm orders" }).click();
  await waitTurn(a, id, 2);
  await waitTurn(b, id, 2);
  await c.waitForFunction(() => document.querySelector("#status .turn")?.textContent.includes("turn 2 "));
  // At tablet size the panel goes below the board, and nothing spills sideways.
  await b.setViewportSize({ width: 768, height: 1024 });
  await b.waitForTimeout(200);
  const overflow = await b.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  check(overflow <= 0, `no sideways scrolling at tablet size (${overflow} px)`);
  await shot(b, "game-tablet");
  await c.context().close();
  await a.context().close();
  await b.context().close();
});

scenario("a guest plays a game against a bot to the end", async () => {
  const page = await newPage("whole game");
  await signIn(page);
  const id = await createGame(page, "bot:heuristic");
  let turns = 0;
  for (;;) {
    const state = await page.waitForFunction(() => {
      if (document.querySelector("#outcome")) return "over";
      const c = document.querySelector("#confirm");
      return c && !c.disabled && !c.hidden ? "ready" : false;
    }, null, { timeout: 30000 });
    if ((await state.jsonValue()) === "over") break;
    check(++turns <= 120, "the game ends within the turn limit");
    // The last turn's push may disable the button between the check and the click.
    await page.getByRole("button", { name: "Confirm orders" }).click({ timeout: 3000 }).catch(() => {});
  }
  const g = (await picture(page, id)).game;
  check(g.status === "finished", "the server says the game is finished");
  // Its replay, from the lobby: step through the turns.
  await page.click('nav a[href="#/"]');
  await page.waitForSelector(`#finished-games [data-game="${id}"] a`);
  await shot(page, "lobby");
  await page.click(`#finished-games [data-game="${id}"] a`);
  await page.waitForSelector('.replay[data-turn="0"]');
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.waitForSelector('.replay[data-turn="1"]');
  await page.getByRole("button", { name: "Next turn" }).click();
  await page.waitForSelector('.replay[data-turn="2"]');
  await page.waitForSelector("#log li");
  await page.waitForTimeout(1000);
  await shot(page, "replay");
  // The first turns' events animated on the board (skipped to the end of each).
  const total = Number((await page.textContent("#replay-turn")).match(/of (\d+)/)[1]);
  for (let t = 3; t <= Math.min(total, 15); t++) {
    await page.getByRole("button", { name: "Next turn" }).click();
    await page.waitForSelector(`.replay[data-turn="${t}"]`);
    await page.getByRole("button", { name: "Skip to end" }).click();
    await page.waitForFunction(() => /done/.test(document.querySelector("#pb-status")?.textContent || ""));
  }
  await page.getByRole("button", { name: "Last" }).click();
  await page.waitForSelector("#outcome");
  await page.context().close();
  return `${turns} turns, ${g.winner || "draw"} (${g.end_reason})`;
});

let failed = 0;
const only = process.env.SCENARIO || "";
const chosen = scenarios.filter(([n]) => n.includes(only));
for (const [name, fn] of chosen) {
  const start = Date.now();
  try {
    const note = await fn();
    console.log(`ok - ${name}${note ? ` (${note})` : ""} [${Date.now() - start} ms]`);
  } catch (e) {
    failed++;
    console.log(`FAILED - ${name}: ${e.stack || e}`);
    let n = 0;
    for (const p of pages) {
      const text = await p.textContent("main").catch(() => "?");
      console.log(`  page ${++n} at ${p.url()}: ${text.slice(0, 600)}`);
      if (SHOTS) await p.screenshot({ path: `${SHOTS}/failed-${n}.png` }).catch(() => {});
      await p.context().close().catch(() => {});
    }
  }
}
if (problems.length) {
  failed++;
  console.log(`FAILED - console errors or warnings on a page:\n  ${problems.join("\n  ")}`);
}
await browser.close();
console.log(`${chosen.length + 1 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
