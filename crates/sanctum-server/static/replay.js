// Replays of finished games: every turn in the public view, each with its events
// played back (GET /api/games/{id}/replay/{turn}).

import { get } from "./api.js";
import { drawBoard } from "./board.js";
import { h, manaText } from "./panel.js";
import { namer, Playback } from "./playback.js";

export function replayPage(root, id, app) {
  let turn = 0;
  let total = 0;
  let shown = null;
  let playback = null;
  let closed = false;
  const board = h("div", { id: "board" });
  const log = h("ol", { id: "log", class: "log", "aria-live": "polite" });
  const status = h("span", { id: "pb-status", class: "muted" });
  const title = h("p", { id: "replay-turn", class: "turn" });
  const info = h("div", { class: "status" });
  const go = (n) => show(Math.max(0, Math.min(total, n)), n === turn + 1);
  root.replaceChildren(h("section", { class: "game replay", "aria-label": `Replay of game ${id}` },
    h("div", { class: "board-wrap" }, h("div", { class: "banner" }, `Replay of game ${id}`), board),
    h("aside", { class: "panel" },
      title, info,
      h("div", { class: "controls" },
        h("button", { type: "button", id: "rp-first", onclick: () => go(0) }, "First"),
        h("button", { type: "button", id: "rp-prev", onclick: () => go(turn - 1) }, "Previous turn"),
        h("button", { type: "button", id: "rp-next", onclick: () => go(turn + 1) }, "Next turn"),
        h("button", { type: "button", id: "rp-last", onclick: () => go(total) }, "Last")),
      h("section", { class: "playback-box", "aria-label": "Turn playback" },
        h("h3", {}, "The turn's events"),
        h("div", { class: "controls" },
          h("button", { type: "button", onclick: () => playback?.replay() }, "Replay"),
          h("button", { type: "button", onclick: () => { playback?.pause(); playback?.step(); } }, "Step"),
          h("button", { type: "button", onclick: () => playback?.finish() }, "Skip to end"),
          status),
        log))));

  async function show(n, animate = false) {
    const r = await get(`/api/games/${id}/replay/${n}`);
    if (closed) return;
    turn = r.turn;
    total = r.turns;
    const before = shown;
    shown = r.view;
    title.textContent = `Turn ${turn} of ${total}${turn === 0 ? " (the start)" : ""}`;
    info.replaceChildren(...r.view.players.map((p, i) =>
      h("p", {}, `${i ? "blue" : "red"} (${p.house}): ${p.hand_size} in hand, deck ${p.deck_size}, mana ${manaText(p.mana)}`)));
    if (r.view.outcome) info.append(h("p", { id: "outcome" }, `Result: ${r.view.outcome.winner || "a draw"}`));
    const drawn = drawBoard(board, r.view, null);
    playback?.stopTimer();
    playback = new Playback({
      board: drawn, logEl: log, statusEl: status, events: r.events, names: namer([before, r.view], app.cards),
      drawBefore: animate && before ? () => drawBoard(board, before, null) : null,
      drawAfter: () => drawBoard(board, r.view, null),
    });
    if (animate && before) playback.play();
    else playback.finish();
    root.querySelector(".replay").dataset.turn = String(turn);
  }

  show(0).catch((e) => root.replaceChildren(h("p", { class: "refusal", role: "alert" }, `Cannot replay game ${id}: ${e.message}`)));
  return () => {
    closed = true;
    playback?.stopTimer();
  };
}
