// The web client in a real headless Firefox: Debian's `firefox-esr`, driven by
// puppeteer-core over WebDriver BiDi (Playwright cannot drive a stock Firefox). Run by
// crates/sanctum-cli/tests/browser.rs against a real `sanctum serve`:
//   node firefox.mjs http://127.0.0.1:PORT/ [SCREENSHOT_DIR]
// A guest signs in, creates a game against a bot, moves a group (click, click), casts a
// card by dragging it with the mouse onto a lit target, confirms, and watches the next
// turn played back; concedes and steps through the game's replay; opens the card list
// and the deck builder; no console errors or warnings anywhere.

import puppeteer from "puppeteer-core";

const BASE = process.argv[2];
const SHOTS = process.argv[3] || process.env.SANCTUM_SCREENSHOTS || "";
if (!BASE) {
  console.error("usage: node firefox.mjs URL [SCREENSHOT_DIR]");
  process.exit(2);
}

const problems = [];
const check = (cond, what) => {
  if (!cond) throw new Error(`check failed: ${what}`);
};

const browser = await puppeteer.launch({
  browser: "firefox",
  protocol: "webDriverBiDi",
  executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
});
const page = await browser.newPage();
page.setDefaultTimeout(20000);
await page.setViewport({ width: 1366, height: 900 });
page.on("console", (m) => {
  if (["error", "warn", "warning"].includes(m.type())) problems.push(`console ${m.type()}: ${m.text()}`);
});
page.on("pageerror", (e) => problems.push(`page error: ${e.message || e}`));

/// The caller's picture of a game, through the API with the page's own token.
const picture = (id) => page.evaluate(async (id) => {
  const r = await fetch(`/api/games/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem("sanctum.token")}` } });
  return r.json();
}, id);

/// The centre of an element on screen.
async function centre(selector) {
  const box = await (await page.waitForSelector(selector)).boundingBox();
  check(box, `${selector} is on screen`);
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/// Presses the mouse on one element, moves it in steps onto another, and releases.
async function drag(from, to) {
  const [x1, y1] = await centre(from);
  const [x2, y2] = await centre(to);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x1 + 10, y1 + 10, { steps: 3 });
  await page.mouse.move(x2, y2, { steps: 10 });
  await page.mouse.up();
}

/// Clicks an element, again if a push redrew the board under the pointer meanwhile
/// (the element the first try found may have left the page).
async function click(selector) {
  for (let i = 0; ; i++) {
    try {
      await page.click(selector);
      return;
    } catch (e) {
      if (i === 3) throw e;
      await page.waitForSelector(selector);
    }
  }
}

const lines = () => page.$$eval("#log li", (els) => els.map((e) => e.textContent));
const orderCount = () => page.$$eval(".orders li", (els) => els.length);

async function run() {
  await page.goto(BASE);
  await page.type("#guest-name", `fox${Date.now() % 1000000}`);
  await page.click("#guest-form button[type=submit]");
  await page.waitForSelector("#create-form");
  // A game whose first hand holds a castable card (a dealt hand may hold none).
  let id;
  for (let tries = 1; ; tries++) {
    await page.select("#opponent", "bot:heuristic");
    await page.click("#create-form button[type=submit]");
    await page.waitForFunction(() => /#\/game\/\d+$/.test(location.hash));
    id = Number(await page.evaluate(() => location.hash.split("/").pop()));
    await page.waitForSelector('.game[data-ready="true"]');
    if ((await page.$(".card.castable")) || tries === 5) break;
    await page.click('nav a[href="#/"]');
    await page.waitForSelector("#create-form");
  }
  const before = await picture(id);
  const you = before.game.you;
  const mine = before.view.groups.find((g) => g.owner === you);

  // A move: click the group, then one of the squares that light up.
  await click(`[data-group="${mine.id}"]`);
  const lit = await page.$$eval("[data-square].target", (els) => els.map((e) => e.dataset.square));
  check(lit.length > 0, "squares light up for the group's move");
  const [x, y] = await centre(`[data-square="${lit[0]}"] path`);
  await page.mouse.click(x, y);
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 1);
  check(await page.$("line.order-arrow"), "an arrow shows the move");

  // A card dragged with the mouse onto a lit target.
  const card = await page.$eval(".card.castable", (e) => e.dataset.card);
  await click(`.card.castable[data-card="${card}"]`);
  const lighted = await page.$$eval("[data-square].target, [data-target=globe].target", (els) => els.map((e) => e.dataset.square || "globe"));
  check(lighted.length > 0, `targets light up for ${card}`);
  await page.keyboard.press("Escape");
  const to = lighted[0] === "globe" ? "[data-target=globe] circle" : `[data-square="${lighted[0]}"] path`;
  await drag(`.card.castable[data-card="${card}"]`, to);
  await page.waitForFunction(() => document.querySelector(".chooser") || document.querySelectorAll(".orders li").length === 2);
  if (await page.$(".chooser button")) await page.click(".chooser button");
  await page.waitForFunction(() => document.querySelectorAll(".orders li").length === 2);
  const refusal = await page.$eval("#refusal", (e) => e.textContent);
  check(!refusal, `no order was refused: ${refusal}`);
  check((await picture(id)).orders.length === 2, "the server holds both orders");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/firefox-mid-turn.png` });

  // Confirm: the bot has confirmed already, so the turn resolves and is played back.
  await page.click("#confirm");
  await page.waitForFunction(() => document.querySelector("#status .turn")?.textContent.includes("turn 2 "), { timeout: 30000 });
  await page.waitForFunction(() => [...document.querySelectorAll("#log li")].some((li) => / (moves|bounces|joins|is pushed) /.test(li.textContent)), { timeout: 30000 });
  await page.click("#pb-toggle"); // pause: the board and the selection still show turn 1
  const paused = await page.$eval("#pb-status", (e) => e.textContent);
  if (!/done/.test(paused)) check(await page.$('.selection[data-turn="1"]'), `the selection shows turn 1 while it is played back (${paused})`);
  await page.click("#pb-end");
  await page.waitForFunction(() => /done/.test(document.querySelector("#pb-status")?.textContent || ""));
  await page.waitForSelector('.selection[data-turn="2"]');
  const log = await lines();
  check(log.some((l) => l.startsWith(`${you} casts`) || (l.startsWith(`${you}'s`) && l.includes("squandered"))), `the log tells of the spell: ${log.join(" | ")}`);
  check(log.some((l) => l.includes(`${mine.name} `) && /moves|bounces|joins|pushed/.test(l)), "the log tells of the move");
  check((await picture(id)).view.turn === 2, "the server is at turn 2");
  check((await orderCount()) === 0, "the new turn starts with no orders");

  // The game ends (a concession through the API), and its replay steps in Firefox too.
  await page.evaluate(async (id) => {
    await fetch(`/api/games/${id}/concede`, { method: "POST", headers: { Authorization: `Bearer ${localStorage.getItem("sanctum.token")}` } });
  }, id);
  await page.waitForSelector("#outcome");
  await page.click('nav a[href="#/"]');
  await page.waitForSelector(`#finished-games [data-game="${id}"] a`);
  await page.click(`#finished-games [data-game="${id}"] a`);
  await page.waitForSelector('.replay[data-turn="0"]');
  await page.click("#rp-next");
  await page.waitForSelector('.replay[data-turn="1"]');
  await page.waitForSelector("#log li");
  await page.click("#rp-last");
  await page.waitForSelector(".replay #outcome");

  // The card list and the deck builder.
  await page.click('nav a[href="#/cards"]');
  await page.waitForSelector("[data-card-entry]");
  check((await page.$$("[data-card-entry]")).length > 100, "the card list shows the pool");
  await page.click('nav a[href="#/decks"]');
  await page.waitForSelector("#deck-starter");
  await page.select("#deck-starter", "war_mind");
  await page.waitForSelector("#deck-check .ok");
  return `moved to ${lit[0]}, cast ${card} by dragging; ${log.length} log lines; replayed; cards and decks`;
}

let failed = 0;
try {
  const note = await run();
  console.log(`ok - in Firefox ${await browser.version()}: a guest plays a turn against a bot (${note})`);
} catch (e) {
  failed++;
  console.log(`FAILED - in Firefox: ${e.stack || e}`);
  const text = await page.$eval("main", (m) => m.textContent).catch(() => "?");
  console.log(`  page at ${page.url()}: ${text.slice(0, 600)}`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/failed-firefox.png` }).catch(() => {});
}
if (problems.length) {
  failed++;
  console.log(`FAILED - console errors or warnings in Firefox:\n  ${problems.join("\n  ")}`);
}
await browser.close();
console.log(`${2 - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
