// The game page: the board, the side panel, giving orders, confirming, and playing back
// each turn's resolution as the server pushes it over the WebSocket.
//
// The data flow of a click: a click or a drop on the board picks an order from the
// server's legal list (GET /api/games/{id}/legal); the whole order list goes to the
// server (PUT /api/games/{id}/orders), which validates it with the engine; on success
// the list and the legal targets are refreshed, on refusal the reason is shown and
// nothing changes. Confirm posts /confirm; the turn's result arrives on the socket.

import { ApiError, get, openSocket, post, put } from "./api.js";
import { arrow, drawBoard, key } from "./board.js";
import { h, hand, manaText, orderList, selection, cardName } from "./panel.js";
import { namer, Playback } from "./playback.js";
import { followCardDrag } from "./drag.js";

const sameAt = (a, b) => a && b && key(a) === key(b);

export function gamePage(root, id, app) {
  const s = {
    pic: null, // {game, view, orders, events}
    legal: null,
    orders: [],
    sel: null, // {at} | {globe: true}
    mode: null, // {type: "card", card} | {type: "move", from}
    chooser: null,
    board: null,
    resolveHit: null, // board element → {at, group} | {globe} (set by wireBoard)
    playback: null,
    shown: null, // the latest view received
    drawn: null, // the view the board shows: the turn before while a turn is played back
    refusal: "",
    timer: null,
    closed: false,
  };
  const layout = h("section", { class: "game", "aria-label": "Game" },
    h("div", { class: "board-wrap" },
      h("div", { id: "banner", class: "banner", role: "status" }),
      h("div", { id: "board" })),
    h("aside", { class: "panel" },
      h("div", { id: "status", class: "status" }),
      h("div", { id: "selection" }),
      h("section", { class: "hand-box" }, h("h3", {}, "Hand"), h("div", { id: "hand" })),
      h("section", { class: "orders-box" },
        h("h3", {}, "Orders"),
        h("div", { id: "orders" }),
        h("p", { id: "refusal", class: "refusal", role: "alert" }),
        h("div", { class: "confirm-row" },
          h("button", { id: "confirm", type: "button", class: "primary", onclick: confirm }, "Confirm orders"),
          h("span", { id: "confirm-state", class: "muted" }))),
      h("section", { class: "playback-box", "aria-label": "Turn playback" },
        h("h3", {}, "Last turn"),
        h("div", { class: "controls" },
          h("button", { type: "button", id: "pb-toggle", onclick: () => togglePlay() }, "Pause"),
          h("button", { type: "button", id: "pb-step", onclick: () => { s.playback?.pause(); s.playback?.step(); syncToggle(); } }, "Step"),
          h("button", { type: "button", id: "pb-replay", onclick: () => { s.playback?.replay(); syncToggle(); } }, "Replay"),
          h("button", { type: "button", id: "pb-end", onclick: () => { s.playback?.finish(); syncToggle(); } }, "Skip to end"),
          h("span", { id: "pb-status", class: "muted" })),
        h("ol", { id: "log", class: "log", "aria-live": "polite" }))));
  root.replaceChildren(layout);
  const $ = (sel) => layout.querySelector(sel);

  const you = () => s.pic?.game?.you || null;
  const active = () => s.pic?.game?.status === "active" && !s.pic?.view?.outcome;
  const editable = () => active() && you() && !s.pic.game.confirmed?.[you()];

  async function load() {
    try {
      const pic = await get(`/api/games/${id}`);
      pic.receivedAt = Date.now();
      await accept(pic);
    } catch (e) {
      root.replaceChildren(h("p", { class: "refusal", role: "alert" }, `Cannot open game ${id}: ${e.message}`));
      s.closed = true;
    }
  }

  async function accept(pic) {
    if (s.closed) return;
    s.pic = pic;
    let legal = null;
    if (pic.view && you() && active()) {
      try {
        legal = await get(`/api/games/${id}/legal`);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
    }
    if (s.pic !== pic || s.closed) return; // a newer picture arrived meanwhile
    // A turn is played back when the picture shows a later turn than the one on screen.
    const shown = s.shown;
    const newTurn = !!(shown && pic.view && pic.view.turn !== shown.turn);
    s.orders = Array.isArray(pic.orders) ? pic.orders : [];
    if (newTurn) {
      s.mode = null;
      s.chooser = null;
      s.refusal = "";
    }
    s.legal = legal;
    s.shown = pic.view;
    render();
    layout.dataset.turn = pic.view?.turn ?? "";
    layout.dataset.ready = String(!!pic.view && (!!s.legal || !you() || !active()));
    if (pic.view && (newTurn || !s.playback)) startPlayback(shown || pic.view, pic.events || [], newTurn);
  }

  function startPlayback(prev, events, animate) {
    s.playback?.stopTimer();
    const names = namer([prev, s.pic.view], app.cards);
    s.playback = new Playback({
      board: s.board, logEl: $("#log"), statusEl: $("#pb-status"), events, names, onDone: playbackDone,
      drawBefore: animate ? () => drawGameBoard(prev) : null,
      drawAfter: () => drawGameBoard(s.pic.view),
    });
    if (animate) s.playback.play();
    else s.playback.finish();
    syncToggle();
    showBanner();
    renderSide();
  }

  /// While a turn is played back the board, and the selection box with it, show the
  /// game as it stood before the turn; orders on the board wait for the end (or a skip).
  const playingBack = () => !!s.playback?.animating;

  function playbackDone() {
    syncToggle();
    showBanner();
    if (s.pic?.view) renderSide();
  }

  function showBanner() {
    if (!s.pic) return;
    const { game, view } = s.pic;
    const over = view?.outcome || game.status === "finished";
    $("#banner").replaceChildren(over ? h("span", { id: "outcome" }, outcomeText())
      : playingBack() ? `Playing back turn ${s.drawn?.turn ?? ""}… (Skip to end to give orders)` : "");
  }

  /// Draws a view's board and wires its clicks and drops.
  function drawGameBoard(view) {
    s.drawn = view;
    s.board = drawBoard($("#board"), view, you());
    wireBoard();
    highlight();
    return s.board;
  }

  function togglePlay() {
    if (!s.playback) return;
    if (s.playback.playing) s.playback.pause();
    else if (s.playback.i >= s.playback.events.length) s.playback.replay();
    else s.playback.play();
    syncToggle();
  }

  function syncToggle() {
    $("#pb-toggle").textContent = s.playback?.playing ? "Pause" : "Play";
  }

  function render() {
    const { game, view } = s.pic;
    if (!view) {
      $("#banner").textContent = game.status === "open" ? "Waiting for an opponent to join…" : "";
      $("#status").replaceChildren(statusBox());
      return;
    }
    // While a turn is animated its board stays; the playback draws this one at its end.
    if (!s.playback?.animating) {
      drawGameBoard(view);
      if (s.playback) s.playback.board = s.board;
    }
    showBanner();
    $("#status").replaceChildren(statusBox());
    renderSide();
  }

  function outcomeText() {
    if (!s.pic) return "";
    const g = s.pic.game;
    const winner = g.winner || s.pic.view?.outcome?.winner;
    const who = winner ? (winner === you() ? "You win" : `${winner} wins`) : "A draw";
    return `Game over: ${who}${g.end_reason ? ` (${g.end_reason.replaceAll("_", " ")})` : ""}.`;
  }

  function renderSide() {
    if (!s.pic) return; // nothing to show before the first picture arrives
    const view = s.pic.view;
    $("#selection").replaceChildren(selection({
      view: s.drawn || view, sel: s.sel, legal: playingBack() ? null : s.legal, orders: s.orders, cards: app.cards, chooser: s.chooser,
      picked: s.mode?.type === "card" ? s.mode.card : null,
      onTrain: (at, into) => give([...s.orders, { kind: "train", at, into }]),
      onTownMana: (at, mana) => give([...s.orders.filter((o) => !(o.kind === "town_mana" && sameAt(o.at, at))), { kind: "town_mana", at, mana }]),
      onChoose: (card, t) => { s.chooser = null; if (card) cast(card, t); else renderSide(); },
    }));
    if (view.me) {
      $("#hand").replaceChildren(hand({
        me: view.me, cards: app.cards, orders: s.orders, legal: s.legal, editable: editable(), picked: s.mode?.card,
        onPick: (card) => pickCard(card),
        onDiscard: (card) => give([...s.orders, { kind: "discard", card }]),
        onDragStart: (card, down) => dragCard(card, down),
      }));
    } else {
      $("#hand").replaceChildren(h("p", { class: "muted" }, "You are watching this game."));
    }
    $("#orders").replaceChildren(orderList({ orders: s.orders, cards: app.cards, editable: editable(), onWithdraw: (i) => give(s.orders.filter((_, j) => j !== i)) }));
    $("#refusal").textContent = s.refusal;
    const c = $("#confirm");
    const g = s.pic.game;
    c.disabled = !editable();
    c.hidden = !you();
    const opp = you() === "red" ? "blue" : "red";
    $("#confirm-state").textContent = !active() ? "" : g.confirmed?.[you()] ? "Confirmed — waiting for the turn to resolve." : "";
    $("#confirm-state").dataset.opponentConfirmed = String(!!g.confirmed?.[opp]);
  }

  function statusBox() {
    const { game, view } = s.pic;
    const names = (side) => game.players?.[side]?.name || "open seat";
    const me = view?.me;
    const opp = view?.opponent;
    const yours = you();
    const other = yours === "red" ? "blue" : "red";
    const lines = [
      h("p", { class: "turn" }, `Game ${game.id} · turn ${view?.turn ?? "–"} · `, h("span", { id: "clock" }, clockText())),
      h("p", {}, h("span", { class: "side red" }, `red: ${names("red")}`), " vs ", h("span", { class: "side blue" }, `blue: ${names("blue")}`),
        yours ? ` — you play ${yours}` : " — watching"),
    ];
    if (me) {
      lines.push(h("p", { id: "mana" }, `Mana: ${manaText(me.mana)}`),
        h("p", {}, `Deck ${me.deck_size} · Whirlpool: ${me.whirlpool.length ? me.whirlpool.map((c) => cardName(app.cards, c)).join(", ") : "empty"}`));
    }
    if (opp) lines.push(h("p", {}, `Opponent: ${opp.hand_size} cards in hand, deck ${opp.deck_size}, Whirlpool ${opp.whirlpool_size}, mana ${manaText(opp.mana)}`));
    if (view?.players) view.players.forEach((p, i) => lines.push(h("p", {}, `${i ? "blue" : "red"}: ${p.hand_size} in hand, deck ${p.deck_size}, mana ${manaText(p.mana)}`)));
    if (yours && game.status === "active") {
      lines.push(h("p", { id: "opponent-confirmed" }, game.confirmed?.[other] ? "Your opponent has confirmed." : "Your opponent has not confirmed yet."));
    }
    return h("div", {}, lines);
  }

  function clockText() {
    const g = s.pic?.game;
    if (!g || g.status !== "active" || g.deadline_ms == null) return g?.status === "finished" ? "finished" : "";
    const left = Math.max(0, g.time_left_ms - (Date.now() - (s.pic.receivedAt || Date.now())));
    const secs = Math.ceil(left / 1000);
    return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")} left`;
  }

  function wireBoard() {
    const svg = s.board.svg;
    const resolve = (target) => {
      const globe = target.closest("[data-target=globe]");
      if (globe) return { globe: true };
      const g = target.closest("[data-group]");
      if (g) {
        const gr = s.drawn?.groups.find((x) => String(x.id) === g.dataset.group);
        return gr ? { at: gr.at, group: gr } : null;
      }
      const q = target.closest("[data-square]");
      return q ? { at: q.dataset.square.split(",").map(Number) } : null;
    };
    svg.addEventListener("click", (e) => {
      const hit = resolve(e.target);
      if (hit) clickTarget(hit);
    });
    svg.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const hit = resolve(e.target);
      if (hit) {
        e.preventDefault();
        clickTarget(hit);
      }
    });
    s.resolveHit = resolve;
  }

  /// A card dragged from the hand (drag.js): its targets light up, the one under the
  /// pointer is marked, and releasing on the board casts it there (or asks which target
  /// on that square); releasing anywhere else puts it back.
  function dragCard(card, down) {
    if (!editable() || playingBack()) return;
    const onBoard = (el) => (el && s.board?.svg.contains(el) ? s.resolveHit?.(el) : null);
    const mark = (hit) => {
      s.board?.svg.querySelectorAll(".drop-over").forEach((x) => x.classList.remove("drop-over"));
      if (!hit || !targetsAt(card, hit).length) return;
      (hit.globe ? s.board.globe : s.board.squares.get(key(hit.at)))?.classList.add("drop-over");
    };
    const putBack = () => {
      mark(null);
      s.mode = null;
      highlight();
      renderSide();
    };
    followCardDrag(down, cardName(app.cards, card), {
      begin: () => {
        s.mode = { type: "card", card };
        s.chooser = null;
        s.refusal = "";
        highlight();
      },
      over: (el) => mark(onBoard(el)),
      drop: (el) => {
        mark(null);
        const hit = onBoard(el);
        if (hit) dropCard(card, hit);
        else putBack();
      },
      cancel: putBack,
    });
  }

  function castInfo(card) {
    return s.legal?.casts?.find((c) => c.card === card);
  }

  function targetsAt(card, hit) {
    const info = castInfo(card);
    if (!info) return [];
    return info.affordable.filter((t) => (hit.globe ? t.type === "globe" : t.type !== "globe" && sameAt(t.at, hit.at)));
  }

  function dropCard(card, hit) {
    const targets = targetsAt(card, hit);
    s.mode = null;
    if (!targets.length) {
      s.refusal = `${cardName(app.cards, card)} cannot be cast there.`;
      highlight();
      renderSide();
      return;
    }
    if (targets.length === 1) cast(card, targets[0]);
    else {
      s.chooser = { card, targets };
      highlight();
      renderSide();
    }
  }

  function pickCard(card) {
    if (!editable() || playingBack()) return;
    s.mode = s.mode?.card === card ? null : { type: "card", card };
    s.chooser = null;
    s.refusal = "";
    highlight();
    renderSide();
  }

  function clickTarget(hit) {
    if (s.mode?.type === "card") return dropCard(s.mode.card, hit);
    if (s.mode?.type === "move" && !hit.globe) {
      const from = s.mode.from;
      const m = s.legal?.moves?.find((x) => sameAt(x.from, from));
      s.mode = null;
      if (m && m.to.some((t) => sameAt(t, hit.at))) {
        give([...s.orders.filter((o) => !(o.kind === "move" && sameAt(o.from, from))), { kind: "move", from, to: hit.at }]);
        return;
      }
    }
    s.sel = hit.globe ? { globe: true } : { at: hit.at };
    if (hit.group && editable() && !playingBack() && hit.group.owner === you()) {
      const m = s.legal?.moves?.find((x) => sameAt(x.from, hit.group.at));
      if (m) s.mode = { type: "move", from: hit.group.at };
    }
    highlight();
    renderSide();
  }

  function highlight() {
    if (!s.board) return;
    for (const g of s.board.squares.values()) {
      g.classList.remove("target", "selected");
      g.removeAttribute("tabindex");
    }
    s.board.globe.classList.remove("target");
    s.board.overlay.querySelectorAll(".order-arrow").forEach((a) => a.remove());
    for (const o of s.orders) if (o.kind === "move") arrow(s.board, o.from, o.to);
    if (s.sel?.at) s.board.squares.get(key(s.sel.at))?.classList.add("selected");
    let lit = [];
    if (s.mode?.type === "card") lit = castInfo(s.mode.card)?.affordable || [];
    if (s.mode?.type === "move") lit = (s.legal?.moves?.find((x) => sameAt(x.from, s.mode.from))?.to || []).map((at) => ({ at }));
    if (s.chooser) lit = s.chooser.targets;
    for (const t of lit) {
      if (t.type === "globe") s.board.globe.classList.add("target");
      else {
        // Lit squares join the tab order, so a keyboard can pick them with Enter.
        const q = s.board.squares.get(key(t.at));
        q?.classList.add("target");
        q?.setAttribute("tabindex", "0");
        q?.setAttribute("role", "button");
      }
    }
    s.board.svg.classList.toggle("targeting", lit.length > 0);
  }

  function cast(card, target) {
    give([...s.orders, { kind: "cast", card, target }]);
  }

  async function give(orders) {
    s.mode = null;
    s.chooser = null;
    try {
      await put(`/api/games/${id}/orders`, { orders });
      s.orders = orders;
      s.refusal = "";
      s.legal = await get(`/api/games/${id}/legal`);
    } catch (e) {
      s.refusal = e.details?.message ? `Refused: ${e.details.message} (${e.details.reason})` : `Refused: ${e.message}`;
    }
    highlight();
    renderSide();
  }

  async function confirm() {
    const turn = s.pic?.view?.turn;
    $("#confirm").disabled = true;
    try {
      await post(`/api/games/${id}/confirm`);
      // The turn may have resolved (and been pushed) before this answer arrived.
      if (s.pic?.view?.turn === turn) s.pic.game.confirmed = { ...s.pic.game.confirmed, [you()]: true };
      s.mode = null;
      renderSide();
    } catch (e) {
      s.refusal = `Not confirmed: ${e.message}`;
      renderSide();
    }
  }

  // The socket learns its viewer's side when it opens; one opened while the game was
  // open is opened again once the game has started, and the player's picture is taken
  // from the API meanwhile.
  const onPush = (msg) => {
    if (!msg.game || s.closed) return;
    msg.receivedAt = Date.now();
    if (!msg.view && s.pic?.view) return;
    const started = msg.view && s.pic && !s.pic.view;
    if (started || (!msg.game.you && s.pic?.game?.you)) {
      if (started) {
        socket.close();
        socket = openSocket(id, onPush);
      }
      get(`/api/games/${id}`).then((pic) => accept({ ...pic, receivedAt: Date.now() }), (e) => console.warn(e));
      return;
    }
    accept(msg).catch((e) => console.warn(e));
  };
  let socket = openSocket(id, onPush);

  // Esc drops the card or group in hand.
  const onKey = (e) => {
    if (e.key !== "Escape" || (!s.mode && !s.chooser)) return;
    s.mode = null;
    s.chooser = null;
    highlight();
    renderSide();
  };
  document.addEventListener("keydown", onKey);

  s.timer = setInterval(() => {
    const c = layout.querySelector("#clock");
    if (c) c.textContent = clockText();
  }, 1000);

  load();
  return () => {
    s.closed = true;
    document.removeEventListener("keydown", onKey);
    socket.close();
    clearInterval(s.timer);
    s.playback?.stopTimer();
  };
}
