// Moving checkers by hand: drag one (mouse or touch, pointer events) to a highlighted point,
// or tap it and then the point (a tap or a drop a little beside a legal spot counts for the
// nearest one, within a finger's reach: Board.nearest); from the keyboard, Tab (or the
// arrow keys) through the movable checkers, Enter to pick one, Tab/arrows to a
// destination, Enter to move, Escape to put it back.
//
// While a checker is dragged only its transform changes, once a frame
// (requestAnimationFrame): the screen-to-board matrix is read once when the finger goes
// down, nothing is laid out or redrawn per frame.

import { Board } from "./board.js";

const SLOP = 6; // px the pointer moves before a press becomes a drag

// `game` answers: movable() (null: not now), selected(), select(src), lift(src) -> {node,
// at}, drop(src, dst, node, at), putBack(src, node, at), moveTo(src, dst).
export class Hand {
  constructor(board, game) {
    this.board = board;
    this.game = game;
    this.press = null;
    this.frame = 0;
    const el = board.el;
    el.addEventListener("pointerdown", (e) => this.down(e));
    el.addEventListener("pointermove", (e) => this.move(e));
    el.addEventListener("pointerup", (e) => this.up(e));
    el.addEventListener("pointercancel", () => this.cancel());
    el.addEventListener("lostpointercapture", () => this.cancel());
    el.addEventListener("keydown", (e) => this.key(e));
  }

  get dragging() {
    return Boolean(this.press && this.press.node);
  }

  down(e) {
    if (!e.isPrimary || e.button > 0 || this.press) return;
    const movable = this.game.movable();
    if (!movable) return;
    const matrix = this.board.matrix();
    const [x, y] = Board.toBoard(matrix, e.clientX, e.clientY);
    const spot = this.board.pointAt(x, y);
    const selected = this.game.selected();
    const targets = selected !== null && movable[selected] ? movable[selected] : {};
    let target = spot !== null && targets[spot] !== undefined ? spot : null;
    let src = spot !== null && movable[spot] && (spot !== 25 || y > this.board.L.mid_y) ?
      spot : null;
    if (target === null && src === null) { // beside every spot: the nearest legal one
      const view = this.board.view;
      target = this.board.nearest(view, Object.keys(targets).map(Number), x, y, true);
      if (target === null) src = this.board.nearest(view, Object.keys(movable).map(Number), x, y,
        false);
    }
    if (target === null && src === null) {
      if (selected !== null) this.game.select(null);
      return;
    }
    e.preventDefault();
    try {
      this.board.el.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer: the board still sees its moves
    }
    this.press = { id: e.pointerId, matrix, src, target, selected, startX: e.clientX,
      startY: e.clientY, x, y, touch: e.pointerType === "touch", node: null, at: null };
  }

  move(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    [press.x, press.y] = Board.toBoard(press.matrix, e.clientX, e.clientY);
    if (!press.node) {
      if (press.src === null) return;
      if (Math.hypot(e.clientX - press.startX, e.clientY - press.startY) < SLOP) return;
      const { node, at } = this.game.lift(press.src);
      press.node = node;
      press.at = at;
      press.grab = [at[0] - press.x, at[1] - press.y];
    }
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paint());
  }

  // Where the dragged checker is drawn: where it was grabbed, a little above a finger.
  spot(press) {
    const lift = press.touch ? this.board.R * 1.2 : 0;
    return [press.x + press.grab[0] * 0.3, press.y + press.grab[1] * 0.3 - lift];
  }

  paint() {
    this.frame = 0;
    const press = this.press;
    if (!press || !press.node) return;
    const [x, y] = this.spot(press);
    Board.place(press.node, x, y);
    press.at = [x, y];
  }

  up(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    this.press = null;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (press.node) {
      const [x, y] = this.spot(press);
      const movable = this.game.movable() || {};
      const legal = (point) => point !== null && movable[press.src]?.[point] !== undefined;
      let dst = this.board.pointAt(x, y);
      if (!legal(dst)) dst = this.board.pointAt(press.x, press.y); // the finger's own spot
      if (!legal(dst)) { // let go beside a destination: the nearest one within reach
        const near = this.board.nearest(this.board.view,
          Object.keys(movable[press.src] || {}).map(Number), x, y, true);
        if (near !== null) dst = near;
      }
      if (dst !== null && movable[press.src]?.[dst] !== undefined) {
        this.game.drop(press.src, dst, press.node, [x, y]);
      } else {
        this.game.putBack(press.src, press.node, [x, y], dst !== press.src);
      }
      return;
    }
    if (press.target !== null) this.game.moveTo(press.selected, press.target);
    else this.game.select(press.src === press.selected ? null : press.src);
  }

  cancel() {
    const press = this.press;
    if (!press) return;
    this.press = null;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (press.node) this.game.putBack(press.src, press.node, press.at, false);
  }

  key(e) {
    const node = e.target;
    if (!(node instanceof SVGElement) || !node.classList.contains("hit")) return;
    const isTarget = node.classList.contains("target");
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (isTarget) {
        this.game.moveTo(this.game.selected(), Number(node.dataset.dst));
      } else {
        const src = Number(node.dataset.src);
        this.game.select(src === this.game.selected() ? null : src);
        this.focus(".hit.target") || this.focus(`.hit.movable[data-src="${src}"]`);
      }
    } else if (e.key === "Escape" && this.game.selected() !== null) {
      e.preventDefault();
      const src = this.game.selected();
      this.game.select(null);
      this.focus(`.hit.movable[data-src="${src}"]`);
    } else if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const all = [...this.board.el.querySelectorAll(isTarget ? ".hit.target" : ".hit.movable")];
      const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
      const next = all[(all.indexOf(node) + step + all.length) % all.length];
      if (next) next.focus();
    }
  }

  focus(selector) {
    const node = this.board.el.querySelector(selector);
    if (node) node.focus();
    return Boolean(node);
  }
}
