// Dragging a card from the hand onto the board with any pointer — mouse, pen or finger —
// through Pointer Events (the HTML drag-and-drop API has no touch support). A press
// that moves less than SLOP pixels stays a click, so click-then-target works as well.
// While dragging, a small label follows the pointer and `over` is told which element is
// under it; on release `drop` gets that element (the label never catches the pointer).

const SLOP = 6;

/// Starts following a pointer pressed on a card. `hooks`: begin() when the drag starts,
/// over(element) while it moves, drop(element) on release, cancel() if the browser
/// takes the pointer away.
export function followCardDrag(down, label, hooks) {
  if (down.pointerType === "mouse" && down.button !== 0) return;
  const id = down.pointerId;
  const x0 = down.clientX;
  const y0 = down.clientY;
  let ghost = null;
  const under = (e) => document.elementFromPoint(e.clientX, e.clientY);
  const place = (e) => {
    ghost.style.transform = `translate(${e.clientX + 8}px, ${e.clientY + 8}px)`;
  };
  const move = (e) => {
    if (e.pointerId !== id) return;
    if (!ghost) {
      if (Math.hypot(e.clientX - x0, e.clientY - y0) < SLOP) return;
      ghost = document.createElement("div");
      ghost.className = "drag-ghost";
      ghost.textContent = label;
      ghost.setAttribute("aria-hidden", "true");
      document.body.append(ghost);
      hooks.begin();
    }
    e.preventDefault();
    place(e);
    hooks.over(under(e));
  };
  const stop = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    ghost?.remove();
  };
  const up = (e) => {
    if (e.pointerId !== id) return;
    stop();
    if (!ghost) return; // a click: the card's own click handler picks it
    swallowNextClick();
    hooks.drop(under(e));
  };
  const cancel = (e) => {
    if (e.pointerId !== id) return;
    stop();
    if (ghost) hooks.cancel();
  };
  window.addEventListener("pointermove", move, { passive: false });
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}

/// A mouse release after a drag may still fire a click on the card or the board; the
/// drop has already been handled, so that click is dropped.
function swallowNextClick() {
  const eat = (e) => {
    e.stopPropagation();
    e.preventDefault();
  };
  window.addEventListener("click", eat, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", eat, { capture: true }), 0);
}
